import ChatModel
import IRCSession
import IRCTransport
import NatterUI
import SDLBackend
import Widgets

/// The desktop application: opens the window, shows the chat screen (or the welcome view when
/// no network is configured), connects, and runs the loop until the user quits.
@MainActor
struct DesktopApp {
    var size: WindowSize
    var quickStart: QuickStart?

    func run() throws {
        try SDLRuntime.startForWindow()
        let fonts = try FontLibrary()
        let window = try AppWindow(title: "Natter", width: size.width, height: size.height, fonts: fonts)
        guard let quickStart else {
            let ui = WidgetWindow(window: window, root: WelcomeView(version: NatterVersion.string))
            ui.host.clearColor = ChatTheme.dark.base.background
            ui.interceptKey = { key in Self.isQuit(key) ? (ui.quit(), true).1 : false }
            ui.run()
            return
        }
        let model = ChatModel(logs: LogStore(root: LogStore.defaultRoot()))
        let name = quickStart.host
        model.addNetwork(name: name, configuration: SessionConfiguration(
            nick: quickStart.nick, user: quickStart.nick, realName: "Natter user",
            autoJoin: quickStart.channels.map { ChannelKey($0) },
            ctcp: CTCPConfiguration(versionString: "Natter \(NatterVersion.string)")))
        let screen = ChatScreen()
        let connections = Connections()
        let controller = ChatController(model: model, screen: screen,
                                        send: { network, lines in connections.send(network: network, lines: lines) },
                                        clock: { connections.now() })
        let ui = WidgetWindow(window: window, root: screen)
        ui.host.clearColor = ChatTheme.dark.base.background
        controller.onNetworkAction = { network, command in
            switch command {
            case .quit, .disconnect: connections.stop(network: network)
            case .reconnect: connections.forceClose(network: network, reason: "reconnecting")
            case .connect: connections.restart(network: network)
            default: break
            }
        }
        ui.interceptKey = { key in Self.isQuit(key) ? (ui.quit(), true).1 : false }
        ui.beforeFrame = {
            controller.sync()
            model.windowFocused = ui.host.isWindowFocused
        }
        ui.onWake = { connections.drain() }
        controller.show(model.networks[0].serverBuffer.id)
        ui.host.focus(screen.input)
        let security: IRCTransportSecurity = quickStart.tls
            ? .tls(IRCTLSOptions(verifiesCertificate: quickStart.verifyCertificate)) : .plaintext
        connections.connect(network: name, endpoint: IRCServerEndpoint(host: quickStart.host, port: quickStart.port,
                                                                         security: security), controller: controller)
        // Show a channel as soon as it is joined.
        var shownChannel = false
        let previous = ui.beforeFrame
        ui.beforeFrame = {
            previous?()
            if !shownChannel, let channel = model.networks[0].buffers.first(where: { $0.kind == .channel && $0.isJoined }) {
                shownChannel = true
                controller.show(channel.id)
            }
        }
        ui.run()
        connections.stopAll()
    }

    static func isQuit(_ key: KeyEvent) -> Bool { key.modifiers == [.ctrl] && key.key == .character("q") }
}
