import ChatModel
import FoundationEssentials
import IRCSession
import Widgets

/// Typing notifications (`+typing`): who is typing in the shown buffer, in a footnote over the
/// list's bottom-right corner; and ours, sent as the input line changes: `active` while typing,
/// `paused` once after ``typingPause`` seconds without an edit (text still there), `done` when
/// the input is cleared without sending.
extension ChatController {
    /// Seconds without an edit after which our typing is `paused`.
    static let typingPause = 4.0

    /// Puts who is typing in the shown buffer on the list, and asks for a tick when the next
    /// of them runs out (or our own typing is due to pause).
    func refreshTyping() {
        guard let current, let buffer = model.buffer(current) else {
            screen.messages.footnote = nil
            return
        }
        let now = clock()
        screen.messages.footnote = Self.typingText(buffer.typingNicks(at: now.wall))
        var next = buffer.nextTypingExpiry(after: now.wall).map { $0.timeIntervalSince(now.wall) }
        if let pauseAt = typingPauseDue { next = min(next ?? .infinity, max(0, pauseAt - now.monotonic)) }
        if let next, let host = screen.host {
            host.requestTick(for: screen, at: FrameTime(seconds: host.now.seconds + next))
        }
    }

    /// When our typing is due to pause (monotonic seconds), while it has not yet.
    private var typingPauseDue: Double? {
        guard let last = typingLastEdit, typingTarget != nil, !typingPaused else { return nil }
        return last + Self.typingPause
    }

    /// On a tick: `paused`, once, when the text has not changed for ``typingPause`` seconds.
    func pauseTypingIfIdle() {
        guard let due = typingPauseDue, clock().monotonic >= due, let target = typingTarget,
              let buffer = model.buffer(target), !screen.input.text.isEmpty else { return }
        typingPaused = true
        perform(.sendTyping(target: buffer.name, state: .paused), network: target.network)
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

extension ChatController {
    /// The input line changed: `active` while there is text that is not a /command (the session
    /// sends at most one every 3 s), `done` when it is cleared without sending. Nothing goes
    /// out when ``sendsTyping`` is off, nor in the server buffer or the Mentions view.
    public func inputChanged(_ text: String) {
        guard sendsTyping, let current, let buffer = model.buffer(current),
              buffer.kind == .channel || buffer.kind == .query else { return }
        if !text.isEmpty && !text.hasPrefix("/") {
            typingTarget = current
            typingLastEdit = clock().monotonic
            typingPaused = false
            perform(.sendTyping(target: buffer.name, state: .active), network: current.network)
            refreshTyping()
        } else if text.isEmpty, typingTarget == current {
            typingTarget = nil
            perform(.sendTyping(target: buffer.name, state: .done), network: current.network)
        }
    }
}

extension ChatController {
    /// Adds our `reaction` to `line`, or takes it back when we gave it (a click on its chip).
    public func toggleReaction(_ reaction: String, on line: ChatLine, in id: BufferID) {
        guard let buffer = model.buffer(id), buffer.kind == .channel || buffer.kind == .query else { return }
        let ours = line.reactions.first { $0.reaction == reaction }?.includesOwn ?? false
        perform(.react(target: buffer.name, msgid: line.id, reaction: reaction, removing: ours), network: id.network)
    }
}
