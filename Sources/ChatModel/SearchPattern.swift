import FoundationEssentials

/// A `/regular expression/` of a find-bar query, with what makes it fast over 100,000 lines.
///
/// Running the expression on each line costs a call into PCRE2 and its match data per line
/// (with ICU, before, also a string and its UTF-16 copy: 3 µs a line). Two things cut that down:
/// - **Required literals.** The ASCII runs that every match must contain (`caf` and `yes` in
///   `caf[eé] .*yes`) are found first with the corpus's byte scan, like the words of a query;
///   only the lines holding all of them are given to the expression.
/// - **One pass.** Those lines' nicks and texts are joined, each ended by a line feed, and the
///   expression runs once over the whole (with `^`/`$` at line ends). A match that runs across a line feed says nothing for sure: the lines it covers are
///   checked alone.
///
/// Both are used only where they cannot change the answer: see ``Plan``.
public struct SearchPattern {
    /// The expression as the user wrote it, case-insensitive: run on one nick or one text.
    public let expression: CompiledRegex
    /// The same with `^` and `$` matching at line feeds: run on joined lines.
    let joinedExpression: CompiledRegex?
    /// ASCII runs (lowercased) that every match contains.
    public let literals: [Needle]
    /// The run every match starts with, if the pattern begins with one.
    let leading: Needle?
    /// Whether ``joinedExpression`` ignores case (not needed for a lowercase pattern).
    let joinsCaseSensitively: Bool

    /// Compiles `source`; throws what ``CompiledRegex`` throws.
    public init(_ source: String) throws(SearchQueryError) {
        expression = try CompiledRegex(source, options: [.caseInsensitive])
        let plan = Plan(source)
        literals = plan.literals.filter { $0.count >= 2 }.map(Needle.init)
        leading = plan.leading.map(Needle.init)
        // Keys are lowercased already: a pattern without capitals finds in them, case-sensitively,
        // what it finds ignoring case (case-insensitive steps cost more), except
        // in lines with letters that fold to ASCII, which are checked alone.
        joinsCaseSensitively = Self.isLowercase(source)
        joinedExpression = plan.canJoin
            ? try CompiledRegex(source, options: joinsCaseSensitively ? [.anchorsMatchLines] : [.caseInsensitive, .anchorsMatchLines])
            : nil
    }

    /// Whether `source` is ASCII without capitals (an escape such as `\W` is not one) and
    /// without POSIX classes (`[[:upper:]]` ignoring case takes in lowercase letters too).
    static func isLowercase(_ source: String) -> Bool {
        let s = Array(source.utf8)
        guard s.allSatisfy({ $0 < 0x80 }), !source.contains("[:") else { return false }
        // Escapes that stand for characters or properties (`\x41`, `\u0041`, `\p{Lu}`, `\N{…}`,
        // `\0101`) may name capitals: only the class escapes are safe.
        let classEscapes = Set("dDsSwWbBhHvVRXnrtfae".utf8)
        var i = 0
        while i < s.count {
            if s[i] == UInt8(ascii: "\\") {
                if i + 1 < s.count, (s[i + 1] >= 0x30 && s[i + 1] <= 0x39) || (s[i + 1] | 0x20 >= 0x61 && s[i + 1] | 0x20 <= 0x7A),
                   !classEscapes.contains(s[i + 1]) { return false }
                i += 2
                continue
            }
            if s[i] >= 0x41 && s[i] <= 0x5A { return false }
            i += 1
        }
        return true
    }

    /// Whether the expression matches `text` (one nick or one text, alone).
    public func matches(_ text: String) -> Bool {
        expression.matches(text)
    }

    /// Whether the expression matches the nick or the text of a search key (nick, NUL, text).
    func matches(key: some BidirectionalCollection<UInt8>) -> Bool {
        guard let split = key.firstIndex(of: 0) else { return false }
        var text = key[key.index(after: split)...]
        if text.last == 0x0A { text = text.dropLast() }
        return matches(bytes: text) || matches(bytes: key[..<split])
    }

    private func matches(bytes: some Collection<UInt8>) -> Bool {
        bytes.withContiguousStorageIfAvailable { expression.matches($0) }
            ?? Array(bytes).withUnsafeBufferPointer { expression.matches($0) }
    }

    /// The lines among `candidates` (ascending) whose key the expression matches, ascending.
    /// Lines without their required literals are dropped first, except those holding a
    /// character that case-insensitive matching may equate with ASCII letters (see
    /// ``SearchCorpus/linesWithFoldingLetters()``), which are checked alone.
    public func lines(among candidates: [Int], in corpus: SearchCorpus) -> [Int] {
        // Lines with letters that fold to ASCII may match without holding the literals, or
        // match only case-insensitively: they are checked alone.
        let folding = literals.isEmpty && leading == nil && !joinsCaseSensitively ? []
            : SortedLines.intersect(candidates, corpus.linesWithFoldingLetters())
        var lines = SortedLines.subtract(candidates, folding)
        for needle in literals where !lines.isEmpty {
            lines = SortedLines.intersect(lines, corpus.lines(containing: needle))
        }
        let alone = folding.filter { matches(key: corpus.key(at: $0)) }
        guard let joinedExpression else {
            return SortedLines.union(lines.filter { matches(key: corpus.key(at: $0)) }, alone)
        }
        let joined = JoinedLines(lines, corpus: corpus, literals: literals, leading: leading)
        return SortedLines.union(joined.lines(matching: joinedExpression) { matches(key: corpus.key(at: $0)) }, alone)
    }
}

/// Ascending arrays of line indices.
enum SortedLines {
    /// The elements in both.
    static func intersect(_ a: [Int], _ b: [Int]) -> [Int] {
        var result: [Int] = []
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] { result.append(a[i]); i += 1; j += 1 } else if a[i] < b[j] { i += 1 } else { j += 1 }
        }
        return result
    }

    /// The elements of `a` that are not in `b`.
    static func subtract(_ a: [Int], _ b: [Int]) -> [Int] {
        var result: [Int] = []
        var j = 0
        for x in a {
            while j < b.count && b[j] < x { j += 1 }
            if j == b.count || b[j] != x { result.append(x) }
        }
        return result
    }

    /// The elements in either, once each.
    static func union(_ a: [Int], _ b: [Int]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i] < b[j]) {
                result.append(a[i]); i += 1
            } else if i == a.count || b[j] < a[i] {
                result.append(b[j]); j += 1
            } else {
                result.append(a[i]); i += 1; j += 1
            }
        }
        return result
    }
}
