import FoundationEssentials
import IRCProtocol
import IRCSession

/// The chat state of the whole client: networks, their buffers and scrollback, unread and
/// highlight counts, logs. Every server line goes through the network's `IRCSession` (the
/// same path for the live app and for `natter render` scenarios); the session's events become
/// lines and counts here; the changes queue up until the interface drains them.
///
/// Not thread-safe: the UI thread owns it. O(1) per appended line (plus the log write).
public final class ChatModel {
    /// The networks, in configuration order.
    public internal(set) var networks: [ChatNetwork] = []
    /// Scrollback cap, highlights, ignores.
    public var settings: ModelSettings
    /// The user's own commands (`[aliases]`, `/alias`).
    public var aliases = CommandAliases()
    /// The configuration's settings for `/set` and the settings screen (nil: none to change,
    /// as in scenarios that give none).
    public var settingsStore: (any SettingsStore)?
    /// The user's scripts (nil: none can be loaded, as in scenarios). Weak: the manager holds
    /// the model, and its owner (the session) holds it; a strong reference here made a cycle
    /// that kept every model, manager and Lua state ever made (`make fuzz`'s scripts target ran
    /// out of memory).
    public weak var scripts: (any ScriptHooks)?
    /// Where scripts' settings are kept (nil: in memory for the run).
    public var scriptSettings: (any ScriptSettingsStore)?
    /// Fetches link previews (nil: none are fetched, as in tests without one). Weak: the app
    /// owns its service.
    public weak var previewFetcher: (any PreviewFetching)?
    /// Which links show previews (`[previews]`).
    public var previewSettings = PreviewSettings()
    /// Every link's preview as far as it got, and the lines waiting for one.
    var previewBook = PreviewBook()
    /// Buffers' own notification levels, by ``notifyKey(_:)`` (the rest have their kind's).
    public var notifyLevels: [String: NotifyLevel] = [:]
    /// Networks' levels (a network's `notify`), by name in lower case: what its buffers
    /// without one of their own ask.
    public var networkNotifyLevels: [String: NotifyLevel] = [:]
    /// Where lines are logged (nil: not logged).
    public let logs: LogStore?
    /// The buffer on screen: its new lines are read at once while the window has focus.
    public var activeBuffer: BufferID? {
        didSet {
            if let activeBuffer, windowFocused { markRead(activeBuffer) }
            if let activeBuffer, activeBuffer != oldValue { tellScripts(.bufferSwitched(activeBuffer)) }
        }
    }
    /// Whether the window has keyboard focus (unfocused, even the active buffer collects unread
    /// lines and highlights notify).
    public var windowFocused = true {
        didSet { if windowFocused, let activeBuffer { markRead(activeBuffer) } }
    }
    var changes: [ModelChange] = []
    /// Where the model's lines and link requests go, by network: the app's network hub, a
    /// scenario's record. Unset: nothing is sent (a model read only for display).
    public var linkRequests: ((String, LinkRequest) -> Void)?
    /// Link requests made while a session input is handled, handed over after its lines.
    var heldLinkRequests: [(network: String, request: LinkRequest)]?
    /// /list replies being gathered per network.
    var channelListings: [String: ChannelListing] = [:]
    var nextLocalID = 0
    /// The time of the session input being handled: what its events make the model send
    /// goes at that time (a ban sent when its WHO is answered).
    var handlingTime: SessionTime?
    /// The accounts of those leaving in the input being handled, by folded nick: the session
    /// forgets a user who parts or quits before the model sees the event (ChatModel+Ignore).
    var departingAccounts: [String: String] = [:]
    /// The log lines on their way to disk, kept while the logs cannot be written.
    let journal: LogJournal

    /// Every highlight and private message of every network, newest at the bottom (copies,
    /// each naming where it was said); ``mentionSource(of:)`` leads back to the original.
    public let mentions: ChatBuffer
    /// Mention line id → the buffer and line it copies.
    var mentionSources: [String: (buffer: BufferID, lineID: String)] = [:]
    /// The channels where `/filter` turned the smart filter on or off (kept between runs when
    /// the choices have a file).
    public var smartFilterChoices = SmartFilterChoices()

    /// A model with `settings`, logging to `logs`.
    public init(settings: ModelSettings = ModelSettings(), logs: LogStore? = nil) {
        self.settings = settings
        self.logs = logs
        journal = LogJournal(store: logs)
        mentions = ChatBuffer(id: .mentions, name: "Mentions", kind: .mentions,
                              cap: settings.scrollbackCap, trimBatch: settings.trimBatch)
        journal.say = { [unowned self] text, name, isError in
            guard let network = self.network(name) ?? self.networks.first else { return }
            self.note(text, in: network.serverBuffer.id, isError: isError, at: Date())
        }
    }

    /// Adds a network whose connection uses `configuration`.
    @discardableResult
    public func addNetwork(name: String, configuration: SessionConfiguration, namedAfterServer: Bool = false) -> ChatNetwork {
        let network = ChatNetwork(name: name, session: IRCSession(configuration: configuration),
                                  cap: settings.scrollbackCap, trimBatch: settings.trimBatch)
        network.isNamedAfterServer = namedAfterServer
        networks.append(network)
        changes.append(.buffersChanged(network: name))
        return network
    }

    /// The network named `name`.
    public func network(_ name: String) -> ChatNetwork? { networks.first { $0.name == name } }

    /// The buffer with `id`.
    public func buffer(_ id: BufferID) -> ChatBuffer? {
        if id == .mentions { return mentions }
        return network(id.network)?.buffers.first { $0.id == id }
    }

    /// Feeds one input to a network's session, applies the events it produces, and returns the
    /// lines to send to the server.
    public func handle(_ input: SessionInput, network name: String) -> [IRCMessage] {
        guard let network = network(name) else { return [] }
        var input = input
        if case .received(let message, let now) = input, let scripts, scripts.hooked.contains(.received) {
            guard let kept = scripts.received(message, network: name) else { return [] }
            input = .received(kept, now: now)
        }
        if case .connected(let now, _) = input { linkCameUp(network, at: now.wall) }
        if case .tick = input, !journal.unwritten.isEmpty { journal.retry() }
        // The session forgets the members as the link drops: who was there stays shown.
        if case .disconnected = input {
            for buffer in network.buffers where buffer.kind == .channel && buffer.isJoined {
                buffer.membersWhenLeft = network.sortedMembers(of: buffer.name)
            }
        }
        switch input {
        case .disconnected: network.awaitsDrain = false   // no report comes over a dead link
        case .notSent: network.awaitsDrain = false         // those lines are not on the link
        default: break
        }
        let wasReady = network.session.isReady
        let (outerTime, outerDeparting) = (handlingTime, departingAccounts)
        departingAccounts = departingAccounts(in: input, on: network)
        let outputs = network.session.handle(input)
        handlingTime = input.time
        defer { (handlingTime, departingAccounts) = (outerTime, outerDeparting) }
        if case .received(let message, _) = input, message.command == "005" { noteAnnouncedName(of: network) }
        // Event rows (joins, parts, modes, …) are dated by the line's server-time tag when it
        // has one, like messages: a replayed or delayed join keeps its own time.
        var when = input.time.wall
        if case .received(let message, _) = input, let tag = message.tags["time"], let date = ServerTime.parse(tag) {
            when = date
        }
        var send: [IRCMessage] = []
        let unanswered = ctcpRequesterIgnored(input, on: network)
        for output in outputs {
            switch output {
            case .send(let message):
                // No answer to a CTCP request of someone ignored for CTCPS (as irssi): a
                // flood of VERSIONs from them would otherwise still make us talk.
                if let nick = unanswered, message.command == "NOTICE", message.parameters.first == nick { continue }
                send.append(message)
            case .event(let event): SessionEventApplier(model: self).apply(event, on: network, now: when)
            }
        }
        // Registration just finished (the end of the MOTD): the on-connect commands go now,
        // handed to the link before the JOINs this input produced, which the caller hands after.
        if !wasReady, network.session.isReady { runOnConnect(network, now: input.time) }
        return send
    }

    /// Keeps the name the server announces (it comes in ISUPPORT, after the welcome) and
    /// says the network's title changed.
    private func noteAnnouncedName(of network: ChatNetwork) {
        guard let announced = network.session.state.isupport.network, announced != network.announcedName else { return }
        network.announcedName = announced
        if network.isNamedAfterServer { changes.append(.connectionChanged(network: network.name)) }
    }

    /// The changes queued since the last call, in order.
    public func takeChanges() -> [ModelChange] {
        // The array is handed over, not emptied in place: emptying a buffer the caller now
        // shares allocates a new one of the same capacity, so the model held a flood's largest
        // batch of changes (about 300 KiB) for the rest of the run.
        let taken = changes
        changes = []
        return taken
    }

    /// Marks every line of a buffer read: clears its counts and its unread marker.
    public func markRead(_ id: BufferID) {
        guard let buffer = buffer(id), buffer.unread > 0 || buffer.highlights > 0 || buffer.firstUnreadID != nil else { return }
        buffer.unread = 0
        buffer.highlights = 0
        buffer.firstUnreadID = nil
        changes.append(.unreadChanged(id))
    }

    /// Opens (or finds) the query buffer with `nick`.
    @discardableResult
    public func openQuery(_ nick: String, network name: String) -> ChatBuffer? {
        guard let network = network(name) else { return nil }
        return buffer(named: nick, kind: .query, on: network)
    }

    /// Closes a buffer (not the server buffer). Returns false when there is no such buffer.
    @discardableResult
    public func closeBuffer(_ id: BufferID) -> Bool {
        guard let network = network(id.network), !id.name.isEmpty,
              let index = network.buffers.firstIndex(where: { $0.id == id }) else { return false }
        network.buffers.remove(at: index)
        if activeBuffer == id { activeBuffer = nil }
        changes.append(.buffersChanged(network: id.network))
        tellScripts(.bufferClosed(id))
        return true
    }

    /// The buffer named `name` on `network`, opened when missing.
    func buffer(named name: String, kind: BufferKind, on network: ChatNetwork) -> ChatBuffer {
        if let existing = network.buffer(named: name) { return existing }
        let buffer = ChatBuffer(id: network.bufferID(for: name), name: name, kind: kind,
                                cap: settings.scrollbackCap, trimBatch: settings.trimBatch)
        network.buffers.append(buffer)
        changes.append(.buffersChanged(network: network.name))
        tellScripts(.bufferOpened(buffer.id, kind: kind))
        return buffer
    }

    /// Tells the scripts that follow events what happened.
    func tellScripts(_ event: ScriptEvent) {
        if let scripts, scripts.hooked.contains(.events) { scripts.happened(event) }
    }

    /// A local line id, stable for the life of the line.
    func localID() -> String {
        nextLocalID += 1
        return "L\(nextLocalID)"
    }
}

extension SessionInput {
    /// The time carried by any input.
    var time: SessionTime {
        switch self {
        case .connected(let now, _), .tick(let now): return now
        case .disconnected(_, let now), .received(_, let now), .intent(_, let now), .notSent(_, let now): return now
        }
    }
}

extension ChatModel {
    /// Shows a line of the client itself (command output, errors) in a buffer. Not logged as
    /// chat; not unread.
    public func note(_ text: String, in id: BufferID, isError: Bool = false, at time: Date) {
        guard let network = network(id.network), let buffer = buffer(id) else { return }
        event(isError ? .error : .info, nick: nil, text: text, in: buffer, on: network, at: time)
    }

    /// Removes every line of a buffer from the screen (the logs keep them).
    public func clear(_ id: BufferID) {
        guard let buffer = buffer(id) else { return }
        let count = buffer.scrollback.count
        buffer.scrollback.removeAll()
        buffer.firstUnreadID = nil
        if count > 0 { changes.append(.linesTrimmed(id, count: count)) }
    }
}
