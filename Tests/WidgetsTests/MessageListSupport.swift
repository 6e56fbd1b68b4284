@testable import Widgets

/// A model for the message list tests: rows numbered `first..<first + count` with ids `mN`
/// (or a special id such as `unread-marker`), text from the number, laid out by the fake
/// measurer at 10 px (6 px per character, 12 px per line; 66 characters per line at 400 px).
@MainActor
final class TestRows: MessageListDataSource {
    var first: Int
    var count: Int
    /// All rows one short line (12 px, equal to the estimate) instead of 1–3 lines.
    var uniform: Bool
    var specialIDs: [Int: String] = [:]
    var edited: [Int: String] = [:]
    var layoutCalls = 0
    var estimatedRowHeight = 12.0

    init(first: Int = 0, count: Int, uniform: Bool = false) {
        self.first = first
        self.count = count
        self.uniform = uniform
    }

    var rowCount: Int { count }

    func number(at index: Int) -> Int { first + index }

    func rowID(at index: Int) -> String {
        let n = number(at: index)
        return specialIDs[n] ?? "m\(n)"
    }

    func index(ofRowID id: String) -> Int? {
        if let special = specialIDs.first(where: { $0.value == id }) {
            let index = special.key - first
            return (0..<count).contains(index) ? index : nil
        }
        guard id.hasPrefix("m"), let n = Int(id.dropFirst()) else { return nil }
        let index = n - first
        return (0..<count).contains(index) && specialIDs[n] == nil ? index : nil
    }

    /// The displayed text of row number `n`.
    func text(_ n: Int) -> String {
        if let edit = edited[n] { return edit }
        if uniform { return "<a> row \(n)" }
        let nick = "<nick\(n % 3)> "
        switch n % 5 {
        case 0: return nick + "short \(n)"
        case 1: return nick + String(repeating: "wrapping words ", count: 6) + "\(n)"      // 2 lines
        case 2: return nick + "a medium message number \(n)"
        case 3: return nick + String(repeating: "a longer line ", count: 12) + "\(n)"     // 3 lines
        default: return nick + "hi \(n)"
        }
    }

    func layoutRow(at index: Int, width: Double, context: LayoutContext) -> MessageRowLayout {
        layoutCalls += 1
        let layout = context.layoutText(styled(text(number(at: index))), maxWidth: width)
        return MessageRowLayout(height: layout.size.height, text: layout)
    }

    func plainText(at index: Int) -> String { "[12:01] " + text(number(at: index)) }

    // Model changes (the caller notifies the list).
    func append(_ k: Int) { count += k }
    func prepend(_ k: Int) { first -= k; count += k }
    func trim(_ k: Int) { first += k; count -= k }
}

/// Advances the host's clock frame by frame (60 fps by default) up to `end`, calling `each`
/// after every frame.
@MainActor
func runFrames(_ host: WidgetHost, until end: Double, fps: Double = 60, each: ((Double) -> Void)? = nil) {
    var frame = (host.now.seconds * fps).rounded(.down) + 1
    while frame / fps <= end + 1e-9 {
        host.advance(to: FrameTime(seconds: frame / fps))
        each?(frame / fps)
        frame += 1
    }
    if host.now.seconds < end { host.advance(to: FrameTime(seconds: end)) }
}

/// A list showing `rows` in a 400×300 host.
@MainActor
func makeList(_ rows: TestRows, width: Double = 400, height: Double = 300,
              clipboard: MemoryClipboard = MemoryClipboard()) -> (MessageListView, WidgetHost) {
    let list = MessageListView()
    list.dataSource = rows
    let (host, _) = makeHost(list, width: width, height: height, clipboard: clipboard)
    return (list, host)
}

extension MessageListView {
    /// The screen top (viewport coordinates) of the row with `id`, from the height index.
    func screenTop(of id: String) -> Double? {
        guard let index = dataSource?.index(ofRowID: id) else { return nil }
        _ = metrics   // apply pending changes
        return rowTop(index) - y
    }

    /// The rest position of the running fling, if any.
    var kineticRestPosition: Double? {
        if case .kinetic(let motion, _) = motion { return motion.restPosition }
        return nil
    }
}

extension InputEvent {
    static func touchpad(_ pixels: Double) -> InputEvent {
        // `scroll DY` semantics: y changes by DY, so the precise wheel delta is -DY.
        .wheel(WheelEvent(position: Point(x: 100, y: 100), dy: -pixels, isNotched: false))
    }
    static func notch(_ notches: Double) -> InputEvent {
        // Positive `wheel N` scrolls towards newer messages: SDL's dy is -N.
        .wheel(WheelEvent(position: Point(x: 100, y: 100), dy: -notches, isNotched: true))
    }
    static func finger(_ phase: Int, _ x: Double, _ y: Double) -> InputEvent {
        let t = TouchEvent(fingerID: 1, position: Point(x: x, y: y))
        return phase == 0 ? .fingerDown(t) : phase == 1 ? .fingerMove(t) : .fingerUp(t)
    }
}
