/// Tab completion in the input line: nicks of the current channel (most recent speakers first),
/// `#channels`, and `/commands` at the start of the line. A nick completed at the start of the
/// line gets `suffix` (default `: `), elsewhere a space. Repeated Tab cycles through the
/// candidates, Shift+Tab goes back; any other edit accepts the completion (the state lives here,
/// not in the widgets, so it survives every redraw).
public struct TabCompleter: Sendable {
    /// What a completed nick at the start of the line is followed by.
    public var suffix: String
    private var session: Session?

    private struct Session: Sendable {
        var start: Int            // grapheme index where the word starts
        var candidates: [String]
        var index: Int
        var produced: String      // the text as the last completion left it
        var tail: String          // what followed the caret when completion began
        var replacements: [String]
    }

    public init(suffix: String = ": ") { self.suffix = suffix }

    /// Whether a completion is being cycled.
    public var isActive: Bool { session != nil }

    /// Forgets the current completion (the user typed something else).
    public mutating func reset() { session = nil }

    /// Completes (or cycles) at `caret` in `text`. `nicks` are in preference order (recent
    /// speakers first); `channels` are offered for words that `isChannel` says are channel names
    /// (the network's CHANTYPES: `#`, `&`, …), `commands` for words starting with `/`.
    /// `arguments` gives a command's own candidates for the argument after the words typed
    /// before it (`/set` offers setting names, then values); nil: nicks and channels. `paths`
    /// gives the files for the path being typed after `/upload`.
    /// Returns the new text and caret, or nil when there is nothing to complete.
    public mutating func complete(text: String, caret: Int, backwards: Bool, nicks: [String], channels: [String],
                                  commands: [String],
                                  isChannel: (String) -> Bool = { $0.hasPrefix("#") || $0.hasPrefix("&") },
                                  arguments: (_ command: String, _ before: [String]) -> [String]? = { _, _ in nil },
                                  paths: (_ word: String) -> [String] = { _ in [] })
        -> (text: String, caret: Int)? {
        let characters = Array(text)
        if var current = session, current.produced == text {
            let count = current.candidates.count
            current.index = (current.index + (backwards ? count - 1 : 1)) % count
            session = current
            return apply(current, to: characters)
        }
        session = nil
        let caret = min(caret, characters.count)
        var start = caret
        while start > 0, characters[start - 1] != " " { start -= 1 }
        let word = String(characters[start..<caret])
        let lowered = word.lowercased()
        let atLineStart = characters[..<start].allSatisfy { $0 == " " }
        var candidates: [String]
        var replacements: [String]
        let before = characters[..<start].split(separator: " ").map { String($0) }
        let own = before.first.flatMap { $0.hasPrefix("/") ? arguments(String($0.dropFirst()), Array(before.dropFirst())) : nil }
        // Nothing typed yet: only a command's own arguments (a value's choices) are offered.
        guard !word.isEmpty || own != nil else { return nil }
        if before.count == 1, before[0].lowercased() == "/upload" {
            // A path: the model lists its folder; a folder is completed without the space, so
            // Tab goes on inside it.
            candidates = paths(word)
            replacements = candidates.map { $0.hasSuffix("/") ? $0 : "\($0) " }
        } else if word.hasPrefix("/") && atLineStart {
            candidates = commands.filter { ("/" + $0).lowercased().hasPrefix(lowered) }
            replacements = candidates.map { "/\($0) " }
        } else if let own {
            candidates = own.filter { $0.lowercased().hasPrefix(lowered) }
            replacements = candidates.map { "\($0) " }
        } else if isChannel(word) {
            candidates = channels.filter { $0.lowercased().hasPrefix(lowered) }
            replacements = candidates.map { "\($0) " }
        } else {
            var seen = Set<String>()
            candidates = nicks.filter { $0.lowercased().hasPrefix(lowered) && seen.insert($0.lowercased()).inserted }
            replacements = candidates.map { atLineStart ? "\($0)\(suffix)" : "\($0) " }
        }
        guard !candidates.isEmpty else { return nil }
        let tail = String(characters[caret...])
        let first = Session(start: start, candidates: candidates, index: backwards ? candidates.count - 1 : 0,
                            produced: "", tail: tail, replacements: replacements)
        return apply(first, to: characters)
    }

    private mutating func apply(_ current: Session, to characters: [Character]) -> (text: String, caret: Int) {
        var current = current
        let head = String(characters[..<current.start])
        var tail = current.tail
        let replacement = current.replacements[current.index]
        // Do not double the space when the text after the caret already starts with one.
        if replacement.hasSuffix(" "), tail.hasPrefix(" ") { tail.removeFirst() }
        let text = head + replacement + tail
        current.produced = text
        session = current
        return (text, head.count + replacement.count)
    }
}
