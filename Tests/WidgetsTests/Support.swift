@testable import Widgets

/// A deterministic measurer: each grapheme is 0.6·size wide, CJK and emoji 1.0·size; ascent
/// 0.8·size, descent 0.2·size, line height 1.2·size. Counts its calls.
final class FakeMeasurer: TextMeasurer {
    var widthCalls = 0
    var measured: [String] = []

    static func isWide(_ c: Character) -> Bool {
        guard let s = c.unicodeScalars.first else { return false }
        if s.properties.isEmojiPresentation || c.unicodeScalars.count > 1 && c.unicodeScalars.contains(where: { $0.properties.isEmoji && $0.value > 0xFF }) {
            return true
        }
        switch s.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    func lineMetrics(_ font: FontSpec) -> LineMetrics {
        LineMetrics(ascent: 0.8 * font.size, descent: 0.2 * font.size, lineHeight: 1.2 * font.size)
    }

    func width(of text: Substring, font: FontSpec) -> Double {
        widthCalls += 1
        measured.append(String(text))
        return text.reduce(0) { $0 + (Self.isWide($1) ? 1.0 : 0.6) * font.size }
    }
}

/// Font used throughout the tests: 10 px, so a narrow grapheme is 6 px wide and a line is 12 px.
let f10 = FontSpec(role: .ui, size: 10)
let a10 = TextAttributes(font: f10)

func styled(_ s: String) -> StyledText { StyledText(s, attributes: a10) }

/// A widget with a fixed preferred size that counts layouts.
final class Box: Widget {
    var preferred: Size { didSet { if preferred != oldValue { setNeedsLayout() } } }
    var color = Color.white { didSet { if color != oldValue { setNeedsPaint() } } }
    var mouseDowns: [Point] = []
    var drags: [Point] = []
    var ups: [Point] = []
    var consumesMouse = true
    var focusable = false

    init(_ width: Double, _ height: Double) {
        preferred = Size(width: width, height: height)
        super.init()
    }

    override var isFocusable: Bool { focusable }
    override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        var size = preferred
        for child in children {
            child.layout(constraints.loosened, context)
            place(child, at: .zero)
        }
        size = constraints.constrain(size)
        return size
    }
    override func paint(_ context: inout PaintContext) { context.fill(bounds, color) }
    override func mouseDown(_ event: MouseEvent) -> Bool { mouseDowns.append(event.position); return consumesMouse }
    override func mouseDragged(_ event: MouseEvent) { drags.append(event.position) }
    override func mouseUp(_ event: MouseEvent) { ups.append(event.position) }
}

@MainActor
func makeHost(_ root: Widget, width: Double = 400, height: Double = 300, clipboard: MemoryClipboard = MemoryClipboard()) -> (WidgetHost, FakeMeasurer) {
    let measurer = FakeMeasurer()
    let host = WidgetHost(root: root, size: Size(width: width, height: height), measurer: measurer, clipboard: clipboard)
    host.layoutIfNeeded()
    var list = DrawList()
    host.paint(into: &list)
    return (host, measurer)
}

@MainActor
func layoutContext() -> (LayoutContext, FakeMeasurer) {
    let m = FakeMeasurer()
    return (LayoutContext(measurer: m, textCache: TextLayoutCache()), m)
}

extension InputEvent {
    static func down(_ x: Double, _ y: Double, clicks: Int = 1, _ mods: Modifiers = []) -> InputEvent {
        .mouseDown(MouseEvent(position: Point(x: x, y: y), clickCount: clicks, modifiers: mods))
    }
    static func up(_ x: Double, _ y: Double) -> InputEvent { .mouseUp(MouseEvent(position: Point(x: x, y: y))) }
    static func move(_ x: Double, _ y: Double) -> InputEvent { .mouseMove(MouseEvent(position: Point(x: x, y: y))) }
    static func key(_ k: Key, _ mods: Modifiers = []) -> InputEvent { .keyDown(KeyEvent(k, modifiers: mods)) }
}
