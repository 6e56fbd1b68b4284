import ChatModel
import IRCSession
import Widgets

extension ChatController {
    /// Carries out one command in buffer `id`.
    func run(_ command: ChatCommand, in id: BufferID) {
        guard let network = model.network(id.network), let buffer = model.buffer(id) else { return }
        let target = buffer.kind == .server ? nil : buffer.name
        let now = clock()
        func intent(_ intent: UserIntent) { perform(intent, network: id.network) }
        func note(_ text: String, error: Bool = false) { model.note(text, in: id, isError: error, at: now.wall) }
        func needsTarget() -> String? {
            if target == nil { note("this buffer has no channel or query: use /msg or /join", error: true) }
            return target
        }
        func needsChannel() -> String? {
            guard buffer.kind == .channel else { note("this command works in a channel", error: true); return nil }
            return buffer.name
        }
        switch command {
        case .say(let text):
            if let target = needsTarget() { intent(.sendMessage(target: target, text: text)) }
        case .me(let text):
            if let target = needsTarget() { intent(.sendAction(target: target, text: text)) }
        case .msg(let to, let text):
            intent(.sendMessage(target: to, text: text))
        case .notice(let to, let text):
            intent(.sendNotice(target: to, text: text))
        case .query(let nick, let text):
            if let query = model.openQuery(nick, network: id.network) {
                if let text { intent(.sendMessage(target: nick, text: text)) }
                sync()
                show(query.id)
            }
        case .join(let channels, let keys):
            intent(.join(channels.enumerated().map { ChannelKey($1, key: $0 < keys.count ? keys[$0] : nil) }))
        case .part(let channel, let reason):
            if let channel = channel ?? needsChannel() { intent(.part(channel: channel, reason: reason)) }
        case .cycle(let channel):
            if let channel = channel ?? needsChannel() {
                intent(.part(channel: channel, reason: "cycling"))
                intent(.join([ChannelKey(channel)]))
            }
        case .nick(let nick):
            intent(.changeNick(nick))
        case .topic(let text):
            guard let channel = needsChannel() else { return }
            if let text { intent(.setTopic(channel: channel, topic: text)) }
            else { note(buffer.topic.map { "Topic: \($0)" } ?? "No topic is set") }
        case .whois(let nick):
            intent(.whois(nick))
        case .mode(let explicit, let arguments):
            guard let modeTarget = explicit ?? target ?? Optional(network.session.state.nick) else { return }
            intent(.setMode(target: modeTarget, modes: arguments.first ?? "", parameters: Array(arguments.dropFirst())))
        case .memberMode(let adding, let mode, let nicks):
            guard let channel = needsChannel() else { return }
            let modes = (adding ? "+" : "-") + String(repeating: mode, count: nicks.count)
            intent(.setMode(target: channel, modes: modes, parameters: nicks))
        case .kick(let nick, let reason):
            if let channel = needsChannel() { intent(.kick(channel: channel, nick: nick, reason: reason)) }
        case .ban(let mask):
            if let channel = needsChannel() { intent(.setMode(target: channel, modes: "+b", parameters: [IgnoreList.normalize(mask)])) }
        case .invite(let nick, let channel):
            if let channel = channel ?? needsChannel() { intent(.invite(nick: nick, channel: channel)) }
        case .react(let reaction):
            guard let target = needsTarget() else { return }
            guard let line = buffer.shown.lines.last(where: { $0.isMessage && !$0.isOwn && $0.redaction == nil && ChatModel.isMsgid($0.id) }) else {
                return note("nothing to react to here (messages need ids from the server)", error: true)
            }
            intent(.react(target: target, msgid: line.id, reaction: reaction, removing: false))
        case .redact(let reason):
            guard let target = needsTarget() else { return }
            guard let line = buffer.shown.lines.last(where: { $0.isMessage && $0.isOwn && $0.redaction == nil && ChatModel.isMsgid($0.id) }) else {
                return note("none of your messages here can be deleted (they need ids from the server)", error: true)
            }
            intent(.redact(target: target, msgid: line.id, reason: reason))
        case .monitor(let adding, let nicks):
            if nicks.isEmpty {
                let friends = network.friends.map { "\($0.nick) (\($0.online == nil ? "?" : $0.online! ? "online" : "offline"))" }
                return note(friends.isEmpty ? "no friends watched: /monitor +nick" : "Friends: " + friends.joined(separator: ", "))
            }
            intent(adding ? .monitorAdd(nicks) : .monitorRemove(nicks))
            if !network.session.state.isupport.supportsMonitor && network.session.isReady {
                note("this server has no MONITOR: friends are kept, and watched on servers that have it", error: true)
            }
            refreshSidebar()
            onFriendsChanged?(network.name, network.session.monitorList)
        case .away(let message):
            intent(.away(message ?? "away"))
        case .back:
            intent(.back)
        case .quit(let reason):
            intent(.quit(reason: reason))
            model.requestLink(.disconnect, network: id.network)
        case .close:
            close(buffer)
        case .raw(let line):
            intent(.raw(line))
        case .ignore(let mask):
            if let mask {
                model.settings.ignores.add(mask)
                note("Ignoring \(IgnoreList.normalize(mask))")
            } else {
                let masks = model.settings.ignores.masks
                note(masks.isEmpty ? "Nobody is ignored" : "Ignored: " + masks.joined(separator: ", "))
            }
        case .unignore(let mask):
            note(model.settings.ignores.remove(mask) ? "No longer ignoring \(IgnoreList.normalize(mask))"
                                                     : "\(IgnoreList.normalize(mask)) was not ignored", error: false)
        case .clear:
            model.clear(id)
        case .help(let name):
            let entries = ChatCommand.usage.filter { name == nil || $0.0.contains("/\(name!)") }
            if entries.isEmpty { note("no command /\(name ?? ""): /help lists the commands", error: true) }
            for (form, what) in entries { note("\(form)  — \(what)") }
        case .keys:
            openKeyHelp()
        case .spell(let language):
            runSpell(language, in: id)
        case .list(let pattern):
            intent(.raw(pattern.map { "LIST \($0)" } ?? "LIST"))
            showListWhenReady = id.network
        case .bouncer(let command):
            runBouncer(command, in: id)
        case .connect:
            model.requestLink(.connect, network: id.network)
        case .disconnect:
            model.requestLink(.disconnect, network: id.network)
        case .reconnect:
            model.requestLink(.reconnect, network: id.network)
        }
    }

    /// Closes a buffer: a joined channel is parted, queued messages to it are marked failed.
    func close(_ buffer: ChatBuffer) {
        guard buffer.kind != .server else {
            model.note("the server buffer stays open; /quit disconnects", in: buffer.id, isError: true, at: clock().wall)
            return
        }
        if buffer.kind == .channel && buffer.isJoined {
            perform(.part(channel: buffer.name, reason: nil), network: buffer.id.network)
        }
        perform(.discardPending(target: buffer.name), network: buffer.id.network)
        let all = model.networks.flatMap(\.buffers)
        let index = all.firstIndex { $0 === buffer } ?? 0
        model.closeBuffer(buffer.id)
        sync()
        let remaining = model.networks.flatMap(\.buffers)
        if let next = remaining.isEmpty ? nil : remaining[min(max(0, index - 1), remaining.count - 1)] {
            current = nil
            show(next.id)
        }
    }

    /// Tab completion at the caret: nicks (recent speakers first), channels, commands.
    func completeWord(backwards: Bool) {
        guard let current, let network = model.network(current.network), let buffer = model.buffer(current) else { return }
        var nicks: [String] = []
        var seen = Set<String>()
        let own = network.caseMapping.lowercased(network.session.state.nick)
        for line in buffer.scrollback.lines.reversed().prefix(1000) where line.isMessage {
            if let nick = line.nick, seen.insert(network.caseMapping.lowercased(nick)).inserted { nicks.append(nick) }
        }
        let members = buffer.kind == .channel ? network.sortedMembers(of: buffer.name).map(\.nick)
                                              : (buffer.kind == .query ? [buffer.name] : [])
        let present = Set(members.map { network.caseMapping.lowercased($0) })
        nicks = nicks.filter { buffer.kind != .channel || present.contains(network.caseMapping.lowercased($0)) }
        nicks += members.filter { seen.insert(network.caseMapping.lowercased($0)).inserted }
        nicks.removeAll { network.caseMapping.lowercased($0) == own }
        let channels = network.buffers.filter { $0.kind == .channel }.map(\.name)
        let commands = ChatCommandParser.commandNames
        let input = screen.input
        if let result = completer.complete(text: input.text, caret: input.state.caret, backwards: backwards,
                                           nicks: nicks, channels: channels, commands: commands) {
            input.replaceText(result.text, caret: result.caret)
        }
    }

    /// Keys the input line left to the screen: buffer switching, history recall, list scrolling.
    func handleKey(_ event: KeyEvent) -> Bool {
        let all = model.networks.flatMap(\.buffers)
        let position = all.firstIndex { $0.id == current }
        func switchBy(_ delta: Int) -> Bool {
            guard let position, !all.isEmpty else { return false }
            show(all[(position + delta + all.count) % all.count].id)
            return true
        }
        let m = event.modifiers
        if pendingPaste != nil, event.key == .escape {
            cancelPaste()
            return true
        }
        if find.isOpen {
            switch event.key {
            case .escape where m.isEmpty:
                closeFind()
                return true
            case .function(3) where m.isEmpty || m == [.shift]:
                stepFind(backwards: m == [.shift])
                return true
            default: break
            }
        }
        switch keyBindings.action(for: event) {
        case "next_buffer": return switchBy(1)
        case "previous_buffer": return switchBy(-1)
        case "close_buffer":
            if let current, let buffer = model.buffer(current) { close(buffer) }
            return true
        case "jump_to_newest":
            screen.messages.jumpToBottom()
            return true
        case "jump_to_oldest":
            screen.messages.scrollToOldest()
            return true
        case "find":
            openFind()
            return true
        case "mentions":
            show(.mentions)
            return true
        case "quick_switcher":
            openSwitcher()
            return true
        case "key_help":
            openKeyHelp()
            return true
        case "filter_nicks":
            // The nick list takes the keyboard: typing filters it (shown with the list only).
            guard screen.showsNickList, !screen.nickListCollapsed else { return true }
            screen.host?.focus(screen.nickList)
            return true
        case "jump_to_unread":
            // The first unread message, highlighted: the marker row a third down the list.
            guard let current, rows(of: current)?.hasMarker == true else { return true }
            return screen.messages.reveal(rowID: BufferRows.markerID)
        case "toggle_nick_list":
            screen.nickListCollapsed.toggle()
            return true
        default: break
        }
        switch event.key {
        case .character(let c) where (m == [.ctrl] || m == [.ctrl, .shift]) && InputFormatting.code(forShortcut: c) != nil:
            let input = screen.input
            var characters = Array(input.text)
            let caret = min(input.state.caret, characters.count)
            characters.insert(InputFormatting.code(forShortcut: c)!, at: caret)
            input.replaceText(String(characters), caret: caret + 1)
            return true
        case .character(let c) where m == [.alt] && c.isNumber:
            let n = Int(String(c)) ?? 0
            let index = n == 0 ? 9 : n - 1
            if all.indices.contains(index) { show(all[index].id) }
            return true
        // Alt+↑/↓ pick the message to reply to (buffers switch with Ctrl+PageUp/PageDown and
        // Alt+1…9); where nothing can be replied to, they still switch buffers.
        case .up where m == [.alt]: return stepReply(older: true) || switchBy(-1)
        case .down where m == [.alt]: return replyingTo != nil ? stepReply(older: false) : switchBy(1)
        case .escape where m.isEmpty && replyingTo != nil: return cancelReply()
        case .tab where m.isEmpty || m == [.shift]:
            completeWord(backwards: m == [.shift])
            return true
        case .up where m.isEmpty && choosesMentions: return chooseMention(older: true)
        case .down where m.isEmpty && choosesMentions: return chooseMention(older: false)
        case .escape where m.isEmpty && chosenMention != nil: return chooseMention(nil)
        case .up where m.isEmpty: return recallHistory(older: true)
        case .down where m.isEmpty: return recallHistory(older: false)
        default:
            return screen.messages.handleKey(event)
        }
    }
}
