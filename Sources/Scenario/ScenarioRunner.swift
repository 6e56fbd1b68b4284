import ChatModel
import Configuration
import FoundationEssentials
import FoundationExtras
import IRCProtocol
import IRCSession
import NatterUI
import SDLBackend
import Spelling
import Widgets

/// Runs a scenario: the real model, session, controller and widgets on a virtual clock, drawn
/// by SDL's software renderer. Server lines go through IRCProtocol → IRCSession → ChatModel
/// exactly as in the window; what the client would send is collected for `metrics.jsonl`.
@MainActor
public final class ScenarioRunner {
    let folder: URL
    let out: URL
    let fonts: FontLibrary
    private(set) var size = Size(width: 1024, height: 768)
    private(set) var scale = 1.0
    /// The user's zoom (Ctrl+= …), on top of `scale`: the canvas keeps its pixels, the logical
    /// size shrinks or grows, as in the window.
    private var zoom = Zoom()
    /// Pixels per logical pixel: the scenario's scale times the zoom.
    private var drawScale: Double { scale * zoom.factor }
    /// The logical size the widgets get: the canvas's pixels (`size` at `scale`) at `drawScale`.
    private var logicalSize: Size {
        Size(width: (size.width * scale / drawScale).rounded(.down), height: (size.height * scale / drawScale).rounded(.down))
    }
    private var fps = 60.0
    private var nick = "me"
    private var networkName = "Test"
    private(set) var time = 0.0
    private var lastFrame = 0.0
    private var sent: [String] = []
    /// When the scenario's link next says its queue is empty (nil: nothing sent since).
    private var drainDue: Double?
    /// The scenario link's pace.
    static let secondsPerLine = 1.0
    private var olderPages = 0
    private(set) var stage: Stage?
    private var metrics: [String] = []
    private let clipboard = MemoryClipboard()
    private var firstRun: FirstRunView?
    /// The logs folder, for a scenario with `log` lines (the model then logs as the app does).
    private var logsRoot: URL?
    /// The folder of the config file a `config` line copied, removed when the scenario ends.
    var configFolder: URL?
    /// The previews of a scenario with `preview` lines: the model's fetcher, and what lands when.
    var previews: ScenarioPreviews?
    /// Wall-clock time of virtual time 0: 2024-01-01 12:00:00 UTC.
    static let epoch = Date(timeIntervalSince1970: 1_704_110_400)

    /// Everything that exists once the first command needing the app runs.
    struct Stage {
        var canvas: OffscreenCanvas
        let model: ChatModel
        let screen: ChatScreen
        let controller: ChatController
        var host: WidgetHost
        let measurer: SDLTextMeasurer
    }

    /// A runner for the scenario in `scenarioFile` (files it names are found beside it),
    /// writing into `out` and drawing with `fonts`.
    public init(scenarioFile: URL, out: URL, fonts: FontLibrary) {
        folder = scenarioFile.deletingLastPathComponent()
        self.out = out
        self.fonts = fonts
    }

    /// Runs every step; throws a ScenarioError for a step that cannot run as written.
    public func run(_ steps: [ScenarioStep], file: String) throws {
        if steps.contains(where: { if case .log = $0.command { true } else { false } }) {
            logsRoot = FileManager.default.temporaryDirectory.appendingPathComponent("natter-scenario-logs-\(UUID().uuidString)")
        }
        if steps.contains(where: { if case .preview = $0.command { true } else { false } }) {
            previews = ScenarioPreviews(folder: FileManager.default.temporaryDirectory
                .appendingPathComponent("natter-scenario-previews-\(UUID().uuidString)").path)
        }
        defer {
            if let logsRoot { try? FileManager.default.removeItem(at: logsRoot) }
            if let previews { try? FileManager.default.removeItem(atPath: previews.folder) }
            if let configFolder { try? FileManager.default.removeItem(at: configFolder) }
        }
        for step in steps {
            do {
                try perform(step.command)
            } catch let error as ScenarioError {
                throw error
            } catch {
                throw ScenarioError(file: file, line: step.line, message: "\(error)")
            }
        }
        if stage != nil { try flushMetrics() }
    }

    private func perform(_ command: ScenarioCommand) throws {
        switch command {
        case .size(let width, let height):
            size = Size(width: Double(width), height: Double(height))
            if var stage {
                stage.canvas = try OffscreenCanvas(width: width, height: height, scale: scale, fonts: fonts)
                self.stage = stage
                rebindCanvas()
            }
        case .scale(let s):
            scale = s
            if var stage {
                stage.canvas = try OffscreenCanvas(width: Int(size.width), height: Int(size.height), scale: s, fonts: fonts)
                self.stage = stage
                rebindCanvas()
            }
        case .fps(let f): fps = f
        case .nick(let n): nick = n
        case .network(let n): networkName = n
        case .server(let line), .recv(let line):
            let app = try ready()
            app.controller.model.deliver(.received(try IRCMessage(parsing: line), now: app.controller.clock()), network: networkName)
        case .buffer(let name):
            let app = try ready()
            app.controller.sync()
            guard let network = app.model.network(networkName) else { return }
            let buffer = name == networkName ? network.serverBuffer
                : network.buffer(named: name) ?? app.model.openQuery(name, network: networkName)
            guard let buffer else { throw AppError("no buffer \(name)") }
            app.controller.show(buffer.id)
        case .history(let buffer, let file):
            let app = try ready()
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.textLines where !line.trimmingBlanks.isEmpty {
                app.controller.model.deliver(.received(try IRCMessage(parsing: String(line)), now: app.controller.clock()), network: networkName)
            }
            if let id = app.model.network(networkName)?.buffer(named: buffer)?.id { app.model.markRead(id) }
            app.controller.sync()
        case .older(let buffer, let count):
            try older(buffer: buffer, count: count)
        case .wait(let duration):
            try advance(to: time + duration)
        case .tick:
            let app = try ready()
            app.controller.model.deliver(.tick(now: app.controller.clock()), network: networkName)
        case .at(let target):
            guard target >= time else { throw AppError("`at` cannot go back in time (now \(time) s)") }
            try advance(to: target)
        case .wheel(let notches):
            try input(.wheel(WheelEvent(position: listCentre(), dy: -notches, isNotched: true)))
        case .wheelAt(let notches, let x, let y, let modifiers):
            try input(.wheel(WheelEvent(position: Point(x: x, y: y), dy: -notches, isNotched: true, modifiers: modifiers)))
        case .viewer(let file): try openViewer(file)
        case .pinch(let factor, let x, let y):
            try input(.magnify(MagnifyEvent(position: Point(x: x, y: y), factor: factor)))
        case .scroll(let dy):
            try input(.wheel(WheelEvent(position: listCentre(), dy: -dy, isNotched: false)))
        case .touch(let phase, let x, let y):
            let touch = TouchEvent(fingerID: 1, position: Point(x: x, y: y))
            try input(phase == .down ? .fingerDown(touch) : phase == .move ? .fingerMove(touch) : .fingerUp(touch))
        case .mouseMove(let x, let y):
            try input(.mouseMove(MouseEvent(position: Point(x: x, y: y), clickCount: 0)))
        case .mouseDown(let x, let y, let button):
            try input(.mouseDown(MouseEvent(position: Point(x: x, y: y), button: button)))
        case .mouseUp(let x, let y, let button):
            try input(.mouseUp(MouseEvent(position: Point(x: x, y: y), button: button)))
        case .click(let x, let y):
            try input(.mouseDown(MouseEvent(position: Point(x: x, y: y))))
            try input(.mouseUp(MouseEvent(position: Point(x: x, y: y))))
        case .key(let key) where zoom.after(key, bindings: try ready().controller.keyBindings) != nil:
            // Taken before the widgets, as the window's key interceptor does.
            zoom = zoom.after(key, bindings: try ready().controller.keyBindings)!
            guard let stage else { return }
            stage.canvas.painter.scale = drawScale
            stage.host.handle(.resize(logicalSize, scale: drawScale))
        case .key(let key):
            try input(.keyDown(key))
            try input(.keyUp(key))
        case .type(let text):
            try input(.textInput(text))
        case .screen(let name):
            let app = try ready()
            let root: Widget
            if name == "first-run" {
                let form = FirstRunView(defaultNick: nick, version: NatterVersion.string, theme: app.screen.theme)
                root = form
                firstRun = form
            } else {
                root = app.screen
                firstRun = nil
            }
            rebind(root: root)
        case .spell(let language):
            let app = try ready()
            if app.controller.input.spellChecker == nil { app.controller.input.spellChecker = EnchantSpeller() }
            app.controller.input.defaultSpellLanguage = language == "off" ? "" : language
        case .theme(let name):
            let app = try ready()
            var theme: ChatTheme = name == "light" ? .light : .dark
            theme.timestampFormat = app.controller.styler.theme.timestampFormat
            app.controller.apply(theme)
        case .timestamps(let format):
            let app = try ready()
            var theme = app.controller.styler.theme
            theme.timestampFormat = format
            app.controller.apply(theme)
        case .uploadProgress(let name, let sent, let total):
            try ready().controller.input.uploadProgressed(UploadStatus(fileName: name, sent: sent, total: total))
        case .paste(let text):
            clipboard.setText(text)
            let key = KeyEvent(.character("v"), modifiers: [.ctrl])
            try input(.keyDown(key))
            try input(.keyUp(key))
        case .compose(let text):
            try input(.textEditing(TextComposition(text: text, cursor: text.count)))
        case .reveal(let id, let time):
            let app = try ready()
            guard let buffer = app.controller.current else { throw AppError("`reveal` needs a buffer shown") }
            app.controller.reveal(lineID: id, in: buffer, time: time)
            app.controller.sync()
        case .log(let buffer, let day, let line):
            guard let logs = try ready().model.logs else { throw AppError("no logs folder") }
            let folder = logs.folder(network: networkName, buffer: buffer)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent(day + ".log")
            let old = (try? Data(contentsOf: file)) ?? Data()
            try (old + Data((line + "\n").utf8)).write(to: file)
        case .settings(let section): try openSettings(section)
        case .config(let file): try useConfig(file)
        case .field(let name): try focusSetting(name)
        case .preview(let url, let file, let delay, let image): try preview(url: url, file: file, delay: delay, image: image)
        case .snapshot(let name):
            try snapshot(name)
        }
    }

    // MARK: - The app

    func ready() throws -> Stage {
        if let stage { return stage }
        let canvas = try OffscreenCanvas(width: Int(size.width), height: Int(size.height), scale: scale, fonts: fonts)
        canvas.painter.scale = drawScale
        let chat = ChatStack.headless(logs: logsRoot.map { LogStore(root: $0, timeZone: .utc) },
                                      clock: { [weak self] in
                                          let t = self?.time ?? 0
                                          return SessionTime(monotonic: t, wall: Self.epoch.addingTimeInterval(t))
                                      })
        let model = chat.model, screen = chat.screen, controller = chat.controller
        model.addNetwork(name: networkName, configuration: SessionConfiguration(nick: nick, user: nick, realName: nick))
        model.previewFetcher = previews
        let measurer = SDLTextMeasurer(painter: canvas.painter)
        controller.searchesInBackground = false   // a scenario's frames must not depend on the machine
        let host = WidgetHost(root: screen, size: logicalSize, measurer: measurer, clipboard: clipboard, scale: drawScale,
                              time: FrameTime(seconds: time))
        host.clearColor = ChatTheme.dark.base.background
        host.allowsPixelScrolling = true   // the canvas keeps its pixels between frames, like the window
        let stage = Stage(canvas: canvas, model: model, screen: screen, controller: controller, host: host, measurer: measurer)
        self.stage = stage
        // The scenario's link: lines are recorded for the metrics, other requests do nothing.
        // It writes a line a second, as a server's flood limit would have it: its queue empties
        // a second after the last line (a paste goes on then, see `advance(to:)`).
        model.linkRequests = { [weak self] _, request in
            guard let self, case .send(let lines, let registering) = request else { return }
            self.sent.append(contentsOf: lines.map(Self.recorded))
            if !registering { self.drainDue = self.time + Self.secondsPerLine }
        }
        model.deliver(.connected(now: controller.clock()), network: networkName)
        // A scenario's lines are live whatever their server-time (a line dated before the link
        // came up would be a bouncer's replay, put in time order and compared with the logs).
        model.linkCameUp(network: networkName, at: .distantPast)
        if let server = model.network(networkName)?.serverBuffer { controller.show(server.id) }
        host.focus(screen.input)
        return stage
    }

    /// A sent line as the metrics keep it: a password (PASS) or SASL payload (AUTHENTICATE)
    /// never reaches the metrics file.
    nonisolated static func recorded(_ line: IRCMessage) -> String {
        switch line.command.uppercased() {
        case "PASS": return "PASS ********"
        case "AUTHENTICATE" where line.parameters.first.map({ !["PLAIN", "EXTERNAL", "SCRAM-SHA-256", "+", "*"].contains($0) }) ?? false:
            return "AUTHENTICATE ********"
        default: return line.serialized()
        }
    }

    /// After a size or scale change: a new canvas, a host of the new size.
    private func rebindCanvas() { rebind(root: firstRun ?? stage?.screen) }

    /// A new host for `root` (the chat screen or the first-run form) on the current canvas.
    private func rebind(root: Widget?) {
        guard var stage, let root else { return }
        stage.canvas.painter.scale = drawScale
        let measurer = SDLTextMeasurer(painter: stage.canvas.painter)
        let host = WidgetHost(root: root, size: logicalSize, measurer: measurer, clipboard: stage.host.clipboard,
                              scale: drawScale, time: FrameTime(seconds: time))
        host.clearColor = stage.host.clearColor
        host.allowsPixelScrolling = true
        host.focus((root as? FirstRunView)?.server ?? stage.screen.input)
        stage.host = host
        self.stage = stage
    }

    func input(_ event: InputEvent) throws {
        let app = try ready()
        app.host.advance(to: FrameTime(seconds: time))
        app.controller.sync()
        app.host.layoutIfNeeded()
        app.host.handle(event)
        app.controller.sync()
    }

    /// Renders the frames on the fps grid up to `target`, then sets the clock to it.
    private func advance(to target: Double) throws {
        let app = try ready()
        let step = 1 / fps
        var frame = (lastFrame / step).rounded(.down) * step + step
        while frame <= target + 1e-9 {
            time = frame
            if let due = drainDue, due <= frame + 1e-9 {
                drainDue = nil
                app.model.linkDrained(network: networkName, interval: .seconds(Self.secondsPerLine), now: app.controller.clock())
            }
            previews?.land(until: frame, in: app.model)
            render(app, full: false)
            lastFrame = frame
            frame += step
        }
        time = target
    }

    private func render(_ app: Stage, full: Bool) {
        app.host.advance(to: FrameTime(seconds: time))
        app.controller.sync()
        app.host.layoutIfNeeded()
        var list = DrawList()
        if full { app.host.paintAll(into: &list) } else { _ = app.host.paint(into: &list) }
        app.canvas.painter.execute(list)
    }

    private func snapshot(_ name: String) throws {
        let app = try ready()
        render(app, full: true)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try app.canvas.savePNG(to: out.appendingPathComponent(name + ".png").path)
        let record = SnapshotMetrics(name: name, t: (time * 1e6).rounded() / 1e6, buffer: currentBufferName(app),
                                     list: app.screen.messages.metrics,
                                     input: .init(text: (firstRun?.server ?? app.screen.input).text,
                                                  cursor: (firstRun?.server ?? app.screen.input).state.caret),
                                     sent: sent, clipboard: clipboard.text(), find: findMetrics(app),
                                     nicks: .init(filter: app.screen.nickList.filter, shown: app.screen.nickList.shown.map(\.nick),
                                                  focused: app.host.focusedWidget === app.screen.nickList),
                                     chosen: app.controller.find.chosenMention, typing: app.screen.messages.footnote,
                                     replyingTo: app.controller.input.replyTarget, tooltip: app.host.visibleTooltip?.text,
                                     channels: channelsMetrics(app),
                                     sidebar: .init(networks: app.screen.sidebar.entries.filter(\.isHeader).map(\.title)
                                                        .filter { $0 != "Friends" },
                                                    status: app.screen.sidebar.status),
                                     panes: .init(app.screen), settings: settingsMetrics(app), viewer: viewerMetrics(app))
        sent.removeAll()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        metrics.append(String(decoding: try encoder.encode(record), as: UTF8.self))
    }

    private func findMetrics(_ app: Stage) -> SnapshotMetrics.Find {
        let (count, current, currentID) = app.controller.find.matches
        let bar = app.screen.findBar
        return .init(open: app.controller.find.isOpen, query: bar.field.text, matches: count,
                     current: current.map { $0 + 1 }, currentID: currentID,
                     status: bar.status.text.string, focused: app.host.focusedWidget === bar.field)
    }

    private func channelsMetrics(_ app: Stage) -> SnapshotMetrics.Channels? {
        let view = app.screen.channelList
        guard app.screen.showsChannelList else { return nil }
        return .init(filter: view.field.text, order: view.order == .users ? "users" : "name", shown: view.shown.map(\.name),
                     selected: view.shown.indices.contains(view.selected) ? view.shown[view.selected].name : nil,
                     focused: app.host.focusedWidget === view.field)
    }

    private func flushMetrics() throws {
        let text = metrics.map { $0 + "\n" }.joined()
        try text.write(to: out.appendingPathComponent("metrics.jsonl"), atomically: true, encoding: .utf8)
    }

    private func currentBufferName(_ app: Stage) -> String {
        guard let id = app.controller.current, let buffer = app.model.buffer(id) else { return "" }
        return buffer.kind == .server ? networkName : buffer.name
    }

    private func listCentre() -> Point {
        guard let stage else { return Point(x: size.width / 2, y: size.height / 2) }
        let frame = stage.screen.messages.windowFrame
        return Point(x: frame.midX, y: frame.midY)
    }

    /// A page of `count` older messages for `buffer`, as a server's history batch: msgids
    /// `older-N-K`, times a minute apart before the oldest line shown.
    private func older(buffer name: String, count: Int) throws {
        let app = try ready()
        app.controller.sync()
        olderPages += 1
        let page = olderPages
        let oldest = app.model.network(networkName)?.buffer(named: name)?.scrollback.lines.first?.time
            ?? Self.epoch.addingTimeInterval(time)
        let batch = "older\(page)"
        app.controller.model.deliver(.received(try IRCMessage(parsing: ":srv BATCH +\(batch) chathistory \(name)"), now: app.controller.clock()), network: networkName)
        for k in 1...count {
            let at = oldest.addingTimeInterval(-Double(count - k + 1) * 60)
            let speaker = ["alice", "bob", "carol", "dave"][k % 4]
            let text = "older message \(k) of page \(page)" + String(repeating: " and more words", count: k % 5)
            let line = "@batch=\(batch);time=\(Self.serverTime(at));msgid=older-\(page)-\(k) :\(speaker)!u@h PRIVMSG \(name) :\(text)"
            app.controller.model.deliver(.received(try IRCMessage(parsing: line), now: app.controller.clock()), network: networkName)
        }
        app.controller.model.deliver(.received(try IRCMessage(parsing: ":srv BATCH -\(batch)"), now: app.controller.clock()), network: networkName)
        // The rows follow the model at once, as the window's loop has them do after each drain of
        // the network: a motion's tick before the next sync would otherwise lay rows out from
        // lines the rows' index does not know yet (the page shifts every line's place), and keep
        // those layouts under the rows they had been made for.
        app.controller.sync()
    }

    static func serverTime(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
