import ChatModel
import Configuration
import Connections
import DesktopBus
import DesktopIntegration
import Spelling
import FoundationEssentials
import FoundationExtras
import Glibc
import Synchronization
import IRCSession
import IRCTransport
import NatterUI
import Previews
// For EnchantSpeller's SpellChecking, declared there (scenarios check spelling too).
import Scenario
import SDLBackend
import Scripts
import Uploads
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
    /// Adds the configured networks, fetching passwords off the window's thread.
    let starter: NetworkStarter
    /// The networks as configured (an irc:// link is matched against their hosts).
    var networks: [NatterConfig.Network]
    let ui: WidgetWindow
    /// Desktop notifications (nil when turned off in the config).
    var notifications: DesktopNotifications?
    /// Whether a highlight marks the window urgent (`[notifications] urgent`).
    var urgentHint: Bool
    /// Whether a notification asks for the desktop's sound (`[notifications] sound`).
    var notificationSound: Bool
    /// The file's settings for `/set` and the settings screen (nil for a session not from the
    /// file): its changes are applied through ``apply(_:)``.
    var settingsStore: ConfigSettingsStore?
    /// The user's Lua scripts (`$XDG_DATA_HOME/natter/scripts`).
    let scripts: ScriptManager
    /// Fetches links' previews for the model (made again when `[previews]`' fetching settings
    /// change: its limits are fixed once made).
    var previews: PreviewService
    /// What fails quietly (a preview not fetched, and why).
    let debugLog = DebugLog.standard()
    /// Files uploaded to the networks' file hosts (`/upload`, drops, pasted paths).
    let uploads: UploadSession
    /// Buffers whose notification the user opened, handed from the bus thread to the loop.
    private let opened = OpenedBuffers()
    /// The dark and light themes with the config's fonts and colours.
    var themes: (dark: ChatTheme, light: ChatTheme)
    var appearance: Appearance
    let gtkPrefersDark: Bool?
    /// The desktop portal's light or dark preference (nil unless `appearance` is, or was, auto).
    var portal: ColorSchemePortal?
    let schemes = SchemeUpdates()
    /// Shows the buffer open last time once it exists, else the first joined channel (once).
    private var showStartBuffer: () -> Void = {}
    /// Where what was sent in each buffer is kept between runs (↑ recalls it).
    private let historyPath = InputHistory.defaultPath()
    /// Writes the history as lines are sent, not only at the end of a run that may never end
    /// cleanly.
    private let historyWriter: InputHistoryWriter
    /// How networks answer CTCP requests (the configuration's), for networks added later.
    var ctcp: CTCPConfiguration
    /// Natter's own changes to config.toml (aliases, remembered channels), made in order off
    /// the window's thread.
    let configEdits = ConfigEditQueue(path: ConfigLoader.defaultPath(), wakeUp: { AppWindow.wakeUp() })
    /// The configuration as last applied (config.toml's, with the networks `/server` added and
    /// removed since; with `--server`, the configuration the session started with). A new one
    /// is applied as its difference from this (``apply(_:)``).
    var running = NatterConfig()
    /// Watches config.toml while the session runs (nil for a session not from the file).
    var watcher: ConfigWatcher?
    /// What the last readings of the file said (an error shown, a deletion said).
    var reloadState = ReloadState()
    /// The key bindings changed (`[keys]` edited): the window's own keys follow.
    var onKeyBindingsChanged: ((KeyBindings) -> Void)?
    /// `[display] scale` changed (nil: the desktop's): the window draws at it.
    var onScaleChanged: ((Double?) -> Void)?

    /// The dark and the light theme of `config`: its font size, timestamps and colours.
    static func themes(_ config: NatterConfig) -> (dark: ChatTheme, light: ChatTheme) {
        var fonts = ChatTheme.dark
        fonts.messageFont.size = config.theme.fontSize
        fonts.monoFont.size = max(6, config.theme.fontSize - 1)
        fonts.timestampFormat = config.theme.timestampFormat
        fonts.readableColours = config.theme.readableColours
        return (dark: config.theme.darkColors.applied(to: ChatTheme.dark.withFonts(of: fonts)),
                light: config.theme.lightColors.applied(to: ChatTheme.light.withFonts(of: fonts)))
    }

    /// The theme to open in, before anything is connected (the first-run form): the config's
    /// `appearance`, else the desktop portal's answer if it comes within a quarter of a
    /// second (as the chat waits for it), else GTK's setting, else dark.
    static func openingTheme(_ config: NatterConfig) -> ChatTheme {
        var answer: ColorSchemePortal.Scheme??
        if config.theme.appearance == .auto {
            let updates = SchemeUpdates()
            let portal = ColorSchemePortal { updates.set($0) }
            updates.waitForFirst(seconds: 0.25)
            answer = updates.latest
            portal.stop()
        }
        let dark = DesktopAppearance.isDark(config.theme.appearance, portal: answer ?? nil,
                                            gtkPrefersDark: DesktopAppearance.gtkPrefersDark(environment: ProcessInfo.processInfo.environment))
        let both = themes(config)
        return dark ? both.dark : both.light
    }

    /// A session for `config`. `fromFile`: the same as config.toml gives it (without what is
    /// only for this run: a password typed in the first-run form, an irc:// link's network),
    /// whose later versions are then applied as they are saved; nil for a session not from
    /// the file (`--server`), which is not watched.
    init(config: NatterConfig, fromFile: NatterConfig?, keys: KeyBindings, saved: WindowState, problems: [String],
         ui: WidgetWindow, root: ScreenSwitcher) {
        themes = Self.themes(config)
        appearance = config.theme.appearance
        gtkPrefersDark = DesktopAppearance.gtkPrefersDark(environment: ProcessInfo.processInfo.environment)
        // The desktop's preference, followed live; its first answer is waited for briefly so
        // that the window does not open in the other theme and flip.
        if appearance == .auto {
            let schemes = self.schemes
            portal = ColorSchemePortal { scheme in
                schemes.set(scheme)
                AppWindow.wakeUp()
            }
            schemes.waitForFirst(seconds: 0.25)
        } else {
            portal = nil
        }
        let theme = DesktopAppearance.isDark(appearance, portal: schemes.latest ?? nil, gtkPrefersDark: gtkPrefersDark)
            ? themes.dark : themes.light
        let clock = { SessionTime(monotonic: WidgetWindow.now(), wall: Date()) }
        let stack = ChatStack(settings: config.modelSettings(at: Date()), logs: config.logRoot().map { LogStore(root: $0) },
                              theme: theme, clock: clock)
        model = stack.model
        model.settings.smartFilter = config.smartFilter
        model.settings.smartFilterDelay = Double(config.smartFilterMinutes) * 60
        model.smartFilterChoices = SmartFilterChoices.load(path: SmartFilterChoices.defaultPath())
        screen = stack.screen
        controller = stack.controller
        screen.sidebarWidth = saved.sidebarWidth
        screen.nickListWidth = saved.nickListWidth
        screen.nickListCollapsed = saved.nickListCollapsed
        screen.bufferListCollapsed = saved.bufferListCollapsed ?? false
        let hub = NetworkHub(model: model, clock: clock, wakeUp: { AppWindow.wakeUp() })
        self.hub = hub
        self.networks = config.networks
        self.ui = ui
        notifications = config.notifications ? DesktopNotifications() : nil
        urgentHint = config.urgentHint
        notificationSound = config.notificationSound
        controller.keyBindings = keys
        controller.wakeUp = { AppWindow.wakeUp() }
        controller.input.completer = TabCompleter(suffix: config.completionSuffix)
        controller.input.history = InputHistory.load(path: historyPath, limit: config.inputHistoryLines)
        let historyWriter = InputHistoryWriter(path: historyPath) { printError("natter: \($0)") }
        self.historyWriter = historyWriter
        controller.input.onHistoryChanged = { historyWriter.keep($0) }
        let model = self.model, controller = self.controller
        uploads = UploadSession(controller: controller, uploader: FileUploader { AppWindow.wakeUp() })
        ui.host.onFileDrop = { path in controller.input.dropFile(path) }
        scripts = ScriptManager(model: model, folders: ScriptFolders.standard(environment: ProcessInfo.processInfo.environment),
                                clock: { WidgetWindow.now() }, wakeUp: { AppWindow.wakeUp() })
        previews = Self.previewService(config.previews, log: debugLog)
        model.previewFetcher = previews

        // Networks whose passwords come from the keyring or a command connect when those
        // arrive, fetched off this thread: the window opens at once.
        let starter = NetworkStarter(model: model, hub: hub, wakeUp: { AppWindow.wakeUp() })
        self.starter = starter
        var ctcp = CTCPConfiguration(versionString: config.ctcpVersion)
        ctcp.answered = config.ctcpAnswered
        self.ctcp = ctcp
        for network in config.networks {
            starter.add(network, ctcp: ctcp)
        }
        for problem in problems {
            model.note(problem, in: BufferID(network: config.networks[0].name, name: ""), isError: true, at: Date())
        }
        // irc:// links open here; the rest go to the desktop's handlers.
        controller.onOpenLink = { [weak self] url in
            if let link = IRCLink(url), let self { self.open(link) } else { DesktopActions.open(url) }
        }
        controller.overlays.imageFiles = DiskImageFiles()
        controller.onFriendsChanged = { [configEdits] network, nicks in
            configEdits.edit("The friends of \(network)") { editor throws(TOMLEditError) in
                try ConfigWriter.setFriends(nicks, network: network, in: &editor)
            }
        }
        model.aliases = CommandAliases(config.aliases)
        model.notifyLevels = config.notifyLevels
        model.networkNotifyLevels = config.networkNotifyLevels
        model.previewSettings = config.previews
        controller.onAddNetwork = { [weak self] spec in self?.add(spec) }
        controller.onRemoveNetwork = { [weak self] name in self?.remove(name) }
        controller.onNotifyLevelChanged = { [configEdits] id, level in
            configEdits.edit("The notification level of \(id.name)") { editor throws(TOMLEditError) in
                try editor.set("\(id.network)/\(id.name)", .string(level.rawValue), in: .named("notifications.buffers"))
            }
        }
        controller.onAliasChanged = { [configEdits] name, expansion in
            configEdits.edit("The alias /\(name.lowercased())") { editor throws(TOMLEditError) in
                if let expansion {
                    try editor.set(name, .string(expansion), in: .named("aliases"))
                } else {
                    try editor.remove(name, in: .named("aliases"))
                }
            }
        }
        controller.onIgnoresChanged = { [configEdits] entries in
            let file = ConfigLoader.defaultPath()
            configEdits.edit("The ignores") { editor throws(TOMLEditError) in
                try ConfigWriter.setIgnores(entries, in: &editor, file: file)
            }
        }
        controller.input.sendsTyping = config.sendTyping
        controller.input.defaultSpellLanguage = config.spellLanguage
        for (key, language) in config.spellBuffers {
            let parts = key.split(separator: "/", maxSplits: 1).map(String.init)
            controller.input.bufferLanguages[BufferID(network: parts[0], name: parts.count > 1 ? parts[1] : "")] = language
        }
        controller.input.spellChecker = EnchantSpeller()
        let opened = self.opened
        controller.onNotify = { [weak self] id, title, body in
            guard let self, !ui.host.isWindowFocused else { return }
            // Over D-Bus, with "Open" bringing this window to the buffer; notify-send where
            // the session has no bus or no notification server.
            let sound = self.notificationSound
            self.notifications?.notify(title: title, body: body, key: "\(id.network)/\(id.name)", sound: sound, onOpen: {
                opened.push(id)
                AppWindow.wakeUp()
            }, completion: { result in
                if case .failure = result { DesktopActions.notify(title: title, body: body, sound: sound) }
            })
            if self.urgentHint { ui.window.requestAttention() }
        }
        var shown = false
        let savedBuffer = saved.buffer.map { text -> BufferID in
            let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return BufferID(network: parts[0], name: parts.count > 1 ? parts[1] : "")
        }
        showStartBuffer = {
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
        ui.beforeFrame = { [showStartBuffer] in
            controller.windowFocused = ui.host.isWindowFocused
            controller.sync()
            showStartBuffer()
        }
        ui.host.clearColor = theme.base.background
        root.show(screen)
        controller.show(model.networks[0].serverBuffer.id)
        ui.host.focus(screen.input)
        running = fromFile ?? config
        if let fromFile {
            watchConfig()
            // `/set` and the settings screen change the file, and what they change is applied
            // as a reload of it would be.
            let store = ConfigSettingsStore(path: ConfigLoader.defaultPath(), config: fromFile, edits: configEdits)
            store.keepSecret = ConfigSettingsStore.keyringKeeper()
            store.onChange = { [weak self] config in
                self?.apply(config)
                self?.controller.settings.settingsChanged()
            }
            store.onSecretChanged = { [weak self] name in self?.refetchPasswords(of: name) }
            model.settingsStore = store
            // The scripts' settings are in the same file, changed the same ways.
            model.scriptSettings = store
            settingsStore = store
        }
        model.scriptSettings?.onSettingsChanged = { [weak scripts] names in scripts?.settingsChanged(names) }
        scripts.onSettingsDeclared = { [weak controller] in controller?.settings.settingsChanged() }
        // After the networks and the configuration's stores: scripts may read both as they load.
        scripts.loadAutoload()
    }

    /// Whether more network events arrived since the last ``drainNetwork()``.
    var isNetworkBehind: Bool { hub.isBehind }

    /// Takes what the network threads delivered. Called when the loop is woken: the rows
    /// follow the model at once, not only before the next frame, since a motion's tick or a
    /// wheel event in the same batch asks the list (and so the rows) about lines.
    func drainNetwork() {
        starter.apply()
        hub.drain()
        for outcome in previews.drain() { model.previewArrived(outcome) }
        uploads.drain()
        // What scripts asked for as those lines came in, timers, reloads: before the rows follow.
        scripts.service(now: SessionTime(monotonic: WidgetWindow.now(), wall: Date()))
        controller.sync()
        keepConfigChanges()
        // Here too, not only before a frame: keys that arrive after this drain go to the buffer
        // it showed, however late the next frame comes (a frame is held back in a flood).
        showStartBuffer()
        if let scheme = schemes.takeChange() {
            let theme = DesktopAppearance.isDark(appearance, portal: scheme, gtkPrefersDark: gtkPrefersDark) ? themes.dark : themes.light
            controller.apply(theme)
            ui.host.clearColor = theme.base.background
        }
        for id in opened.take() where model.buffer(id) != nil {
            ui.window.raise()
            controller.show(id)
        }
        if let reading = watcher?.take() { reload(reading) }
    }

    /// Hands the channels joined or parted by hand to the configuration, and says in the
    /// buffer on screen what could not be kept there.
    private func keepConfigChanges() {
        for network in model.networks {
            var changes = network.takeRememberedChanges()
            guard !changes.isEmpty else { continue }
            let name = network.name
            // Keys go to the keyring where this network keeps its passwords.
            if let configured = networks.first(where: { $0.name == name }),
               changes.contains(where: { if case .removed = $0 { false } else { true } }) {
                let kept = ChannelKeyKeeping.keep(changes, of: configured, lookup: ConfigSettingsStore.keyringLookup(),
                                                  store: settingsStore?.keepSecret ?? ConfigSettingsStore.keyringKeeper())
                changes = kept.changes
                for failure in kept.failures { model.note(failure, in: network.serverBuffer.id, isError: true, at: Date()) }
                guard !changes.isEmpty else { continue }
            }
            let written = changes
            configEdits.edit("The channels of \(name)") { editor throws(TOMLEditError) in
                try ConfigWriter.applyChannelChanges(written, network: name, in: &editor)
            }
        }
        for failure in configEdits.takeFailures() {
            guard let id = model.activeBuffer ?? model.networks.first?.serverBuffer.id else { continue }
            model.note(failure, in: id, isError: true, at: Date())
        }
    }

    /// Keeps what was sent for the next run, then leaves every network: QUIT with the
    /// configured message, waiting up to two seconds for the servers to close the links (the
    /// window is already gone by then).
    func stop() {
        uploads.cancel()
        watcher?.stop()
        scripts.stop()
        historyWriter.finish(controller.input.history)
        keepConfigChanges()
        configEdits.waitUntilIdle()
        hub.leaveAll(reason: model.settings.quitMessage, waitingUpTo: 2)
        notifications?.stop()
        portal?.stop()
    }
}

/// Buffers to show because their notification was opened (pushed on the bus thread).
private final class OpenedBuffers: Sendable {
    private let items = Mutex<[BufferID]>([])

    func push(_ id: BufferID) { items.withLock { $0.append(id) } }

    func take() -> [BufferID] { items.withLock { items in defer { items.removeAll() }; return items } }
}

/// The portal's answers, handed from the bus thread to the loop.
final class SchemeUpdates: Sendable {
    private struct State {
        var answered = false
        var latest: ColorSchemePortal.Scheme?
        var changed = false
    }
    private let state = Mutex(State())

    func set(_ scheme: ColorSchemePortal.Scheme?) {
        state.withLock { state in
            state.answered = true
            state.latest = scheme
            state.changed = true
        }
    }

    /// The newest answer (nil inside: the portal has no preference to give), nil before any.
    var latest: ColorSchemePortal.Scheme?? { state.withLock { $0.answered ? .some($0.latest) : nil } }

    /// The newest answer if it came since the last call.
    func takeChange() -> ColorSchemePortal.Scheme?? {
        state.withLock { state in
            guard state.changed else { return nil }
            state.changed = false
            return .some(state.latest)
        }
    }

    /// Waits until the first answer, at most `seconds`.
    func waitForFirst(seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while !state.withLock({ $0.answered }), Date() < deadline { usleep(2_000) }
        _ = takeChange()   // already used for the first theme
    }
}
