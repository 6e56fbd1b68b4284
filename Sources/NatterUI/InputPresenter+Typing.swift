import ChatModel
import FoundationEssentials
import IRCSession

/// Our typing notifications (`+typing`), sent as the input line changes: `active` while typing,
/// `paused` once after ``typingPause`` seconds without an edit (text still there), `done` when
/// the input is cleared without sending. Who else is typing is the chrome's
/// (``ChromePresenter/refreshTyping()``).
extension InputPresenter {
    /// Seconds without an edit after which our typing is `paused`.
    static let typingPause = 4.0

    /// When our typing is due to pause (monotonic seconds), while it has not yet.
    var typingPauseDue: Double? {
        guard let last = typingLastEdit, typingTarget != nil, !typingPaused else { return nil }
        return last + Self.typingPause
    }

    /// On a tick: `paused`, once, when the text has not changed for ``typingPause`` seconds.
    func pauseTypingIfIdle() {
        guard let due = typingPauseDue, chat.clock().monotonic >= due, let target = typingTarget,
              let buffer = model.buffer(target), !screen.input.text.isEmpty else { return }
        typingPaused = true
        chat.perform(.sendTyping(target: buffer.name, state: .paused), network: target.network)
    }

    /// The input line changed: `active` while there is text that is not a /command (the session
    /// sends at most one every 3 s), `done` when it is cleared without sending. Nothing goes
    /// out when ``sendsTyping`` is off, nor in the server buffer or the Mentions view.
    public func inputChanged(_ text: String) {
        guard sendsTyping, let current = chat.current, let buffer = model.buffer(current),
              buffer.kind == .channel || buffer.kind == .query else { return }
        if !text.isEmpty && !text.hasPrefix("/") {
            typingTarget = current
            typingLastEdit = chat.clock().monotonic
            typingPaused = false
            chat.perform(.sendTyping(target: buffer.name, state: .active), network: current.network)
            chat.chrome.refreshTyping()
        } else if text.isEmpty, typingTarget == current {
            typingTarget = nil
            chat.perform(.sendTyping(target: buffer.name, state: .done), network: current.network)
        }
    }
}
