/// Some lines of a ``SearchCorpus`` as one text for one run of an expression: each line's nick
/// and text, each followed by a line feed, with where each line starts and where its nick ends
/// in bytes (what PCRE2 counts).
///
/// Lines holding a line feed of their own (a multiline message) would give `^` and `$` more
/// places to match than they have alone: they are left out of the text and checked alone.
/// Nothing else is a line end to the expression (``CompiledRegex`` sets PCRE2's newline to the
/// line feed alone).
struct JoinedLines {
    /// The lines in the text, ascending.
    private var lines: [Int] = []
    /// Where each line's nick starts in the text.
    private var starts: [Int] = []
    /// Where the line feed after each line's nick is.
    private var nickEnds: [Int] = []
    /// Where the line feed after each line's text is.
    private var textEnds: [Int] = []
    /// The lines to check alone.
    private var apart: [Int] = []
    private var bytes: [UInt8] = []

    /// The text of the `chosen` lines' nicks and texts that hold every one of `literals`
    /// (the others cannot match), each from the first place of `leading` in it on, if given
    /// (no match starts before).
    init(_ chosen: [Int], corpus: SearchCorpus, literals: [Needle] = [], leading: Needle? = nil) {
        var offset = 0
        /// What of a nick or a text to search: from `leading` on, empty if it cannot match.
        func searched(_ segment: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
            segment.withUnsafeBufferPointer { buffer in
                guard literals.allSatisfy({ $0.firstOffset(in: buffer) != nil }) else { return [] }
                guard let leading else { return segment }
                guard let start = leading.firstOffset(in: buffer) else { return [] }
                return segment[(segment.startIndex + start)...]
            }
        }
        for line in chosen {
            let key = corpus.key(at: line)
            guard let split = key.firstIndex(of: 0) else { continue }
            if Self.hasLineEnd(key) { apart.append(line); continue }
            let nick = searched(key[key.startIndex..<split])
            // The key's own line feed ends its text.
            let text = searched(key[(split + 1)..<(key.endIndex - 1)])
            if nick.isEmpty && text.isEmpty && (!literals.isEmpty || leading != nil) { continue }
            lines.append(line)
            starts.append(offset)
            offset += nick.count
            nickEnds.append(offset)
            offset += 1 + text.count
            textEnds.append(offset)
            offset += 1
            bytes += nick
            bytes.append(0x0A)
            bytes += text
            bytes.append(0x0A)
        }
    }

    /// The lines whose nick or text `expression` (with `^`/`$` at line feeds) matches, ascending;
    /// `alone` decides the lines a match across a line feed covers, and those set apart.
    func lines(matching expression: CompiledRegex, alone: (Int) -> Bool) -> [Int] {
        var matched = [Bool](repeating: false, count: lines.count)
        var unsure: [Int] = []
        if !lines.isEmpty { bytes.withUnsafeBufferPointer { text in
            expression.enumerateMatches(in: text) { range in
                let first = Self.last(in: starts, atMost: range.lowerBound)
                let segmentEnd = range.lowerBound <= nickEnds[first] ? nickEnds[first] : textEnds[first]
                if range.upperBound <= segmentEnd {
                    matched[first] = true
                } else {
                    // Across a line feed: every line it covers may or may not match alone.
                    let lastLine = Self.last(in: starts, atMost: range.upperBound - 1)
                    unsure.append(contentsOf: first...lastLine)
                }
                return true
            }
        } }
        var found = Set(unsure.filter { !matched[$0] }.map { lines[$0] }.filter(alone))
        found.formUnion(apart.filter(alone))
        for (k, line) in lines.enumerated() where matched[k] { found.insert(line) }
        return found.sorted()
    }

    /// The index of the last element of ascending `values` that is at most `value` (0 if none).
    private static func last(in values: [Int], atMost value: Int) -> Int {
        var low = 0, high = values.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if values[mid] <= value { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Whether a key holds a line feed before its own last one.
    private static func hasLineEnd(_ key: ArraySlice<UInt8>) -> Bool {
        key.dropLast().contains(0x0A)
    }
}
