import Foundation

/// Some lines of a ``SearchCorpus`` as one text for one run of an expression: each line's nick
/// and text, each followed by a line feed, with where each line starts and where its nick ends
/// in UTF-16 units (what `NSRange` counts).
///
/// Lines holding a character that ICU also takes as a line end (`\v`, `\f`, `\r`, U+0085,
/// U+2028, U+2029) would give `^` and `$` more places to match than they have alone: they are
/// left out of the text and checked alone.
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
            offset += Self.utf16Count(nick)
            nickEnds.append(offset)
            offset += 1 + Self.utf16Count(text)
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
    func lines(matching expression: NSRegularExpression, alone: (Int) -> Bool) -> [Int] {
        var matched = [Bool](repeating: false, count: lines.count)
        var unsure: [Int] = []
        let text = String(decoding: bytes, as: UTF8.self)
        if !lines.isEmpty { enumerate(expression, in: text) { range in
            let first = Self.last(in: starts, atMost: range.location)
            let end = range.location + range.length
            let segmentEnd = range.location <= nickEnds[first] ? nickEnds[first] : textEnds[first]
            if end <= segmentEnd {
                matched[first] = true
            } else {
                // Across a line feed: every line it covers may or may not match alone.
                let lastLine = Self.last(in: starts, atMost: end - 1)
                unsure.append(contentsOf: first...lastLine)
            }
        } }
        var found = Set(unsure.filter { !matched[$0] }.map { lines[$0] }.filter(alone))
        found.formUnion(apart.filter(alone))
        for (k, line) in lines.enumerated() where matched[k] { found.insert(line) }
        return found.sorted()
    }

    /// Calls `body` with the range of each match of `expression` in `text` (the whole text).
    private func enumerate(_ expression: NSRegularExpression, in text: String, _ body: (NSRange) -> Void) {
        withoutActuallyEscaping(body) { body in
            expression.enumerateMatches(in: text, range: NSRange(location: 0, length: textEnds[textEnds.count - 1] + 1)) { match, _, _ in
                if let range = match?.range { body(range) }
            }
        }
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

    /// UTF-16 units of valid UTF-8 bytes: one per scalar, two for those of four bytes.
    private static func utf16Count(_ utf8: some Collection<UInt8>) -> Int {
        var count = 0
        for byte in utf8 where byte & 0xC0 != 0x80 { count += byte >= 0xF0 ? 2 : 1 }
        return count
    }

    /// Whether a key holds a character ICU takes as a line end (a line feed ends every key).
    private static func hasLineEnd(_ key: ArraySlice<UInt8>) -> Bool {
        var previous: UInt8 = 0, beforeThat: UInt8 = 0
        for byte in key.dropLast() {
            switch byte {
            case 0x0A, 0x0B, 0x0C, 0x0D: return true
            case 0x85 where previous == 0xC2: return true
            case 0xA8, 0xA9: if previous == 0x80 && beforeThat == 0xE2 { return true }
            default: break
            }
            beforeThat = previous
            previous = byte
        }
        return false
    }
}
