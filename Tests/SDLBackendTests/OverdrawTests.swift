@testable import SDLBackend
import Testing
import Widgets

/// Skipping commands that later opaque fills cover (Painter.overdrawnCommands) must not change
/// a single pixel.
@Suite(.serialized)
@MainActor
struct OverdrawTests {
    let fonts: FontLibrary

    init() throws {
        try SDLRuntime.startHeadless()
        fonts = try FontLibrary()
    }

    static let window = Rect(x: 0, y: 0, width: 200, height: 120)
    static let base = Color(rgb: 0x101010), panel = Color(rgb: 0x303030), side = Color(rgb: 0x205020)

    /// A window background tiled by two panes, under a clear colour, then text on a pane.
    static func panes() -> [DrawCommand] {
        [.pushClip(window),
         .fillRect(window, Color(rgb: 0)),                                    // 1: clear colour
         .fillRect(window, base),                                             // 2: screen background
         .fillRect(Rect(x: 0, y: 0, width: 60, height: 120), side),           // 3: sidebar
         .fillRect(Rect(x: 60, y: 0, width: 140, height: 120), panel),        // 4: centre
         .fillRect(Rect(x: 70, y: 10, width: 20, height: 20), Color(r: 255, g: 0, b: 0, a: 128)),
         .text(TextDraw(text: "hello", origin: Point(x: 70, y: 40), font: FontSpec(size: 14), color: Color(rgb: 0xFFFFFF))),
         .popClip]
    }

    @Test func backgroundsUnderTheUnionOfLaterFillsAreSkipped() throws {
        let canvas = try OffscreenCanvas(width: 200, height: 120, fonts: fonts)
        let skipped = canvas.painter.overdrawnCommands(Self.panes())
        #expect(skipped == [false, true, true, false, false, false, false, false])
    }

    /// A rounded rectangle's anti-aliased bottom row lies below its rounded pixel rectangle: a
    /// clip holding only that row must still draw it (a scroll bar thumb lost its edge when a
    /// damaged strip started there).
    @Test func aRoundedRectangleIsNotSkippedWhereOnlyItsEdgeShows() throws {
        let thumb = Rect(x: 20, y: 10, width: 8, height: 30.4)          // bottom edge at 40.4
        let commands: [DrawCommand] = [.pushClip(Rect(x: 0, y: 40, width: 60, height: 10)),
                                       .fillRect(Rect(x: 0, y: 0, width: 60, height: 60), Color(rgb: 0x202020)),
                                       .roundedRect(thumb, radius: 4, Color(r: 200, g: 200, b: 220, a: 200)),
                                       .popClip]
        let canvas = try OffscreenCanvas(width: 60, height: 60, fonts: fonts)
        #expect(canvas.painter.overdrawnCommands(commands) == [false, false, false, false])
        var list = DrawList()
        for command in commands { list.append(command) }
        canvas.painter.execute(list)
        #expect(canvas.snapshot().color(x: 24, y: 40) != Color(rgb: 0x202020))
    }

    @Test func skippingIsPixelIdenticalOnRandomScenes() throws {
        var rng = SplitMix(seed: 99)
        let palette = [Color(rgb: 0x101010), Color(rgb: 0x303030), Color(rgb: 0xC0C0C0), Color(r: 200, g: 40, b: 40, a: 255),
                       Color(r: 40, g: 200, b: 40, a: 120), Color(r: 40, g: 40, b: 200, a: 1)]
        func rect() -> Rect {
            let x = Double(rng.next(200)) - 20, y = Double(rng.next(120)) - 20
            return Rect(x: x, y: y, width: Double(rng.next(160)) + 0.5, height: Double(rng.next(100)) + 0.25)
        }
        for _ in 0..<60 {
            var commands: [DrawCommand] = Self.panes()
            var depth = 0
            for _ in 0..<40 {
                switch rng.next(9) {
                case 0: commands.append(.pushClip(rect())); depth += 1
                case 1 where depth > 0: commands.append(.popClip); depth -= 1
                case 2: commands.append(.text(TextDraw(text: "Natter 👍", origin: rect().origin, font: FontSpec(size: 13),
                                                       color: palette[rng.next(palette.count)],
                                                       background: rng.next(2) == 0 ? palette[rng.next(palette.count)] : nil,
                                                       underline: rng.next(2) == 0)))
                case 3: commands.append(.roundedRect(rect(), radius: 6, palette[rng.next(palette.count)]))
                case 4: commands.append(.strokeRect(rect(), width: 2, palette[rng.next(palette.count)]))
                case 5: let r = rect(); commands.append(.line(from: r.origin, to: Point(x: r.maxX, y: r.maxY), width: 1,
                                                              palette[rng.next(palette.count)]))
                default: commands.append(.fillRect(rect(), palette[rng.next(palette.count)]))
                }
            }
            for _ in 0..<depth { commands.append(.popClip) }
            var list = DrawList()
            for command in commands { list.append(command) }
            let skipped = try OffscreenCanvas(width: 200, height: 120, fonts: fonts)
            let all = try OffscreenCanvas(width: 200, height: 120, fonts: fonts)
            skipped.painter.clear(Color(rgb: 0x777777))
            all.painter.clear(Color(rgb: 0x777777))
            skipped.painter.execute(list, skippingOverdraw: true)
            all.painter.execute(list, skippingOverdraw: false)
            #expect(skipped.snapshot().pixels == all.snapshot().pixels)
        }
    }
}

/// A small seeded PRNG for the random scenes.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
