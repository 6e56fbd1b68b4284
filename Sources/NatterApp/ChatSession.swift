import ChatModel
import Foundation
import IRCSession
import IRCTransport
import NatterUI
import SDLBackend
import Widgets

/// The running chat: the model, the chat screen and its controller (a `ChatStack`) and the
/// network hub that owns the links, wired to the window. Created when the configuration has networks (at start, or after the
/// first-run screen).
@MainActor
final class ChatSession {
    let model: ChatModel
    let screen: ChatScreen
    let controller: ChatController
    let hub: NetworkHub

    init(config: NatterConfig, keys: KeyBindings, saved: WindowState, problems: [String], ui: WidgetWindow,
         root: ScreenSwitcher) {
        var theme = ChatTheme.dark
        theme.messageFont.size = config.theme.fontSize
        theme.monoFont.size = max(6, config.theme.fontSize - 1)
        theme.timestampFormat = config.theme.timestampFormat
        let clock = { SessionTime(monotonic: WidgetWindow.now(), wall: Date()) }
        let stack = ChatStack(settings: ModelSettings(
            scrollbackCap: config.scrollbackLines, trimBatch: config.trimBatch,
            highlights: HighlightRules(keywords: config.highlightKeywords, masks: config.highlightMasks),
            ignores: IgnoreList(config.ignoreMasks)), logs: LogStore(root: LogStore.defaultRoot()), theme: theme, clock: clock)
        model = stack.model
        screen = stack.screen
        controller = stack.controller
        screen.sidebarWidth = saved.sidebarWidth
        screen.nickListWidth = saved.nickListWidth
        screen.nickListCollapsed = saved.nickListCollapsed
        let hub = NetworkHub(model: model)
        self.hub = hub
        controller.keyBindings = keys
        controller.wakeUp = { AppWindow.wakeUp() }
        controller.completer = TabCompleter(suffix: config.completionSuffix)
        let model = self.model, controller = self.controller

        var endpoints: [(String, IRCServerEndpoint)] = []
        for network in config.networks {
            do {
                var ctcp = CTCPConfiguration(versionString: config.ctcpVersion)
                ctcp.answered = config.ctcpAnswered
                let setup = try NetworkSetup(network, ctcp: ctcp)
                model.addNetwork(name: network.name, configuration: setup.session)
                if network.autoConnect { endpoints.append((network.name, setup.endpoint)) }
            } catch {
                model.addNetwork(name: network.name, configuration: SessionConfiguration(
                    nick: network.nick, user: network.user, realName: network.realName))
                model.note("Not connecting: \(error)", in: BufferID(network: network.name, name: ""), isError: true, at: Date())
            }
        }
        for problem in problems {
            model.note(problem, in: BufferID(network: config.networks[0].name, name: ""), isError: true, at: Date())
        }
        controller.onOpenLink = { url in DesktopActions.open(url) }
        let configPath = ConfigLoader.defaultPath()
        controller.onFriendsChanged = { [model] network, nicks in
            do {
                try ConfigWriter.setFriends(nicks, network: network, in: configPath)
            } catch {
                guard let id = model.network(network)?.serverBuffer.id else { return }
                model.note("Friends not kept in \(configPath): \(error)", in: id, isError: true, at: Date())
            }
        }
        controller.sendsTyping = config.sendTyping
        controller.onNotify = { _, title, body in
            guard !ui.host.isWindowFocused else { return }
            if config.notifications { DesktopActions.notify(title: title, body: body) }
            if config.urgentHint { ui.window.requestAttention() }
        }
        var shown = false
        let savedBuffer = saved.buffer.map { text -> BufferID in
            let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return BufferID(network: parts[0], name: parts.count > 1 ? parts[1] : "")
        }
        ui.beforeFrame = {
            controller.windowFocused = ui.host.isWindowFocused
            controller.sync()
            // Show the buffer open last time as soon as it exists, else the first joined channel.
            guard !shown else { return }
            if let savedBuffer, let buffer = model.buffer(savedBuffer), savedBuffer.name.isEmpty || buffer.isJoined {
                shown = true
                controller.show(savedBuffer)
            } else if savedBuffer == nil || savedBuffer.map({ model.network($0.network) == nil }) == true,
                      let channel = model.networks.flatMap(\.buffers).first(where: { $0.kind == .channel && $0.isJoined }) {
                shown = true
                controller.show(channel.id)
            }
        }
        // The rows follow the model at once, not only before the next frame: a motion's tick or
        // a wheel event in the same batch asks the list (and so the rows) about lines.
        ui.onWake = {
            hub.drain()
            controller.sync()
        }
        ui.host.clearColor = theme.base.background
        root.show(screen)
        controller.show(model.networks[0].serverBuffer.id)
        ui.host.focus(screen.input)
        for (name, endpoint) in endpoints {
            hub.connect(network: name, endpoint: endpoint)
        }
    }

    /// Disconnects every network.
    func stop() { hub.stopAll() }
}
