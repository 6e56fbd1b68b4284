import ChatModel
import Configuration
import DesktopBus
import DesktopIntegration
import FoundationEssentials
import FoundationExtras
import Glibc
import Synchronization
import IRCSession
import IRCTransport
import NatterUI
import SDLBackend
import Widgets

/// The desktop application: reads the configuration (the quick-start flags override its
/// networks), opens the window, shows the chat screen (or the welcome view when no network is
/// configured), connects, and runs the loop until the user quits.
@MainActor
struct DesktopApp {
    var size: WindowSize?
    var quickStart: QuickStart?
    /// An irc:// link given on the command line (or handed over by a later `natter`).
    var link: IRCLink?

    func run() throws {
        let configPath = ConfigLoader.defaultPath()
        let startup = StartupConfig(path: configPath, lastGood: StartupConfig.lastGoodPath())
        var config = startup.config
        var problems = startup.problems
        for problem in problems { printError("natter: \(problem)") }
        if FileManager.default.fileExists(atPath: configPath) {
            if let warning = SecretResolver.permissionWarning(path: configPath, config: config) {
                problems.append(warning)
                printError("natter: \(warning)")
            }
        }
        if let quickStart { config.networks = [quickStart.network] }
        // With nothing configured, a link is the network, for this run (as --server is).
        if config.networks.isEmpty, let link { config.networks = [Self.network(for: link)] }

        let statePath = WindowState.defaultPath()
        let saved = WindowState.load(path: statePath) ?? .defaults
        let width = size?.width ?? saved.width, height = size?.height ?? saved.height
        try SDLRuntime.startForWindow()
        let fonts = try FontLibrary(uiFamily: config.theme.font, monoFamily: config.theme.monoFont)
        for warning in fonts.warnings {
            printError("natter: \(warning)")
            problems.append(warning)
        }
        let window = try AppWindow(title: "Natter", width: width, height: height, fonts: fonts,
                                   renderer: RendererChoice.resolve(configured: RendererChoice(config.renderer)))
        var keys = Self.keyBindings(config)
        let root = ScreenSwitcher(WelcomeView(version: NatterVersion.string))
        let ui = WidgetWindow(window: window, root: root)
        ui.host.clearColor = ChatTheme.dark.base.background
        // The desktop's scale (read again when the window moves to another display) times the
        // user's zoom, which every screen takes (the first-run form too).
        let environment = ProcessInfo.processInfo.environment
        var desktopScale = SDLRuntime.desktopScale(configured: config.scale, environment: environment)
        var zoom = Zoom(saved.zoom ?? 1)
        ui.setContentScale(desktopScale * zoom.factor)
        ui.onDisplayChanged = {
            desktopScale = SDLRuntime.desktopScale(configured: config.scale, environment: environment)
            ui.setContentScale(desktopScale * zoom.factor)
        }
        ui.interceptKey = { key in
            if keys.action(for: key) == "quit" {
                ui.quit()
                return true
            }
            guard let next = zoom.after(key, bindings: keys) else { return false }
            zoom = next
            ui.setContentScale(desktopScale * zoom.factor)
            return true
        }
        // For `make bench`'s start-up figure (scripts/bench-startup.py times exec to this line).
        if ProcessInfo.processInfo.environment["NATTER_REPORT_FIRST_FRAME"] != nil {
            // With the scale drawn at, for the window tests of the desktop's scale and the zoom.
            ui.onFirstFrame = {
                printError("natter: first frame at scale \(window.painter.scale)")
            }
        }
        // Once new text stops coming (a flood over), the font faces are closed (opened again
        // when text needs them) and the heap's free pages go back to the system.
        ui.onIdleRelease = { MallocPolicy.returnFreePages() }
        var chat: ChatSession?
        // The configuration as the file gives it, watched for changes while the chat runs; not
        // with --server, whose network is not the file's.
        let fileConfig: NatterConfig? = quickStart == nil ? startup.config : nil
        func startChat(_ chatConfig: NatterConfig, running: NatterConfig?) -> ChatSession {
            let session = ChatSession(config: chatConfig, fromFile: running, keys: keys, saved: saved, problems: problems,
                                      ui: ui, root: root)
            session.onKeyBindingsChanged = { keys = $0 }
            // `[display] scale` edited: the window draws at the new scale at once.
            session.onScaleChanged = { scale in
                config.scale = scale
                desktopScale = SDLRuntime.desktopScale(configured: scale, environment: environment)
                ui.setContentScale(desktopScale * zoom.factor)
            }
            if startup.fileIsBroken, running != nil, let problem = startup.problems.first { session.startWithBrokenFile(problem) }
            return session
        }
        // Later `natter` runs hand their link (or just "come to the front") to this one.
        let requests = RequestQueue()
        var listener: InstanceSocket?
        if quickStart == nil {
            do {
                listener = try InstanceSocket(listeningAt: InstanceSocket.defaultPath()) { request in
                    requests.push(request)
                    AppWindow.wakeUp()
                }
            } catch {
                printError("natter: irc:// links will not reach this window: \(error)")
            }
        }
        defer { listener?.stop() }
        ui.isBehind = { chat?.isNetworkBehind ?? false }
        ui.onWake = {
            chat?.drainNetwork()
            for request in requests.take() {
                window.raise()
                guard case .open(let link) = request else { continue }
                if let chat {
                    chat.open(link)
                } else {
                    // The first-run form is showing: the link is the network to connect to.
                    config.networks = [Self.network(for: link)]
                    chat = startChat(config, running: fileConfig)
                    chat?.open(link)   // shows the channel once joined, a query, a key note
                }
            }
        }
        if config.networks.isEmpty {
            let firstRun = FirstRunView(defaultNick: ProcessEnvironment.userName, version: NatterVersion.string,
                                        theme: ChatSession.openingTheme(config))
            // A broken file: the form says why it is shown, and appends nothing to that file.
            if startup.fileIsBroken { firstRun.notice(problems.joined(separator: "\n")) }
            firstRun.onConnect = { choice in
                var network = NatterConfig.Network(
                    name: choice.host, host: choice.host, port: choice.port, tls: choice.tls, verifyCertificate: true,
                    nick: choice.nick, alternativeNicks: [], user: choice.nick, realName: choice.nick,
                    channels: choice.channels.map { ($0, nil) }, password: nil, sasl: nil, clientCertificate: nil,
                    clientKey: nil, autoConnect: true)
                var session = network
                if let password = choice.password {
                    // Kept in the keyring (the config names it), or used for this run only: a
                    // password is never written into the file.
                    session.password = .literal(password)
                    if choice.storesPassword {
                        let keyring = SecretService()
                        do {
                            try keyring.store(password, for: choice.host, label: "Natter: \(choice.host)")
                            network.password = .keyring(choice.host)
                        } catch {
                            problems.append("The password was not kept in the keyring (\(error)): it is used for this run only.")
                        }
                        keyring.stop()
                    }
                }
                var running = fileConfig
                if startup.fileIsBroken {
                    problems.append("Not written to \(configPath), which does not read: this network is used for this run only.")
                } else {
                    do {
                        try ConfigWriter.append(network, to: configPath)
                        // The file has it now (without a password of this run only).
                        running?.networks = [network]
                    } catch {
                        problems.append("cannot write \(configPath): \(describe(error))")
                    }
                }
                config.networks = [session]
                chat = startChat(config, running: running)
            }
            root.show(firstRun)
            ui.host.focus(firstRun.server)
        } else {
            chat = startChat(config, running: fileConfig)
            if let link { chat?.open(link) }
        }
        ui.run()
        window.hide()
        chat?.stop()
        WindowState(width: window.windowSize.width, height: window.windowSize.height,
                    sidebarWidth: chat?.screen.sidebarWidth ?? saved.sidebarWidth,
                    nickListWidth: chat?.screen.nickListWidth ?? saved.nickListWidth,
                    nickListCollapsed: chat?.screen.nickListCollapsed ?? saved.nickListCollapsed,
                    bufferListCollapsed: chat?.screen.bufferListCollapsed ?? saved.bufferListCollapsed,
                    buffer: chat?.controller.current.map { "\($0.network)/\($0.name)" } ?? saved.buffer,
                    zoom: zoom.factor).save(path: statePath)
    }

    /// A network for `link`, with the user's login name as nick, joining its channel.
    static func network(for link: IRCLink) -> NatterConfig.Network {
        let nick = ProcessEnvironment.userName
        var network = NatterConfig.Network(
            name: link.host, host: link.host, port: link.port, tls: link.tls, verifyCertificate: true,
            nick: nick, alternativeNicks: [], user: nick, realName: nick, channels: link.channel.map { [($0, nil)] } ?? [],
            password: nil, sasl: nil, clientCertificate: nil, clientKey: nil, autoConnect: true)
        // Not in the file: nothing of it is written there.
        network.rememberChannels = false
        return network
    }

    /// The key bindings `[keys]` sets, over the defaults.
    static func keyBindings(_ config: NatterConfig) -> KeyBindings {
        var keys = KeyBindings()
        for (action, name) in config.keys {
            if action == "editing" {
                keys.editing = EditingKeys(rawValue: name) ?? .standard
            } else if let event = try? KeyName.parse(name) {
                keys.bind(action, to: event)
            }
        }
        return keys
    }
}

extension RendererChoice {
    /// The renderer `[display] renderer` names: the configuration names the same cases without
    /// linking SDL (the app's tests check that every one has its match here).
    init(_ setting: NatterConfig.Renderer) {
        self = RendererChoice(rawValue: setting.rawValue) ?? .auto
    }
}

/// Requests from later `natter` runs, handed from the socket's thread to the window's loop.
private final class RequestQueue: Sendable {
    private let items = Mutex<[InstanceRequest]>([])

    func push(_ request: InstanceRequest) { items.withLock { $0.append(request) } }

    func take() -> [InstanceRequest] { items.withLock { items in defer { items.removeAll() }; return items } }
}
