import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import NatterUI
import SDLBackend
import Widgets

/// The app's real drawing stack, headless, for the render and list benchmarks: a `ChatModel`
/// with one network and its `IRCSession`, the `ChatScreen` and `ChatController`, a
/// `WidgetHost`, and SDL's software renderer drawing into an `OffscreenCanvas` through the
/// `Painter`. Server lines go in through the controller exactly as in the window; a frame is
/// what the window loop does: advance the host's clock, sync the model's changes, lay out,
/// paint the damage, execute the draw list, and flush the renderer.
@MainActor
final class ChatFixture {
    static let network = "BenchNet"
    static let channel = "#natter"
    /// Wall-clock time of virtual time 0.
    static let epoch = Date(timeIntervalSince1970: 1_795_000_000)

    let canvas: OffscreenCanvas
    let model: ChatModel
    let screen: ChatScreen
    let controller: ChatController
    private(set) var host: WidgetHost
    let measurer: SDLTextMeasurer
    /// Virtual time (s); each frame advances it by `frameInterval`.
    private(set) var time = 0.0
    let frameInterval = 1.0 / 60

    /// The fonts and SDL, started once per process.
    static let fonts: FontLibrary = {
        do {
            try SDLRuntime.startHeadless()
            return try FontLibrary()
        } catch {
            fatalError("natter-bench: cannot start SDL headless or load fonts: \(error)")
        }
    }()

    /// A chat screen of `width × height` showing `#natter` (joined, 50 members), keeping up to
    /// `scrollbackCap` lines per buffer.
    init(width: Int = 1920, height: Int = 1080, scrollbackCap: Int = 10_000) {
        do {
            canvas = try OffscreenCanvas(width: width, height: height, fonts: Self.fonts)
        } catch {
            fatalError("natter-bench: \(error)")
        }
        let chat = ChatStack.headless(settings: ModelSettings(scrollbackCap: scrollbackCap))
        model = chat.model
        screen = chat.screen
        controller = chat.controller
        model.addNetwork(name: Self.network, configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        measurer = SDLTextMeasurer(painter: canvas.painter)
        host = WidgetHost(root: screen, size: Size(width: Double(width), height: Double(height)), measurer: measurer,
                          clipboard: MemoryClipboard(), time: FrameTime(seconds: 0))
        host.clearColor = ChatTheme.dark.base.background
        host.allowsPixelScrolling = true   // the canvas keeps its pixels, as the window's target does
        controller.clock = { [unowned self] in
            SessionTime(monotonic: self.time, wall: Self.epoch.addingTimeInterval(self.time))
        }
        model.deliver(.connected(now: controller.clock()), network: Self.network)
        let nicks = (0..<50).map { "user\($0)" }
        receive([":srv 001 me :Welcome to the bench network",
                 ":me!me@host JOIN \(Self.channel)",
                 ":srv 332 me \(Self.channel) :Natter benchmarks · https://example.org/natter",
                 ":srv 353 me = \(Self.channel) :me @" + nicks.joined(separator: " "),
                 ":srv 366 me \(Self.channel) :End of /NAMES list."])
        guard let buffer = model.network(Self.network)?.buffer(named: Self.channel) else {
            fatalError("natter-bench: the channel buffer was not created")
        }
        controller.show(buffer.id)
        host.focus(screen.input)
        _ = frame()
    }

    /// The channel's buffer.
    var buffer: ChatBuffer { model.network(Self.network)!.buffer(named: Self.channel)! }

    /// Feeds raw server lines through the controller (parse, session, model), without a frame.
    func receive(_ lines: [String]) {
        for line in lines {
            guard let message = try? IRCMessage(parsing: line) else { fatalError("natter-bench: bad line \(line)") }
            controller.model.deliver(.received(message, now: controller.clock()), network: Self.network)
        }
    }

    /// One frame of the window loop at the next frame time: advance, sync, lay out, paint the
    /// damage (everything when `full`), execute, flush. Returns the number of draw commands.
    @discardableResult
    func frame(full: Bool = false) -> Int {
        let c = ContinuousClock()   // phase times for BENCH_DEBUG
        let t0 = c.now
        time += frameInterval
        host.advance(to: FrameTime(seconds: time))
        controller.sync()
        host.layoutIfNeeded()
        let t1 = c.now
        var list = DrawList()
        if full {
            host.paintAll(into: &list)
        } else {
            _ = host.paint(into: &list)
        }
        let t2 = c.now
        canvas.painter.execute(list)
        let t3 = c.now
        canvas.flush()
        let t4 = c.now
        if Self.debug {
            Self.phases.append([t1 - t0, t2 - t1, t3 - t2, t4 - t3])
            if list.commands.contains(where: { if case .scroll = $0 { true } else { false } }) { Self.movedFrames += 1 }
        }
        return list.commands.count
    }

    /// `BENCH_DEBUG=1`: record each frame's phases and print their medians (``dumpPhases(_:)``).
    static let debug = ProcessInfo.processInfo.environment["BENCH_DEBUG"] != nil
    static var phases: [[Duration]] = []
    /// Frames that moved pixels instead of repainting the list (debug only).
    static var movedFrames = 0

    /// Prints the median time of each phase of the frames since the last call (debug only).
    static func dumpPhases(_ label: String) {
        guard debug, !phases.isEmpty else { return }
        let ms = phases.map { $0.map { Double($0.components.attoseconds) * 1e-15 + Double($0.components.seconds) * 1e3 } }
        let medians = (0..<4).map { k in ms.map { $0[k] }.sorted()[ms.count / 2] }
        FileHandle.standardError.write(Data("\(label): advance+sync+layout / paint / execute / flush medians (ms): \(medians.map { String(format2: $0) }); \(movedFrames) of \(phases.count) frames moved pixels\n".utf8))
        phases.removeAll()
        movedFrames = 0
    }

    /// Sends an input event the way the window does (clock, sync, layout, then the event).
    func input(_ event: InputEvent) {
        host.advance(to: FrameTime(seconds: time))
        controller.sync()
        host.layoutIfNeeded()
        host.handle(event)
        controller.sync()
    }

    /// Resizes the window (the canvas keeps its size; a smaller window draws into part of it).
    func resize(width: Double, height: Double) {
        host.layout(size: Size(width: width, height: height))
    }

    /// The message list's frame in window coordinates.
    var listFrame: Rect { screen.messages.windowFrame }
}

/// Frame timing: durations in milliseconds, summarised by median and 95th percentile.
struct FrameTimes {
    private(set) var samples: [Double] = []
    /// The thread's CPU time per frame (ms): less sensitive to other processes than `samples`.
    private(set) var cpuSamples: [Double] = []

    /// Times `body` and records it.
    @MainActor
    mutating func time<T>(_ body: () -> T) -> T {
        let clock = ContinuousClock()
        let cpuStart = Self.threadCPUTime()
        let start = clock.now
        let result = body()
        let elapsed = clock.now - start
        cpuSamples.append((Self.threadCPUTime() - cpuStart) * 1e3)
        samples.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15)
        return result
    }

    /// CPU time of the calling thread (s).
    static func threadCPUTime() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }

    /// Median CPU time per frame (ms).
    var cpuMedian: Double {
        guard !cpuSamples.isEmpty else { return .nan }
        return cpuSamples.sorted()[cpuSamples.count / 2]
    }

    var count: Int { samples.count }
    var median: Double { percentile(0.5) }
    var p95: Double { percentile(0.95) }

    /// The `q` quantile (nearest rank).
    func percentile(_ q: Double) -> Double {
        guard !samples.isEmpty else { return .nan }
        let sorted = samples.sorted()
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}

/// Runs a measurement three times and keeps the round with the lowest median: on a shared
/// machine a burst of other work can slow a whole round (one resize round's median went from
/// 3.4 to 5.4 ms; one round of full redraws from 1.6 to 3.2 ms), and the figure is about
/// Natter's cost, not the neighbours'.
@MainActor
func quietestRound(_ round: () -> FrameTimes) -> FrameTimes {
    (0..<3).map { _ in round() }.min { $0.median < $1.median }!
}
