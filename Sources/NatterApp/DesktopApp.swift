import ChatModel
import Foundation
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

    func run() throws {
        let configPath = ConfigLoader.defaultPath()
        var config = NatterConfig()
        var problems: [String] = []
        if FileManager.default.fileExists(atPath: configPath) {
            do { config = try ConfigLoader.load(path: configPath) } catch {
                problems.append(error.description)
                printError("natter: \(error)")
            }
            if let warning = SecretResolver.permissionWarning(path: configPath, config: config) {
                problems.append(warning)
                printError("natter: \(warning)")
            }
        }
        if let quickStart { config.networks = [quickStart.network] }

        let statePath = WindowState.defaultPath()
        let saved = WindowState.load(path: statePath) ?? .defaults
        let width = size?.width ?? saved.width, height = size?.height ?? saved.height
        try SDLRuntime.startForWindow()
        let fonts = try FontLibrary(uiFamily: config.theme.font, monoFamily: config.theme.monoFont)
        let window = try AppWindow(title: "Natter", width: width, height: height, fonts: fonts)
        let keys = keyBindings(config)
        guard !config.networks.isEmpty else {
            let welcome = WelcomeView(version: NatterVersion.string)
            welcome.lines += problems
            let ui = WidgetWindow(window: window, root: welcome)
            ui.host.clearColor = ChatTheme.dark.base.background
            ui.interceptKey = { key in keys.action(for: key) == "quit" ? (ui.quit(), true).1 : false }
            ui.run()
            return
        }

        var theme = ChatTheme.dark
        theme.messageFont.size = config.theme.fontSize
        theme.monoFont.size = max(6, config.theme.fontSize - 1)
        theme.timestampFormat = config.theme.timestampFormat
        let model = ChatModel(settings: ModelSettings(
            scrollbackCap: config.scrollbackLines, trimBatch: config.trimBatch,
            highlights: HighlightRules(keywords: config.highlightKeywords, masks: config.highlightMasks),
            ignores: IgnoreList(config.ignoreMasks)), logs: LogStore(root: LogStore.defaultRoot()))
        let screen = ChatScreen(theme: theme)
        screen.sidebarWidth = saved.sidebarWidth
        screen.nickListWidth = saved.nickListWidth
        screen.nickListCollapsed = saved.nickListCollapsed
        let connections = Connections()
        let controller = ChatController(model: model, screen: screen, styler: ChatLineStyler(theme: theme),
                                        send: { network, lines in connections.send(network: network, lines: lines) },
                                        clock: { connections.now() })
        controller.keyBindings = keys
        controller.completer = TabCompleter(suffix: config.completionSuffix)
        let ui = WidgetWindow(window: window, root: screen)
        ui.host.clearColor = theme.base.background

        var endpoints: [(String, IRCServerEndpoint)] = []
        for network in config.networks {
            do {
                let setup = try NetworkSetup(network)
                model.addNetwork(name: network.name, configuration: setup.session)
                if network.autoConnect { endpoints.append((network.name, setup.endpoint)) }
            } catch {
                model.addNetwork(name: network.name, configuration: SessionConfiguration(
                    nick: network.nick, user: network.user, realName: network.realName))
                model.note("Not connecting: \(error)", in: BufferID(network: network.name, name: ""), isError: true,
                           at: Date())
            }
        }
        for problem in problems {
            model.note(problem, in: BufferID(network: config.networks[0].name, name: ""), isError: true, at: Date())
        }
        controller.onNetworkAction = { network, command in
            switch command {
            case .quit, .disconnect: connections.stop(network: network)
            case .reconnect: connections.forceClose(network: network, reason: "reconnecting")
            case .connect: connections.restart(network: network)
            default: break
            }
        }
        controller.onOpenLink = { url in DesktopActions.open(url) }
        controller.onNotify = { _, title, body in
            guard config.notifications, !ui.host.isWindowFocused else { return }
            DesktopActions.notify(title: title, body: body)
            window.requestAttention()
        }
        ui.interceptKey = { key in keys.action(for: key) == "quit" ? (ui.quit(), true).1 : false }
        var shownChannel = false
        let savedBuffer = saved.buffer.map { text -> BufferID in
            let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return BufferID(network: parts[0], name: parts.count > 1 ? parts[1] : "")
        }
        ui.beforeFrame = {
            model.windowFocused = ui.host.isWindowFocused
            controller.sync()
            // Show the buffer open last time as soon as it exists, else the first joined channel.
            guard !shownChannel else { return }
            if let savedBuffer, model.buffer(savedBuffer) != nil, savedBuffer.name.isEmpty || model.buffer(savedBuffer)?.isJoined == true {
                shownChannel = true
                controller.show(savedBuffer)
            } else if savedBuffer == nil || savedBuffer.map({ model.network($0.network) == nil }) == true,
                      let channel = model.networks.flatMap(\.buffers).first(where: { $0.kind == .channel && $0.isJoined }) {
                shownChannel = true
                controller.show(channel.id)
            }
        }
        ui.onWake = { connections.drain() }
        controller.show(model.networks[0].serverBuffer.id)
        ui.host.focus(screen.input)
        for (name, endpoint) in endpoints {
            connections.connect(network: name, endpoint: endpoint, controller: controller)
        }
        ui.run()
        connections.stopAll()
        WindowState(width: window.width, height: window.height, sidebarWidth: screen.sidebarWidth,
                    nickListWidth: screen.nickListWidth, nickListCollapsed: screen.nickListCollapsed,
                    buffer: controller.current.map { "\($0.network)/\($0.name)" }).save(path: statePath)
    }

    private func keyBindings(_ config: NatterConfig) -> KeyBindings {
        var keys = KeyBindings()
        for (action, name) in config.keys {
            if let event = try? KeyName.parse(name) { keys.bind(action, to: event) }
        }
        return keys
    }
}
