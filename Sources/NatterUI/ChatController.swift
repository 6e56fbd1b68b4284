import ChatModel
import FoundationEssentials
import IRCProtocol
import IRCSession
import Widgets

/// Binds the chat model to the screen: shows a buffer in the message list (keeping each
/// buffer's reading position), brings the sidebar, topic and nick list up to date from the
/// model's changes once per frame, and turns what the user types into commands and messages.
@MainActor
public final class ChatController {
    public let model: ChatModel
    public let screen: ChatScreen
    public var styler: ChatLineStyler
    /// The buffer on screen.
    public internal(set) var current: BufferID?
    /// The session time now (a virtual clock in scenarios).
    public var clock: () -> SessionTime
    /// Opens a clicked link (the app hands it to xdg-open).
    public var onOpenLink: ((String) -> Void)?
    /// A highlight or private message worth a desktop notification.
    public var onNotify: ((BufferID, String, String) -> Void)?
    /// The watched nicks of a network changed (/monitor): the app keeps them in the config.
    public var onFriendsChanged: ((String, [String]) -> Void)?
    private var rows: [BufferID: BufferRows] = [:]
    /// What each hidden buffer's view keeps: its reading position (with the selection) and
    /// the join/part groups the reader expanded.
    private var views: [BufferID: BufferView] = [:]
    private var history: [BufferID: [String]] = [:]
    private var historyIndex: Int?
    /// The line last asked for by ``reveal(lineID:in:time:)`` that was not loaded.
    private var aroundTarget: (buffer: BufferID, lineID: String, time: Date?)?
    /// The find bar's query and matches (ChatController+Find.swift).
    var find = FindState()
    /// Whether our typing is announced (`+typing`); the `[typing] send` setting.
    public var sendsTyping = true
    /// The newest time each buffer's read marker was sent up to (ChatController+ReadMarker).
    var readMarkersSent: [BufferID: Date] = [:]
    /// The msgid the next message replies to (Alt+↑, or Reply in a row's menu).
    var replyingTo: String?
    /// The buffer we told that we are typing in, until we send or clear the input.
    var typingTarget: BufferID?
    /// When the input last changed while we were typing (monotonic), and whether `paused` went.
    var typingLastEdit: Double?
    var typingPaused = false
    /// The mention chosen with the keyboard in the Mentions view (ChatController+Mentions.swift).
    var chosenMention: String?
    /// Wakes the window's loop from another thread (the log search found something); the
    /// next frame's ``sync()`` takes it.
    public var wakeUp: @Sendable () -> Void = {}
    /// Whether searches too slow for a frame (patterns over the loaded lines, the logs) run on a thread;
    /// scenarios run them at once, so their frames do not depend on the machine's speed.
    public var searchesInBackground = true
    /// The bouncer networks form (`/bouncer`), made when first opened, and its bouncer.
    public internal(set) var bouncerForm: BouncerNetworkForm?
    var bouncerFormControl: String?
    /// The quick switcher (Ctrl+K), made when first opened.
    public private(set) var switcher: QuickSwitcher?
    /// Checks the input line's spelling (nil: no checking).
    public var spellChecker: (any SpellChecking)? { didSet { refreshSpelling() } }
    /// The language the input is checked in where the buffer has none of its own (empty: off).
    public var defaultSpellLanguage = "en_US" { didSet { refreshSpelling() } }
    /// Languages of buffers that have their own (`/spell`, the config); empty: off there.
    public var bufferLanguages: [BufferID: String] = [:]
    /// The keyboard help (F1, `/keys`), made when first opened.
    public private(set) var keyHelp: KeyHelpView?
    /// After /list: the network whose channel list to show once it arrives.
    var showListWhenReady: String?
    /// A channel joined from the channel list, shown as soon as the server confirms the join.
    var showWhenJoined: (network: String, name: String, until: Double)?
    /// A paste of more than three lines waiting for Enter (send) or Escape (cancel).
    public internal(set) var pendingPaste: [String]?
    /// Whether the waiting paste goes as one multiline message.
    var pasteAsOne = false
    /// Configurable keys (buffer switching, closing, jumping).
    public var keyBindings = KeyBindings()
    /// Tab completion state (kept across redraws; reset by any other edit).
    public var completer = TabCompleter()

    public init(model: ChatModel, screen: ChatScreen, styler: ChatLineStyler = ChatLineStyler(),
                clock: @escaping () -> SessionTime) {
        self.model = model
        self.screen = screen
        self.styler = styler
        self.clock = clock
        screen.sidebar.onSelect = { [weak self] id in
            guard let self else { return }
            // A friend without a query yet: open one.
            let spelled = self.model.network(id.network)?.friends
                .first { self.model.network(id.network)?.caseMapping.lowercased($0.nick) == id.name }?.nick ?? id.name
            if self.model.buffer(id) == nil, let query = self.model.openQuery(spelled, network: id.network) {
                self.show(query.id)
            } else {
                self.show(id)
            }
        }
        screen.onTick = { [weak self] in
            self?.pauseTypingIfIdle()
            self?.refreshTyping()
        }
        screen.nickList.onOpenQuery = { [weak self] nick in
            guard let self, let network = self.current?.network, let query = self.model.openQuery(nick, network: network) else { return }
            self.show(query.id)
        }
        screen.input.onSubmit = { [weak self] text in
            guard let self else { return }
            if self.pendingPaste != nil {
                self.confirmPaste()
            } else if text.isEmpty, self.openChosenMention() {
                return
            } else {
                self.submit(text)
            }
        }
        screen.input.onPaste = { [weak self] text in self?.paste(text) ?? false }
        screen.input.onChange = { [weak self] text in self?.inputChanged(text) }
        // Shift+Enter breaks lines; the input grows to 8 of them, then scrolls.
        screen.input.maxLines = 8
        screen.nickList.onMenu = { [weak self] member in self?.nickMenu(for: member) ?? [] }
        screen.nickList.onDone = { [weak self] in
            guard let self else { return }
            self.screen.host?.focus(self.screen.input)
        }
        refreshSpelling()
        screen.messages.onNeedOlder = { [weak self] in self?.loadOlder() }
        screen.topicBar.onLink = { [weak self] url, copy in
            if copy { self?.screen.host?.clipboard.setText(url) } else { self?.onOpenLink?(url) }
        }
        screen.onKey = { [weak self] event in self?.handleKey(event) ?? false }
        wireFindBar()
    }

    /// A user intent for a network's session, now; what it produces goes to the network's link
    /// through the model.
    func perform(_ intent: UserIntent, network: String) {
        model.perform(intent, network: network, now: clock())
    }

    /// Shows buffer `id`: saves the view of the buffer left (reading position, selection,
    /// expanded groups) and restores this one's. A buffer left scrolled up reopens at its
    /// anchor, with what arrived meanwhile counted unseen; one left pinned opens at its first
    /// unread line (docs/SCROLLING.md §2).
    public func show(_ id: BufferID) {
        guard let buffer = model.buffer(id), id != current else { return }
        // Changes queued before the switch belong to the rows as they are now: the new rows are
        // built from the lines as they are, so a line appended (or trimmed) this frame must not
        // be applied to them a second time at the next sync.
        sync()
        guard id != current else { return }
        if let current {
            // Leaving a buffer read to its end: our other clients learn how far.
            sendReadMarker(current)
            views[current] = BufferView(position: screen.messages.savedPosition,
                                        expanded: rows[current]?.expanded ?? [])
            rows[current] = nil
            if current == .mentions { chosenMention = nil }
            cancelReply()
        }
        let unread = buffer.unread
        let rows = BufferRows(buffer: buffer, styler: styler)
        rows.onOpenLink = { [weak self] url in self?.onOpenLink?(url) }
        rows.onCopyLink = { [weak self] url in self?.screen.host?.clipboard.setText(url) }
        rows.onLoadAround = { [weak self] lineID in self?.loadAround(lineID: lineID, in: id) ?? false }
        rows.onOpenReplied = { [weak self] parent in self?.reveal(lineID: parent, in: id) }
        rows.onToggleReaction = { [weak self] line, reaction in self?.toggleReaction(reaction, on: line, in: id) }
        rows.onMenu = { [weak self] line, link in self?.menu(for: line, in: id, link: link) ?? [] }
        if buffer.kind == .mentions {
            rows.onActivateLine = { [weak self] lineID in
                guard let self, let source = self.model.mentionSource(of: lineID) else { return }
                self.reveal(lineID: source.lineID, in: source.buffer)
            }
        }
        rows.onReturnToLive = { [weak self] in
            self?.model.returnToLive(id)
            return true
        }
        let view = views.removeValue(forKey: id)
        rows.expanded = view?.expanded ?? []
        self.rows[id] = rows
        current = id
        model.activeBuffer = id
        let list = screen.messages
        list.dataSource = rows
        list.canLoadOlder = !buffer.reachedOldest && Self.pagesHistory(buffer)
        list.olderLoading = buffer.isLoadingOlder
        if var saved = view?.position, !saved.pinned || !buffer.showsNewest {
            // Left scrolled up (or reading a page of older history): back where it was, what
            // arrived meanwhile counted on the pill.
            saved.unseen += unread
            list.restore(saved)
        } else if rows.hasMarker {
            list.open(atRowID: BufferRows.markerID, unseen: unread)
            list.restoreSelection(view?.position.selection)
        } else {
            list.restore(view?.position ?? SavedListPosition(pinned: true))
        }
        historyIndex = nil
        screen.nickList.filter = ""
        runFind(keepingCurrent: false)
        refreshSidebar()
        refreshHeader()
        refreshTyping()
        presentChannelList(buffer)
        refreshSpelling()
    }

    /// Shows the message with `lineID` in buffer `id` (a highlight notification, a search hit,
    /// the unread marker): switches to the buffer and reveals the row, highlighted. A line that
    /// is not loaded (sent at `time`, when known) is fetched with the page around it, which the
    /// buffer then shows in place of its lines until the reader jumps back to the newest.
    public func reveal(lineID: String, in id: BufferID, time: Date? = nil) {
        show(id)
        guard id == current, let rows = rows[id] else { return }
        if let rowID = rows.rowID(ofLineID: lineID) {
            screen.messages.reveal(rowID: rowID)
            return
        }
        aroundTarget = (id, lineID, time)
        screen.messages.reveal(rowID: lineID)
    }

    /// The page around a line not loaded arrived (as a window): when it does not hold the line
    /// itself (the logs name lines their own way), the first line from its time on is shown.
    private func revealNearest(in buffer: ChatBuffer, rows: BufferRows) {
        guard let target = aroundTarget, target.buffer == buffer.id else { return }
        aroundTarget = nil
        guard rows.rowID(ofLineID: target.lineID) == nil, let time = target.time,
              let near = buffer.shown.lines.first(where: { $0.time >= time }) ?? buffer.shown.lines.last,
              let rowID = rows.rowID(ofLineID: near.id) else { return }
        screen.messages.reveal(rowID: rowID, animated: false)
    }

    /// The rows of buffer `id` when it is shown.
    func rows(of id: BufferID) -> BufferRows? { rows[id] }

    /// Asks the model for the page around a line that is not loaded; whether it will come.
    private func loadAround(lineID: String, in id: BufferID) -> Bool {
        let time = aroundTarget?.lineID == lineID ? aroundTarget?.time : nil
        guard let lines = model.requestAround(id, lineID: lineID, time: time, now: clock()) else {
            let busy = model.buffer(id)?.isLoadingAround == true || model.buffer(id)?.isLoadingOlder == true
            model.note(busy ? "Still fetching history for this buffer: try again in a moment."
                            : "That message is not in the history here.", in: id, isError: true, at: clock().wall)
            aroundTarget = nil
            return false
        }
        _ = lines
        return true
    }

    /// Applies the model's queued changes to the widgets (once per frame).
    public func sync() {
        var sidebar = false, header = false
        // The current buffer's line changes are netted over the frame: the scrollback already
        // holds their sum, and the rows follow it in one step.
        var appended = 0, prepended = 0, trimmed = 0, historyDone = false, windowChanged = false
        var changedLines: [String] = []
        var typingChanged = false, inserted = false
        for change in model.takeChanges() {
            switch change {
            case .linesAppended(let id, let count):
                if id == current { appended += count }
            case .linesPrepended(let id, let count):
                if id == current { prepended += count; historyDone = true }
            case .linesTrimmed(let id, let count):
                if id == current { trimmed += count }
            case .windowChanged(let id):
                if id == current { windowChanged = true; historyDone = true }
            case .linesInserted(let id):
                if id == current { inserted = true }
            case .lineChanged(let id, let line):
                if id == current { changedLines.append(line) }
            case .unreadChanged, .buffersChanged, .connectionChanged:
                sidebar = true
            case .membersChanged(let id), .topicChanged(let id):
                if id == current { header = true }
            case .typingChanged(let id):
                if id == current { typingChanged = true }
            case .channelListChanged(let id):
                if id == current { refreshChannelList() }
            case .notify(let id, let title, let body):
                onNotify?(id, title, body)
            }
        }
        if sidebar {
            // Buffers that went with their network (a bouncer network removed): their saved
            // views go too; the one on screen gives way to the first server buffer.
            rows = rows.filter { model.buffer($0.key) != nil || $0.key == current }
            views = views.filter { model.buffer($0.key) != nil }
        }
        if let gone = current, model.buffer(gone) == nil, let fallback = model.networks.first?.serverBuffer.id {
            rows[gone] = nil
            current = nil
            show(fallback)
            refreshSidebar()
            refreshBouncerForm()
            return
        }
        if let current, let rows = rows[current], let buffer = model.buffer(current) {
            if windowChanged {
                // A window of older history opened or closed: the rows start over (the list
                // finds its anchor, or the row it was asked to reveal, by id).
                rows.reload()
                screen.messages.reloadAll()
                if !buffer.showsNewest { revealNearest(in: buffer, rows: rows) }
            } else if inserted, buffer.showsNewest {
                // Replayed lines went in among the rows (a bouncer's playback after the join
                // row): the rows start over, and the list keeps its anchor by id.
                rows.reload()
                screen.messages.reloadAll()
            } else {
                // The loading row goes (or comes) first: the line changes are worked out after it.
                apply(rows.setLoading(buffer.isLoadingOlder))
                if buffer.showsNewest, appended + prepended + trimmed > 0 {
                    for delta in rows.update(appended: appended, prepended: prepended, trimmed: trimmed) { apply(delta) }
                } else if !buffer.showsNewest, prepended > 0 {
                    for delta in rows.update(appended: 0, prepended: prepended, trimmed: 0) { apply(delta) }
                }
            }
            if !buffer.showsNewest, appended > 0 {
                // Live lines while a window is read: not on screen, but counted on the pill.
                let messages = buffer.scrollback.lines.suffix(appended).filter { $0.isMessage && !$0.isOwn }.count
                screen.messages.noteUnseen(messages)
            }
        }
        if let current, let rows = rows[current], let buffer = model.buffer(current) {
            let shown = buffer.shown.lines
            for id in changedLines {
                if let index = shown.lastIndex(where: { $0.id == id }), let row = rows.rowIndex(ofLine: index) {
                    screen.messages.rowChanged(at: row)
                }
                // The replies quoting it show it too (a deletion must not linger in a quote).
                for index in shown.indices where shown[index].replyTo == id {
                    if let row = rows.rowIndex(ofLine: index) { screen.messages.rowChanged(at: row) }
                }
            }
        }
        if find.isOpen, let current, let buffer = model.buffer(current),
           appended + trimmed > 0 || (prepended > 0 && buffer.showsNewest) {
            runFind(keepingCurrent: true)   // the live lines changed (a page of the logs is not searched)
        }
        drainLogSearch()
        if historyDone, let current {
            screen.messages.olderLoading = false
            if let buffer = model.buffer(current) {
                screen.messages.canLoadOlder = !buffer.reachedOldest && Self.pagesHistory(buffer)
            }
        }
        if sidebar {
            refreshSidebar()
            refreshBouncerForm()
        }
        if header { refreshHeader() }
        if typingChanged { refreshTyping() }
        if let network = showListWhenReady, let list = model.network(network)?.buffers.first(where: { $0.kind == .channelList }) {
            showListWhenReady = nil
            show(list.id)
        }
        showJoinedChannel()
    }

    /// Tells the list how its rows changed.
    private func apply(_ delta: RowDelta) {
        let list = screen.messages
        if delta.removedFromTop > 0 { list.rowsRemovedFromTop(delta.removedFromTop) }
        if delta.prepended > 0 { list.rowsPrepended(delta.prepended) }
        for row in delta.changed { list.rowChanged(at: row) }
        if delta.appended > 0 { list.rowsAppended(delta.appended, unseen: delta.appendedMessages) }
    }

    /// Runs what was typed: a command or a message to the current buffer.
    public func submit(_ text: String) {
        guard let current, !text.isEmpty else { return }
        var past = history[current, default: []]
        if past.last != text { past.append(text) }
        history[current] = Array(past.suffix(100))
        historyIndex = nil
        typingTarget = nil   // the message itself says we stopped
        screen.input.text = ""
        // What you say goes to the live conversation: leave a page of older history for it.
        if model.buffer(current)?.showsNewest == false { screen.messages.jumpToBottom() }
        let parent = replyingTo
        cancelReply()
        // Several lines typed (Shift+Enter) as a message, where the server takes them as one.
        if text.contains("\n"), !text.hasPrefix("/"), let buffer = model.buffer(current),
           buffer.kind == .channel || buffer.kind == .query,
           let network = model.network(current.network), network.canSendMultiline {
            perform(.sendMultiline(target: buffer.name, text: text, replyTo: parent), network: current.network)
            sync()
            return
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            switch ChatCommandParser.parse(String(line)) {
            case .success(.say(let message)) where parent != nil:
                reply(message, to: parent!, in: current)
            case .success(let command): run(command, in: current)
            case .failure(let failure): model.note(failure.message, in: current, isError: true, at: clock().wall)
            }
        }
        sync()
    }

    func loadOlder() {
        guard let current else { return }
        screen.messages.olderLoading = true
        model.requestOlder(current, now: clock())
        sync()   // shows the loading row, or the page the logs gave at once
        if let buffer = model.buffer(current), !buffer.isLoadingOlder {
            screen.messages.olderLoading = false
            screen.messages.canLoadOlder = !buffer.reachedOldest && Self.pagesHistory(buffer)
        }
    }

    func recallHistory(older: Bool) -> Bool {
        guard let current, let past = history[current], !past.isEmpty else { return false }
        let index = older ? max(0, (historyIndex ?? past.count) - 1) : (historyIndex ?? past.count) + 1
        if index >= past.count {
            historyIndex = nil
            screen.input.text = ""
        } else {
            historyIndex = index
            screen.input.text = past[index]
        }
        return true
    }

    func refreshSidebar() {
        let mentions = model.mentions
        var entries: [BufferListView.Entry] = [.init(id: mentions.id, title: "Mentions", unread: mentions.unread,
                                                     highlights: mentions.unread)]
        var status: [String] = []
        for network in model.networks {
            let networkTitle = model.title(of: network)
            entries.append(.init(id: network.serverBuffer.id, title: networkTitle, isHeader: true))
            for buffer in network.buffers {
                let title = buffer.kind == .server ? "server" : buffer.name
                entries.append(.init(id: buffer.id, title: title, unread: buffer.unread, highlights: buffer.highlights,
                                     isDimmed: buffer.kind == .channel && !buffer.isJoined))
            }
            let friends = network.friends
            if !friends.isEmpty {
                // Watched nicks (MONITOR): online ones bright, the others dimmed; a click opens a
                // query with the friend.
                entries.append(.init(id: network.serverBuffer.id, title: "Friends", isHeader: true))
                for friend in friends {
                    let id = BufferID(network: network.name, name: network.caseMapping.lowercased(friend.nick))
                    let mark = friend.online == true ? "● " : "○ "
                    entries.append(.init(id: id, title: mark + friend.nick, isDimmed: friend.online != true))
                }
            }
            var line = "\(networkTitle): " + network.statusSummary
            if let away = network.awayMessage {
                line += away.isEmpty ? " · away" : " · away: \(away)"
            }
            let link = network.link.summary
            if !link.isEmpty {
                line = network.isRegistered ? line + " · " + link : "\(networkTitle): " + link
            }
            // A bouncer network: how the bouncer's own link upstream is doing, whatever ours is.
            if let upstream = model.upstreamState(of: network), upstream != "connected" { line += " · upstream \(upstream)" }
            let count = network.bouncerNetworks.count
            if count > 0 { line += " · bouncer, \(count) network" + (count == 1 ? "" : "s") }
            status.append(line)
        }
        screen.sidebar.entries = entries
        screen.sidebar.selected = current
        screen.sidebar.status = status
    }

    func refreshHeader() {
        if current == .mentions {
            screen.topicBar.title = "Mentions"
            screen.topicBar.topic = [TextSpan("Every highlight and private message; click one, or ↑ ↓ then Enter, to open it",
                                              TextAttributes(font: styler.theme.messageFont, foreground: styler.theme.dimText))]
            screen.showsNickList = false
            screen.nickList.entries = []
            return
        }
        guard let current, let buffer = model.buffer(current), let network = model.network(current.network) else { return }
        screen.topicBar.title = buffer.kind == .server ? network.name : buffer.name
        screen.topicBar.topic = buffer.topic.map { styler.message($0) } ?? []
        screen.showsNickList = buffer.kind == .channel
        screen.nickList.entries = buffer.kind == .channel
            ? network.sortedMembers(of: buffer.name).map { .init(nick: $0.nick, prefixes: $0.prefixes, away: $0.away) } : []
    }

    /// Opens the quick switcher over every buffer of every network (and the mentions view),
    /// the current one left out.
    public func openSwitcher() {
        guard let host = screen.host else { return }
        let switcher = self.switcher ?? QuickSwitcher(theme: styler.theme)
        self.switcher = switcher
        switcher.onChoose = { [weak self] id in self?.show(id) }
        var candidates: [QuickSwitcher.Candidate] = []
        let mentions = model.mentions
        candidates.append(.init(id: mentions.id, title: "Mentions", network: "", unread: mentions.unread,
                                highlights: mentions.unread, lastActivity: Self.activity(mentions)))
        for network in model.networks {
            for buffer in network.buffers where buffer.kind != .channelList {
                candidates.append(.init(id: buffer.id, title: buffer.kind == .server ? network.name : buffer.name,
                                        network: network.name, unread: buffer.unread, highlights: buffer.highlights,
                                        lastActivity: Self.activity(buffer)))
            }
        }
        switcher.candidates = candidates.filter { $0.id != current }
        switcher.show(in: host)
    }

    /// Draws everything with `theme` from now on (the desktop switched between light and
    /// dark): the screen's parts, the rows (styled again, the list keeping its anchor), the
    /// input's formatting; the overlays are made again when next opened.
    public func apply(_ theme: ChatTheme) {
        guard theme != styler.theme else { return }
        // Changes queued for the rows as they are now go in first: the reload below builds
        // the rows from the lines as they are (applying them after would count them twice).
        sync()
        styler.theme = theme
        screen.apply(theme)
        recolourInputBars()
        refreshSpelling()
        for rows in rows.values { rows.styler = styler }
        if let current, let rows = rows[current] {
            // Restyled rows; the list keeps its anchor row by id.
            rows.reload()
            screen.messages.reloadAll()
        }
        switcher?.dismiss()
        switcher = nil
        keyHelp?.dismiss()
        keyHelp = nil
        screen.host?.clearColor = theme.base.background
        screen.host?.invalidateAll()
        refreshSidebar()
        refreshHeader()
    }

    /// Opens the keyboard help with the bindings in use (the user's included).
    public func openKeyHelp() {
        guard let host = screen.host else { return }
        let help = keyHelp ?? KeyHelpView(theme: styler.theme)
        keyHelp = help
        help.show(in: host, bindings: keyBindings)
    }

    /// When something last happened in `buffer` (its newest line), for the switcher's order.
    static func activity(_ buffer: ChatBuffer) -> Double {
        buffer.scrollback.lines.last?.time.timeIntervalSince1970 ?? 0
    }

    /// Whether a buffer has older history to page (the server buffer and the channel list
    /// do not).
    static func pagesHistory(_ buffer: ChatBuffer) -> Bool {
        buffer.kind != .server && buffer.kind != .channelList && buffer.kind != .mentions
    }

}

/// What a hidden buffer's view keeps until it is shown again.
struct BufferView {
    /// The reading position and the selection.
    var position: SavedListPosition
    /// The join/part groups the reader expanded.
    var expanded: Set<String>
}
