import ChatModel
import FoundationEssentials
import IRCSession
import Widgets

/// What is typed in the input line: sending it (a command or a message, several lines as one
/// where the server allows), Tab completion, and, in its extensions, each buffer's draft and
/// the history of what was sent (↑/↓), pasting, replying, our typing notifications, spelling
/// and the keys the input line leaves to the screen.
@MainActor
public final class InputPresenter {
    unowned let chat: ChatController
    var model: ChatModel { chat.model }
    var screen: ChatScreen { chat.screen }
    /// What was sent in each buffer (the app keeps it between runs).
    public var history = InputHistory()
    /// Told of the history after each line sent (the app writes it to its file then).
    public var onHistoryChanged: ((InputHistory) -> Void)?
    /// Where ↑/↓ are in the shown buffer's history (nil: at its draft).
    var recall: HistoryRecall?
    /// Whether the input is being changed by ↑/↓ (any other change makes it the draft).
    var recalling = false
    /// The drafts of the buffers not shown (InputPresenter+Drafts).
    var drafts: [BufferID: Draft] = [:]
    /// Tab completion state (kept across redraws; reset by any other edit).
    public var completer = TabCompleter()
    /// The msgid the next message replies to (Alt+↑, or Reply in a row's menu).
    var replyingTo: String?
    /// Whether our typing is announced (`+typing`); the `[typing] send` setting.
    public var sendsTyping = true
    /// The buffer we told that we are typing in, until we send or clear the input.
    var typingTarget: BufferID?
    /// When the input last changed while we were typing (monotonic), and whether `paused` went.
    var typingLastEdit: Double?
    var typingPaused = false
    /// A paste of more than three lines waiting for Enter (send) or Escape (cancel).
    public internal(set) var pendingPaste: [String]?
    /// The buffer the waiting paste was made in, the only one where it may be answered.
    var pasteBuffer: BufferID?
    /// Whether the waiting paste goes as one multiline message.
    var pasteAsOne = false
    /// Whether the bar above the input shows a notice (``showNotice(_:)``).
    var noticeShown = false
    /// The buffer whose closing waits for Enter (InputPresenter+Close).
    var pendingClose: BufferID?
    /// Checks the input line's spelling (nil: no checking).
    public var spellChecker: (any SpellChecking)? { didSet { refreshSpelling() } }
    /// The language the input is checked in where the buffer has none of its own (empty: off).
    public var defaultSpellLanguage = "en_US" { didSet { refreshSpelling() } }
    /// Languages of buffers that have their own (`/spell`, the config); empty: off there.
    public var bufferLanguages: [BufferID: String] = [:]

    init(chat: ChatController) {
        self.chat = chat
        let input = chat.screen.input
        input.onSubmit = { [weak self] text in
            guard let self else { return }
            if self.pendingClose != nil {
                self.confirmClose()
            } else if self.pendingPaste != nil {
                // Only the question on screen is answered, in the buffer it was asked in.
                if self.pasteIsAsked { self.confirmPaste() } else { self.setPasteAside() }
            } else if text.isEmpty, self.chat.find.openChosenMention() {
                return
            } else {
                self.submit(text)
            }
        }
        input.onPaste = { [weak self] text in self?.paste(text) ?? false }
        input.onChange = { [weak self] text in
            self?.hideNotice()
            self?.inputEdited()
            self?.inputChanged(text)
        }
        // Shift+Enter breaks lines; the input grows to 8 of them, then scrolls.
        input.maxLines = 8
        chat.screen.onTick = { [weak self] in
            self?.pauseTypingIfIdle()
            self?.chat.chrome.refreshTyping()
        }
        chat.screen.onKey = { [weak self] event in self?.handleKey(event) ?? false }
        refreshSpelling()
    }

    /// The shown buffer is being left: a reply in progress is let go, a paste waiting for its
    /// confirmation goes into the input (it was this buffer's question), and what the input
    /// holds is kept as the buffer's draft.
    func willHide(_ id: BufferID) {
        setPasteAside()
        cancelReply()
        cancelClose()
        keepDraft(of: id)
    }

    /// A buffer was shown: its draft comes back (and where ↑/↓ were in its history), its
    /// spelling language applies. A paste still waiting from a buffer left without
    /// ``willHide(_:)`` (closed, or gone with its network) goes into the input.
    func didShow(_ buffer: ChatBuffer) {
        if pendingPaste != nil, pasteBuffer != buffer.id { setPasteAside() }
        restoreDraft(of: buffer.id)
        hideNotice()
        refreshSpelling()
    }

    /// The bars above the input say what they said, in the colours of a theme just applied; the
    /// input's formatting and underlines too.
    func apply(_ theme: ChatTheme) {
        recolourInputBars()
        refreshSpelling()
    }

    /// Runs what was typed: a command or a message to the current buffer. What cannot be run
    /// here at all (a message in the server buffer, anything in Mentions) stays in the input
    /// line, and the refusal says why: typed text never vanishes.
    public func submit(_ text: String) {
        guard let current = chat.current, !text.isEmpty else { return }
        if let refusal = refusal(of: text, in: current) {
            if screen.input.text != text { screen.input.replaceText(text, caret: text.count) }
            if model.network(current.network) != nil {
                model.note(refusal, in: current, isError: true, at: chat.clock().wall)
                chat.sync()
            } else {
                showNotice(refusal)
            }
            return
        }
        let before = history
        history.add(text, in: current, aliases: model.aliases)
        if history != before { onHistoryChanged?(history) }
        recall = nil
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
            chat.perform(.sendMultiline(target: buffer.name, text: text, replyTo: parent), network: current.network)
            chat.sync()
            return
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            switch ChatCommandParser.parse(String(line)) {
            case .success(.say(let message)) where parent != nil:
                reply(message, to: parent!, in: current)
            case .success(let command): chat.run(command, in: current)
            case .failure(let failure): model.note(failure.message, in: current, isError: true, at: chat.clock().wall)
            }
        }
        chat.sync()
    }

    /// Why no line of `text` can be run in buffer `id`, if one cannot.
    private func refusal(of text: String, in id: BufferID) -> String? {
        let commands = Commands(model: model)
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if case .success(let command) = ChatCommandParser.parse(String(line)),
               let refusal = commands.refusal(of: command, in: id) { return refusal }
        }
        return nil
    }

    /// Says `text` above the input line, in the error colour, until the input changes or
    /// another buffer is shown (where the buffer itself cannot say it: Mentions).
    func showNotice(_ text: String) {
        let theme = chat.styler.theme
        screen.confirmBar.text = StyledText(text, attributes: TextAttributes(font: theme.messageFont, foreground: theme.errorText))
        screen.confirmBar.isHidden = false
        noticeShown = true
    }

    /// Takes the notice away (the input changed, another buffer is shown).
    func hideNotice() {
        guard noticeShown else { return }
        noticeShown = false
        if pendingPaste == nil { screen.confirmBar.isHidden = true }
    }

    /// Tab completion at the caret: nicks (recent speakers first), channels, commands.
    func completeWord(backwards: Bool) {
        guard let current = chat.current, let network = model.network(current.network),
              let buffer = model.buffer(current) else { return }
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
        let input = screen.input
        if let result = completer.complete(text: input.text, caret: input.state.caret, backwards: backwards,
                                           nicks: nicks, channels: channels, commands: ChatCommandParser.commandNames + model.aliases.names.map { $0.lowercased() }
                                               + (model.scripts?.commands.map(\.name) ?? []),
                                           isChannel: { network.isChannel($0) },
                                           arguments: { model.argumentCompletions(of: $0, after: $1, in: current) },
                                           paths: { model.uploadPathCompletions(of: $0) }) {
            input.replaceText(result.text, caret: result.caret)
        }
    }
}
