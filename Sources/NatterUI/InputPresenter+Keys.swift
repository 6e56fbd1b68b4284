import ChatModel
import Widgets

/// The keys the input line leaves to the screen: buffer switching, closing, find, the views
/// and overlays (configurable through ``KeyBindings``), formatting codes, replying, history
/// recall, Tab completion, choosing in the Mentions view, and the list's scrolling keys.
extension InputPresenter {
    /// Keys the input line left to the screen: buffer switching, history recall, list scrolling.
    func handleKey(_ event: KeyEvent) -> Bool {
        let all = model.networks.flatMap(\.buffers)
        let position = all.firstIndex { $0.id == chat.current }
        func switchBy(_ delta: Int) -> Bool {
            guard let position, !all.isEmpty else { return false }
            chat.show(all[(position + delta + all.count) % all.count].id)
            return true
        }
        let m = event.modifiers
        if event.key == .escape, cancelClose() { return true }
        if pendingPaste != nil, event.key == .escape {
            cancelPaste()
            return true
        }
        if chat.find.isOpen {
            switch event.key {
            case .escape where m.isEmpty:
                chat.find.close()
                return true
            case .function(3) where m.isEmpty || m == [.shift]:
                chat.find.step(backwards: m == [.shift])
                return true
            default: break
            }
        }
        switch chat.keyBindings.action(for: event) {
        case "next_buffer": return switchBy(1)
        case "previous_buffer": return switchBy(-1)
        case "close_buffer":
            if let current = chat.current, let buffer = model.buffer(current) { requestClose(buffer) }
            return true
        case "jump_to_newest":
            screen.messages.jumpToBottom()
            return true
        case "jump_to_oldest":
            screen.messages.scrollToOldest()
            return true
        case "find":
            chat.find.open()
            return true
        case "mentions":
            chat.show(.mentions)
            return true
        case "quick_switcher":
            chat.overlays.openSwitcher()
            return true
        case "key_help":
            chat.overlays.openKeyHelp()
            return true
        case "settings":
            chat.settings.open(nil)
            return true
        case "filter_nicks":
            // The nick list takes the keyboard: typing filters it (shown with the list only).
            guard screen.revealNickList() else { return true }
            screen.host?.focus(screen.nickList)
            return true
        case "jump_to_unread":
            // The first unread message, highlighted: the marker row a third down the list.
            guard let current = chat.current, chat.buffers.rows(of: current)?.hasMarker == true else { return true }
            return screen.messages.reveal(rowID: BufferRows.markerID)
        case "toggle_nick_list":
            screen.toggleNickList()
            return true
        case "toggle_buffer_list":
            screen.toggleBufferList()
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
            if all.indices.contains(index) { chat.show(all[index].id) }
            return true
        // Alt+↑/↓ pick the message to reply to (buffers switch with Ctrl+PageUp/PageDown and
        // Alt+1…9); where nothing can be replied to, they still switch buffers.
        case .up where m == [.alt]: return stepReply(older: true) || switchBy(-1)
        case .down where m == [.alt]: return replyingTo != nil ? stepReply(older: false) : switchBy(1)
        case .escape where m.isEmpty && replyingTo != nil: return cancelReply()
        case .tab where m.isEmpty || m == [.shift]:
            completeWord(backwards: m == [.shift])
            return true
        case .up where m.isEmpty && chat.find.choosesMentions: return chat.find.chooseMention(older: true)
        case .down where m.isEmpty && chat.find.choosesMentions: return chat.find.chooseMention(older: false)
        case .escape where m.isEmpty && chat.find.chosenMention != nil: return chat.find.chooseMention(nil)
        // A side pane shown over the messages in a narrow window goes.
        case .escape where m.isEmpty && screen.closeOverlaidPanes(): return true
        // Last of Escape's meanings (a question, the find bar, a reply, a chosen mention, a
        // pane go first): a paste going out here stops.
        case .escape where m.isEmpty && cancelPasteQueue(): return true
        // Then an upload under way stops.
        case .escape where m.isEmpty && cancelUpload(): return true
        case .up where m.isEmpty: return recallHistory(older: true)
        case .down where m.isEmpty: return recallHistory(older: false)
        default:
            return screen.messages.handleKey(event)
        }
    }
}
