import ChatModel
import CSDL2
import Foundation
import IRCProtocol
import IRCSession
import NatterTestSupport
import NatterUI
import SDLBackend
import Testing
import Widgets

/// The window paints only what changed and moves the message list's pixels when its rows
/// scroll (``WidgetHost/scroll(_:by:below:)``). These tests drive the real chat screen through
/// a seeded mix of traffic, scrolling, hovering, selecting, buffer switches and resizes, paint
/// every frame incrementally on one canvas and completely on another, and require the two to
/// be identical pixel for pixel after every frame.
@MainActor
@Suite(.serialized)
struct IncrementalPaintTests {
    @Test(arguments: [(seed: UInt64(1), scale: 1.0), (seed: 2, scale: 2.0), (seed: 5, scale: 1.5)])
    func incrementalFramesMatchFullRepaints(seed: UInt64, scale: Double) throws {
        let stage = try ChatStage(width: 760, height: 480, scale: scale, scrollbackCap: 120)
        var random = SplitMix64(seed: seed)
        var scrolledFrames = 0
        for step in 0..<200 {
            let action = stage.randomAction(&random)
            for frame in 0..<action.frames {
                let counts = stage.frame()
                scrolledFrames += counts.scrolls > 0 ? 1 : 0
                try stage.compare(label: "seed \(seed) scale \(scale) step \(step) (\(action.name)) frame \(frame)")
            }
        }
        // The comparison above means something only if pixels were really moved.
        #expect(scrolledFrames > 40, "only \(scrolledFrames) frames moved pixels")
    }

    /// A pinned list receiving one line moves the rows and repaints only the new strip, the
    /// scroll bar column and nothing else.
    @Test func aLineWhilePinnedRepaintsOnlyTheUncoveredStrip() throws {
        let stage = try ChatStage(width: 760, height: 480, scale: 1, scrollbackCap: 500)
        for n in 0..<60 { stage.receive(stage.privmsg(from: "user\(n % 5)", "line \(n) of the warm-up")) }
        _ = stage.frame()
        stage.receive(stage.privmsg(from: "alice", "one more line"))
        let counts = stage.frame()
        #expect(counts.scrolls == 1)
        let list = stage.screen.messages.windowFrame
        let painted = counts.damage.reduce(0) { $0 + $1.area }
        #expect(painted < list.area / 5, "repainted \(painted) px² of a \(list.area) px² list")
        try stage.compare(label: "one line while pinned")
    }
}

/// The chat screen with its model and controller, drawn on two canvases: `incremental` gets
/// each frame's damage (and pixel moves), `full` the whole window every frame.
@MainActor
final class ChatStage {
    static let network = "TestNet"
    static let epoch = Date(timeIntervalSince1970: 1_795_000_000)
    static let fonts: FontLibrary? = {
        try? SDLRuntime.startHeadless()
        return try? FontLibrary()
    }()

    let incremental: OffscreenCanvas
    let full: OffscreenCanvas
    let model: ChatModel
    let screen: ChatScreen
    let controller: ChatController
    var host: WidgetHost
    let measurer: SDLTextMeasurer
    var time = 0.0
    var size: Size
    let scale: Double
    var channels = ["#natter", "#other"]
    var current = "#natter"
    private var lineNumber = 0

    init(width: Double, height: Double, scale: Double, scrollbackCap: Int) throws {
        guard let fonts = Self.fonts else { throw TestFailure("SDL or the fonts did not start headless") }
        size = Size(width: width, height: height)
        self.scale = scale
        incremental = try OffscreenCanvas(width: Int(width), height: Int(height), scale: scale, fonts: fonts)
        full = try OffscreenCanvas(width: Int(width), height: Int(height), scale: scale, fonts: fonts)
        let chat = ChatStack.headless(settings: ModelSettings(scrollbackCap: scrollbackCap))
        model = chat.model
        screen = chat.screen
        controller = chat.controller
        model.addNetwork(name: Self.network, configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        measurer = SDLTextMeasurer(painter: incremental.painter)
        host = WidgetHost(root: screen, size: size, measurer: measurer, clipboard: MemoryClipboard(), scale: scale)
        host.clearColor = ChatTheme.dark.base.background
        host.allowsPixelScrolling = true
        controller.clock = { [unowned self] in
            SessionTime(monotonic: self.time, wall: Self.epoch.addingTimeInterval(self.time))
        }
        controller.model.deliver(.connected(now: controller.clock()), network: Self.network)
        receive(":srv 001 me :Welcome")
        for channel in channels {
            receive(":me!me@host JOIN \(channel)")
            receive(":srv 353 me = \(channel) :me @alice bob carol dave")
            receive(":srv 366 me \(channel) :End of /NAMES list.")
        }
        show(current)
        host.focus(screen.input)
        frame()   // laid out and painted once before the first action
    }

    func receive(_ line: String) {
        guard let message = try? IRCMessage(parsing: line) else { Issue.record("bad line \(line)"); return }
        controller.model.deliver(.received(message, now: controller.clock()), network: Self.network)
    }

    func show(_ channel: String) {
        guard let buffer = model.network(Self.network)?.buffer(named: channel) else { return }
        current = channel
        controller.show(buffer.id)
    }

    func privmsg(from nick: String, _ text: String, to channel: String? = nil) -> String {
        ":\(nick)!~\(nick)@host.example PRIVMSG \(channel ?? current) :\(text)"
    }

    /// One frame: advance the clock, sync, paint the damage on `incremental` and everything on
    /// `full`. Returns the pixel moves and damage of the incremental paint.
    @discardableResult
    func frame() -> (scrolls: Int, damage: [Rect]) {
        time += 1.0 / 60
        host.advance(to: FrameTime(seconds: time))
        controller.sync()
        host.layoutIfNeeded()
        var list = DrawList()
        let damage = host.paint(into: &list)
        incremental.painter.execute(list)
        var whole = DrawList()
        host.paintAll(into: &whole)
        full.painter.execute(whole)
        let scrolls = list.commands.filter { if case .scroll = $0 { return true } else { return false } }.count
        return (scrolls, damage)
    }

    /// Fails with both images and their difference written out when the canvases differ.
    func compare(label: String) throws {
        incremental.flush()
        full.flush()
        let sa = incremental.surface.pointee, sb = full.surface.pointee
        guard let pa = sa.pixels, let pb = sb.pixels,
              memcmp(pa, pb, Int(sa.pitch) * Int(sa.h)) != 0 else { return }
        let a = incremental.snapshot(), b = full.snapshot()
        var box: (x0: Int, y0: Int, x1: Int, y1: Int)?
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixels[y * a.width + x] != b.pixels[y * b.width + x] {
                count += 1
                box = box.map { (min($0.x0, x), min($0.y0, y), max($0.x1, x), max($0.y1, y)) } ?? (x, y, x, y)
            }
        }
        let folder = RenderPaths.artifacts.appendingPathComponent("incremental")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try a.writePNG(to: folder.appendingPathComponent("incremental.png").path)
        try b.writePNG(to: folder.appendingPathComponent("full.png").path)
        try ImageComparison(actual: a, expected: b).diff.writePNG(to: folder.appendingPathComponent("diff.png").path)
        throw TestFailure("\(label): \(count) pixels differ (output pixels \(box.map { "x \($0.x0)...\($0.x1), y \($0.y0)...\($0.y1)" } ?? "?")); "
                          + "incremental.png, full.png and diff.png in \(folder.path)")
    }

    // MARK: - Random actions

    struct Action {
        var name: String
        var frames: Int
    }

    private static let words = ["hello", "natter", "scroll", "the", "pixels", "move", "up", "and", "down",
                                "über", "naïve", "日本語", "テキスト", "🎉", "😀👍", "שלום", "مرحبا", "a", "quick",
                                "\u{02}bold\u{02}", "\u{03}4red\u{03}", "\u{03}9,2on blue\u{0F}", "\u{1D}italic\u{1D}",
                                "https://example.org/natter", "me:", "me", "\u{1F}under\u{1F}"]

    func randomText(_ random: inout SplitMix64) -> String {
        let count = Int.random(in: 1...(Int.random(in: 0..<5, using: &random) == 0 ? 60 : 12), using: &random)
        var text = (0..<count).map { _ in Self.words.randomElement(using: &random)! }.joined(separator: " ")
        while text.utf8.count > 300 { text = String(text.dropLast(20)) }   // the line stays under 512 bytes
        return text
    }

    /// Does one random thing and says how many frames to draw after it.
    func randomAction(_ random: inout SplitMix64) -> Action {
        let list = screen.messages.windowFrame
        let centre = Point(x: list.midX, y: list.midY)
        let nicks = ["alice", "bob", "carol", "dave"]
        // Back to the newest lines now and then, so that traffic also arrives while pinned.
        if !screen.messages.isPinned, Int.random(in: 0..<4, using: &random) == 0 {
            host.handle(.keyDown(KeyEvent(.end, modifiers: .ctrl)))
            return Action(name: "ctrl+end", frames: 25)
        }
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<50:
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                lineNumber += 1
                let nick = nicks.randomElement(using: &random)!
                switch Int.random(in: 0..<10, using: &random) {
                case 0: receive(":\(nick)!~\(nick)@host.example PART \(current) :bye")
                case 1: receive(":\(nick)!~\(nick)@host.example JOIN \(current)")
                case 2: receive(privmsg(from: nick, "\u{01}ACTION \(randomText(&random))\u{01}"))
                case 3: receive(privmsg(from: nick, randomText(&random), to: current == "#natter" ? "#other" : "#natter"))
                default: receive(privmsg(from: nick, "\(lineNumber) \(randomText(&random))"))
                }
            }
            return Action(name: "lines", frames: Int.random(in: 1...2, using: &random))
        case 50..<55:
            let notches = Double([-3, -1, 1, 2, 5].randomElement(using: &random)!)
            host.handle(.wheel(WheelEvent(position: centre, dy: notches)))
            return Action(name: "wheel \(notches)", frames: Int.random(in: 1...30, using: &random))
        case 55..<63:
            let delta = Double(Int.random(in: -40...40, using: &random))
            host.handle(.wheel(WheelEvent(position: centre, dy: delta, isNotched: false)))
            return Action(name: "touchpad \(delta)", frames: Int.random(in: 1...8, using: &random))
        case 63..<65:
            let key: Key = [.pageUp, .pageDown].randomElement(using: &random)!
            host.handle(.keyDown(KeyEvent(key)))
            return Action(name: "\(key)", frames: Int.random(in: 1...25, using: &random))
        case 65..<71:
            host.handle(.keyDown(KeyEvent(.end, modifiers: .ctrl)))
            return Action(name: "ctrl+end", frames: 25)
        case 71..<75:
            let x = [list.maxX - 4, centre.x].randomElement(using: &random)!
            host.handle(.mouseMove(MouseEvent(position: Point(x: x, y: list.minY + Double.random(in: 0..<list.height, using: &random)))))
            return Action(name: "hover", frames: Int.random(in: 1...3, using: &random))
        case 75..<78:
            time += Double.random(in: 0.2...1.6, using: &random)
            return Action(name: "wait", frames: Int.random(in: 1...20, using: &random))
        case 78..<80:
            let start = Point(x: list.minX + 80, y: list.minY + Double.random(in: 10..<list.height - 10, using: &random))
            let end = Point(x: list.midX, y: list.minY + Double.random(in: 10..<list.height - 10, using: &random))
            host.handle(.mouseDown(MouseEvent(position: start)))
            host.handle(.mouseMove(MouseEvent(position: end)))
            host.handle(.mouseUp(MouseEvent(position: end)))
            return Action(name: "select", frames: 1)
        case 80..<83:
            show(current == "#natter" ? "#other" : "#natter")
            return Action(name: "switch buffer", frames: 2)
        case 83..<85:
            time += 86_400
            receive(privmsg(from: "alice", "a new day"))
            return Action(name: "next day", frames: 1)
        case 85..<87:
            let width = [size.width, size.width - 40].randomElement(using: &random)!
            host.handle(.resize(Size(width: width, height: size.height), scale: scale))
            return Action(name: "resize", frames: 1)
        case 87..<90:
            let pill = Point(x: list.midX, y: list.maxY - 26)
            host.handle(.mouseDown(MouseEvent(position: pill)))
            host.handle(.mouseUp(MouseEvent(position: pill)))
            return Action(name: "click pill", frames: Int.random(in: 1...25, using: &random))
        case 90..<93:
            host.handle(.focusLost)
            receive(privmsg(from: "bob", "while away"))
            host.handle(.focusGained)
            return Action(name: "focus", frames: 2)
        default:
            host.handle(.mouseLeave)
            for n in 0..<Int.random(in: 5...30, using: &random) {
                receive(privmsg(from: nicks[n % 4], "burst \(n) \(randomText(&random))"))
            }
            return Action(name: "burst", frames: Int.random(in: 1...3, using: &random))
        }
    }
}
