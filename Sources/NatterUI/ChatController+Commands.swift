import ChatModel
import IRCSession
import Widgets

extension ChatController {
    /// Carries out one command in buffer `id`: the model runs it (``Commands``); what only the
    /// screen can do comes back as effects.
    func run(_ command: ChatCommand, in id: BufferID) {
        for effect in Commands(model: model).run(command, in: id, now: clock()) {
            apply(effect)
        }
    }

    private func apply(_ effect: CommandEffect) {
        switch effect {
        case .show(let id):
            sync()
            show(id)
        case .close(let id):
            if let buffer = model.buffer(id) { close(buffer) }
        case .openKeyHelp:
            openKeyHelp()
        case .spell(let language, let id):
            runSpell(language, in: id)
        case .showChannelListWhenReady(let network):
            showListWhenReady = network
        case .openBouncerForm(let control):
            openBouncerForm(control: control)
        case .friendsChanged(let network, let nicks):
            refreshSidebar()
            onFriendsChanged?(network, nicks)
        }
    }

    /// Closes a buffer (the model parts a joined channel and fails what was queued for it) and
    /// shows the one before it.
    func close(_ buffer: ChatBuffer) {
        let all = model.networks.flatMap(\.buffers)
        let index = all.firstIndex { $0 === buffer } ?? 0
        // The server buffer stays (the model says so); a view that is no buffer of a network
        // (Mentions) closes to its neighbour all the same.
        guard model.close(buffer.id, now: clock()) || buffer.kind != .server else { return }
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
        let own = network.caseMapping.lowercased(network.nick)
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
