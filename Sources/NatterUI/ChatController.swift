import ChatModel
import FoundationEssentials
import IRCSession
import Widgets

/// Binds the chat model to the screen, as a router: once per frame it takes the model's changes
/// (``sync()``) and hands them to the presenters, each of which owns its part of the screen and
/// the state that goes with it:
///
/// - ``buffers`` (``BufferPresenter``): the buffer shown in the message list, each buffer's
///   reading position, revealing a line, paging history, read markers, the rows' menus;
/// - ``chrome`` (``ChromePresenter``): the sidebar, the topic bar and nick list, who is typing;
/// - ``input`` (``InputPresenter``): what is typed: history, completion, paste, reply, our
///   typing notifications, spelling, and the keys the input line leaves to the screen;
/// - ``find`` (``FindPresenter``): the find bar and choosing in the Mentions view;
/// - ``overlays`` (``OverlayPresenter``): the channel list, the quick switcher, the key help,
///   the bouncer form;
/// - ``settings`` (``SettingsPresenter``): the settings screen.
///
/// Commands run in the model (``Commands``); the router applies the few effects they return.
/// A new feature belongs in the model and one presenter, not here.
@MainActor
public final class ChatController {
    public let model: ChatModel
    public let screen: ChatScreen
    public var styler: ChatLineStyler
    /// The buffer on screen (set by ``BufferPresenter/show(_:)``).
    public internal(set) var current: BufferID?
    /// The session time now (a virtual clock in scenarios).
    public var clock: () -> SessionTime
    /// Opens a clicked link (the app hands it to xdg-open).
    public var onOpenLink: ((String) -> Void)?
    /// A highlight or private message worth a desktop notification.
    public var onNotify: ((BufferID, String, String) -> Void)?
    /// The watched nicks of a network changed (/monitor): the app keeps them in the config.
    public var onFriendsChanged: ((String, [String]) -> Void)?
    /// An alias was defined (its expansion) or removed (nil) with /alias or /unalias: the app
    /// keeps it in the configuration.
    public var onAliasChanged: ((String, String?) -> Void)?
    /// `/server add` and `/server del`: the app keeps the networks in the configuration and
    /// starts the one added.
    public var onAddNetwork: ((ServerSpec) -> Void)?
    public var onRemoveNetwork: ((String) -> Void)?
    /// A buffer's notification level was set with /notify: the app keeps it in the configuration.
    public var onNotifyLevelChanged: ((BufferID, NotifyLevel) -> Void)?
    /// The ignores changed (/ignore, /unignore): the app keeps these entries in the config.
    public var onIgnoresChanged: (([String]) -> Void)?
    /// Upload this file (`/upload`, a drop, a pasted path; checked by the model): the app
    /// starts it and reports back through ``InputPresenter/uploadProgressed(_:)`` and
    /// ``InputPresenter/uploadEnded(_:_:)``.
    /// Nil where nothing uploads (scenarios): `/upload` says so.
    public var onUpload: ((UploadRequest) -> Void)?
    /// Cancel the upload under way (Escape, the upload bar's button).
    public var onCancelUpload: (() -> Void)?
    /// Wakes the window's loop from another thread (a search found something); the next
    /// frame's ``sync()`` takes it.
    public var wakeUp: @Sendable () -> Void = {}
    /// Whether searches too slow for a frame (patterns over the loaded lines, the logs) run on a
    /// thread; scenarios run them at once, so their frames do not depend on the machine's speed.
    public var searchesInBackground = true
    /// Configurable keys (buffer switching, closing, jumping, and the input line's editing).
    public var keyBindings = KeyBindings() {
        didSet { screen.input.editingBindings = keyBindings.editingBindings }
    }

    public private(set) var buffers: BufferPresenter!
    public private(set) var chrome: ChromePresenter!
    public private(set) var input: InputPresenter!
    public private(set) var find: FindPresenter!
    public private(set) var overlays: OverlayPresenter!
    public private(set) var settings: SettingsPresenter!

    public init(model: ChatModel, screen: ChatScreen, styler: ChatLineStyler = ChatLineStyler(),
                clock: @escaping () -> SessionTime) {
        self.model = model
        self.screen = screen
        self.styler = styler
        self.clock = clock
        buffers = BufferPresenter(chat: self)
        chrome = ChromePresenter(chat: self)
        input = InputPresenter(chat: self)
        find = FindPresenter(chat: self)
        overlays = OverlayPresenter(chat: self)
        settings = SettingsPresenter(chat: self)
    }

    /// A user intent for a network's session, now; what it produces goes to the network's link
    /// through the model.
    func perform(_ intent: UserIntent, network: String) {
        model.perform(intent, network: network, now: clock())
    }

    /// Shows buffer `id`, keeping the reading position of the one left (``BufferPresenter``),
    /// and brings every other part of the screen to it.
    public func show(_ id: BufferID) {
        guard model.buffer(id) != nil, id != current else { return }
        // Changes queued before the switch belong to the rows as they are now: the new rows are
        // built from the lines as they are, so a line appended (or trimmed) this frame must not
        // be applied to them a second time at the next sync.
        sync()
        guard id != current, let buffer = model.buffer(id) else { return }
        if let left = current {
            buffers.hide(left)
            find.willHide(left)
            input.willHide(left)
        }
        buffers.show(buffer)
        input.refreshPasteQueue()
        input.didShow(buffer)
        find.didShow(buffer)
        chrome.refreshAll()
        overlays.didShow(buffer)
    }

    /// Shows the message with `lineID` in buffer `id` (``BufferPresenter/reveal(lineID:in:time:)``).
    public func reveal(lineID: String, in id: BufferID, time: Date? = nil) {
        buffers.reveal(lineID: lineID, in: id, time: time)
    }

    /// Applies the model's queued changes to the screen (once per frame), through the presenters.
    public func sync() {
        let frame = FrameChanges(model.takeChanges(), current: current)
        for (id, title, body) in frame.notifications { onNotify?(id, title, body) }
        for effect in frame.effects { perform(effect) }
        if buffers.apply(frame) == .showedFallback {
            chrome.refreshSidebar()
            overlays.refreshBouncerForm()
            return
        }
        find.apply(frame)
        if frame.previews { buffers.previewsChanged() }
        if frame.paste { input.refreshPasteQueue() }
        chrome.apply(frame)
        overlays.apply(frame)
    }

    /// Whether the window has the keyboard; losing it sends the shown buffer's read marker.
    public var windowFocused: Bool {
        get { model.windowFocused }
        set { buffers.windowFocusChanged(to: newValue) }
    }

    /// Runs what was typed: a command or a message to the current buffer (``InputPresenter``).
    public func submit(_ text: String) { input.submit(text) }

    /// Carries out one command in buffer `id`: the model runs it (``Commands``); what only the
    /// screen can do comes back as effects.
    func run(_ command: ChatCommand, in id: BufferID) {
        for effect in Commands(model: model).run(command, in: id, now: clock()) { perform(effect) }
    }

    /// Does what only the screen and the app can do for a command.
    private func perform(_ effect: CommandEffect) {
        switch effect {
        case .show(let id):
            sync()
            show(id)
        case .close(let id):
            if let buffer = model.buffer(id) { buffers.close(buffer) }
        case .openKeyHelp:
            overlays.openKeyHelp()
        case .openSettings(let section):
            settings.open(section)
        case .spell(let language, let id):
            input.runSpell(language, in: id)
        case .showOnceJoined(let network, let channel):
            overlays.showOnceJoined(channel, network: network)
        case .showChannelListWhenReady(let network):
            overlays.showListWhenReady = network
        case .openBouncerForm(let control):
            overlays.openBouncerForm(control: control)
        case .friendsChanged(let network, let nicks):
            chrome.refreshSidebar()
            onFriendsChanged?(network, nicks)
        case .openLink(let url):
            onOpenLink?(url)
        case .aliasChanged(let name, let expansion):
            onAliasChanged?(name, expansion)
        case .addNetwork(let spec):
            onAddNetwork?(spec)
            sync()
            show(BufferID(network: spec.name, name: ""))
        case .removeNetwork(let name):
            onRemoveNetwork?(name)
            chrome.refreshSidebar()
            if current?.network == name, let first = model.networks.first { show(first.serverBuffer.id) }
        case .notifyLevelChanged(let id, let level):
            chrome.refreshSidebar()
            onNotifyLevelChanged?(id, level)
        case .ignoresChanged(let entries):
            onIgnoresChanged?(entries)
        case .upload(let request):
            input.startUpload(request)
        }
    }

    /// Runs a command line in buffer `id` as if typed, without touching the input line (the
    /// nick list's menu).
    func submitCommand(_ line: String, in id: BufferID) {
        guard case .success(let command) = ChatCommandParser.parse(line) else { return }
        run(command, in: id)
        sync()
    }

    /// Draws everything with `theme` from now on (the desktop switched between light and dark).
    public func apply(_ theme: ChatTheme) {
        guard theme != styler.theme else { return }
        // Changes queued for the rows as they are now go in first: the reload below builds the
        // rows from the lines as they are (applying them after would count them twice).
        sync()
        styler.theme = theme
        screen.apply(theme)
        input.apply(theme)
        buffers.apply(theme)
        overlays.apply(theme)
        settings.apply(theme)
        screen.host?.clearColor = theme.base.background
        screen.host?.invalidateAll()
        chrome.refreshSidebar()
        chrome.refreshHeader()
    }
}

/// What the model changed since the last frame, sorted for the presenters: the shown buffer's
/// line changes netted over the frame (the scrollback already holds their sum, and the rows
/// follow it in one step), and what the sidebar, the header and the typing note must redraw.
struct FrameChanges {
    var appended = 0, prepended = 0, trimmed = 0
    /// A page of history arrived, or a window of it opened or closed.
    var historyDone = false
    var windowChanged = false
    /// Replayed lines went in among the shown buffer's lines.
    var inserted = false
    /// Ids of the shown buffer's lines changed in place.
    var changedLines: [String] = []
    var sidebar = false, header = false, typing = false, channelList = false
    var notifications: [(BufferID, String, String)] = []
    /// Effects of commands the model ran on its own (``ModelChange/effects(_:)``).
    var effects: [CommandEffect] = []
    /// The shown buffer's paste queue changed.
    var paste = false
    /// What previews show changed as a whole: the rows are laid out again.
    var previews = false

    init(_ changes: [ModelChange], current: BufferID?) {
        for change in changes {
            switch change {
            case .linesAppended(let id, let count): if id == current { appended += count }
            case .linesPrepended(let id, let count): if id == current { prepended += count; historyDone = true }
            case .linesTrimmed(let id, let count): if id == current { trimmed += count }
            case .windowChanged(let id): if id == current { windowChanged = true; historyDone = true }
            case .linesInserted(let id): if id == current { inserted = true }
            case .lineChanged(let id, let line): if id == current { changedLines.append(line) }
            case .previewsChanged: previews = true
            case .unreadChanged, .buffersChanged, .connectionChanged: sidebar = true
            case .membersChanged(let id), .topicChanged(let id): if id == current { header = true }
            case .typingChanged(let id): if id == current { typing = true }
            case .channelListChanged(let id): if id == current { channelList = true }
            case .notify(let id, let title, let body): notifications.append((id, title, body))
            case .effects(let kept): effects += kept
            case .pasteChanged(let id): if id == current { paste = true }
            }
        }
    }
}
