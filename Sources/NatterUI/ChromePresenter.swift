import ChatModel
import FoundationEssentials
import Widgets

/// What frames the message list: the sidebar (buffers, friends, each network's status), the
/// topic bar and nick list of the shown buffer, and who is typing in it (a footnote over the
/// list's bottom-right corner).
@MainActor
public final class ChromePresenter {
    unowned let chat: ChatController
    private var model: ChatModel { chat.model }
    private var screen: ChatScreen { chat.screen }

    /// What is wrong with the configuration file (`file:line: key: message`), shown under the
    /// networks' status until it reads again; nil when it reads.
    public var configProblem: String? {
        didSet { if configProblem != oldValue { screen.sidebar.alert = configProblem } }
    }

    init(chat: ChatController) {
        self.chat = chat
        screen.sidebar.onSelect = { [weak self] id in
            guard let self else { return }
            // A friend without a query yet: open one.
            let network = self.model.network(id.network)
            let spelled = network?.friends.first { network?.caseMapping.lowercased($0.nick) == id.name }?.nick ?? id.name
            if self.model.buffer(id) == nil, let query = self.model.openQuery(spelled, network: id.network) {
                self.chat.show(query.id)
            } else {
                self.chat.show(id)
            }
            self.screen.bufferChosenInList()
        }
        screen.nickList.onOpenQuery = { [weak self] nick in
            guard let self, let network = self.chat.current?.network,
                  let query = self.model.openQuery(nick, network: network) else { return }
            self.chat.show(query.id)
            self.screen.host?.focus(self.screen.input)
        }
        screen.nickList.onMenu = { [weak self] member in self?.chat.buffers.nickMenu(for: member) ?? [] }
        screen.sidebar.onMenu = { [weak self] id in self?.bufferMenu(for: id) ?? [] }
        screen.nickList.onDone = { [weak self] in
            guard let self else { return }
            self.screen.host?.focus(self.screen.input)
        }
        screen.topicBar.onLink = { [weak self] url, copy in
            if copy { self?.screen.host?.clipboard.setText(url) } else { self?.chat.onOpenLink?(url) }
        }
    }

    /// Everything again, for a buffer just shown (its nick list filter starts empty).
    func refreshAll() {
        screen.nickList.filter = ""
        // The filter was the last buffer's: typing goes on in the input line, not to a list
        // of other people.
        if screen.host?.focusedWidget === screen.nickList { screen.host?.focus(screen.input) }
        refreshSidebar()
        refreshHeader()
        refreshTyping()
    }

    /// A frame's changes: the sidebar, the header and the typing note, each when touched.
    func apply(_ frame: FrameChanges) {
        if frame.sidebar { refreshSidebar() }
        if frame.header { refreshHeader() }
        if frame.typing { refreshTyping() }
    }

    /// The sidebar: the Mentions view, each network's buffers and friends, and a status line
    /// per network (connected or not, lag, away, the link, a bouncer's upstream).
    public func refreshSidebar() {
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
                                     isDimmed: buffer.kind == .channel && !buffer.isJoined || model.notifyLevel(of: buffer) == .none))
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
            status.append(statusLine(of: network, titled: networkTitle))
        }
        screen.sidebar.entries = entries
        screen.sidebar.selected = chat.current
        screen.sidebar.status = status
    }

    private func statusLine(of network: ChatNetwork, titled networkTitle: String) -> String {
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
        return line
    }

    /// The topic bar and the nick list of the shown buffer.
    func refreshHeader() {
        let theme = chat.styler.theme
        if chat.current == .mentions {
            screen.topicBar.title = "Mentions"
            screen.topicBar.topic = [TextSpan("Every highlight and private message; click one, or ↑ ↓ then Enter, to open it",
                                              TextAttributes(font: theme.messageFont, foreground: theme.dimText))]
            screen.showsNickList = false
            screen.nickList.entries = []
            return
        }
        guard let current = chat.current, let buffer = model.buffer(current), let network = model.network(current.network) else { return }
        screen.topicBar.title = buffer.kind == .server ? network.name : buffer.name
        screen.topicBar.topic = buffer.topic.map { chat.styler.message($0) } ?? []
        screen.showsNickList = buffer.kind == .channel
        let stale = buffer.kind == .channel && !buffer.isJoined
        var members = buffer.kind == .channel
            ? network.sortedMembers(of: buffer.name).map { NickListView.Entry(nick: $0.nick, prefixes: $0.prefixes, away: $0.away) } : []
        // Out of the channel (the link dropped), the session knows no members: who was there
        // when the link dropped stays shown, greyed.
        if stale, members.isEmpty {
            members = buffer.membersWhenLeft.map { NickListView.Entry(nick: $0.nick, prefixes: $0.prefixes, away: $0.away) }
        }
        screen.nickList.isStale = stale
        screen.nickList.entries = members
    }

    /// Puts who is typing in the shown buffer on the list, and asks for a tick when the next of
    /// them runs out (or our own typing is due to pause).
    func refreshTyping() {
        guard let current = chat.current, let buffer = model.buffer(current) else {
            screen.messages.footnote = nil
            return
        }
        let now = chat.clock()
        screen.messages.footnote = Self.typingText(buffer.typingNicks(at: now.wall))
        var next = buffer.nextTypingExpiry(after: now.wall).map { $0.timeIntervalSince(now.wall) }
        if let pauseAt = chat.input.typingPauseDue { next = min(next ?? .infinity, max(0, pauseAt - now.monotonic)) }
        if let next, let host = screen.host {
            host.requestTick(for: screen, at: FrameTime(seconds: host.now.seconds + next))
        }
    }

    /// "ada is typing…", "ada and bob are typing…", "ada, bob and 2 others are typing…".
    static func typingText(_ nicks: [String]) -> String? {
        switch nicks.count {
        case 0: nil
        case 1: "\(nicks[0]) is typing…"
        case 2: "\(nicks[0]) and \(nicks[1]) are typing…"
        case 3: "\(nicks[0]), \(nicks[1]) and \(nicks[2]) are typing…"
        default: "\(nicks[0]), \(nicks[1]) and \(nicks.count - 2) others are typing…"
        }
    }
}

extension ChromePresenter {
    /// A buffer's menu in the buffer list: how much it notifies (the one it has marked), run
    /// as `/notify` in it so the model decides and the configuration keeps it.
    func bufferMenu(for id: BufferID) -> [MenuItem] {
        guard let buffer = chat.model.buffer(id), buffer.kind == .channel || buffer.kind == .query else { return [] }
        let current = chat.model.notifyLevel(of: buffer)
        let titles: [(NotifyLevel, String)] = [(.all, "Notify: every message"), (.mentions, "Notify: mentions only"),
                                               (.none, "Mute (count nothing)")]
        return titles.map { level, title in
            MenuItem((level == current ? "✓ " : "") + title) { [weak self] in self?.chat.submitCommand("/notify \(level.rawValue)", in: id) }
        }
    }
}
