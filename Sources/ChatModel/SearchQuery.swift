import FoundationEssentials
import IRCFormatting
#if canImport(Glibc)
import Glibc
#endif

/// What the reader typed into a find bar, parsed: words that must all appear (in the nick or
/// the text), `"exact phrases"`, `/regular expressions/`, and `from:nick`. Matching ignores case
/// and mIRC formatting (codes are stripped first), so `bold` finds `\u{02}bo\u{02}ld`.
///
/// Syntax: terms are separated by spaces; `"…"` keeps its spaces; `/…/` is a regular expression
/// (ICU syntax, case-insensitive; `\/` is a slash inside it); `from:NICK` keeps only lines by
/// NICK (several `from:` mean any of them). A lone `"` or `/` without its closing partner is
/// read as text.
public struct SearchQuery {
    /// One thing a line must contain.
    public enum Term {
        /// A word or an exact phrase, found case-insensitively (with its folded bytes).
        case text(String, folded: Needle)
        /// A regular expression, found case-insensitively.
        case pattern(SearchPattern)
    }

    /// Every term must match a line.
    public private(set) var terms: [Term] = []
    /// Only lines by one of these nicks (lowercased), when not empty.
    public private(set) var senders: [String] = []

    /// Whether the query holds a `/pattern/` (slower: the expression runs on each candidate).
    public var hasPatterns: Bool {
        terms.contains { if case .pattern = $0 { true } else { false } }
    }

    /// Whether the query has words, phrases or patterns (not senders alone, which find only
    /// what people said).
    public var hasTerms: Bool { !terms.isEmpty }

    /// Whether the query asks for nothing (it then matches nothing).
    public var isEmpty: Bool { terms.isEmpty && senders.isEmpty }

    /// Parses `text`; a `/regex/` that does not compile is an error naming it.
    public init(parsing text: String) throws(SearchQueryError) {
        var rest = Substring(text)
        while let first = rest.first {
            if first == " " { rest = rest.dropFirst(); continue }
            if first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") {
                let phrase = String(rest[rest.index(after: rest.startIndex)..<close])
                if !phrase.isEmpty { terms.append(.text(phrase, folded: Needle(Self.fold(phrase)))) }
                rest = rest[rest.index(after: close)...]
                continue
            }
            if first == "/", let close = Self.closingSlash(in: rest) {
                let source = String(rest[rest.index(after: rest.startIndex)..<close]).replacing("\\/", with: "/")
                if !source.isEmpty {
                    do {
                        terms.append(.pattern(try SearchPattern(source)))
                    } catch {
                        throw SearchQueryError(message: "not a valid pattern: /\(source)/")
                    }
                }
                rest = rest[rest.index(after: close)...]
                continue
            }
            let word = rest.prefix { $0 != " " }
            rest = rest.dropFirst(word.count)
            if word.lowercased().hasPrefix("from:"), word.count > 5 {
                senders.append(String(decoding: Self.fold(String(word.dropFirst(5))), as: UTF8.self))
            } else {
                terms.append(.text(String(word), folded: Needle(Self.fold(String(word)))))
            }
        }
    }

    /// `text` as searches compare it: mIRC formatting stripped, lowercased, as UTF-8 bytes.
    public static func fold(_ text: String) -> [UInt8] {
        let stripped = stripFormatting(text)
        var folded: [UInt8] = []
        folded.reserveCapacity(stripped.utf8.count)
        // ASCII (most of IRC) is lowered in place: `String.lowercased()` costs microseconds a
        // line, which 100,000 lines turn into half a second.
        for scalar in stripped.unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                folded.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            } else {
                folded.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
            }
        }
        return folded
    }

    /// What a search compares for `line`: its folded nick, a NUL, its folded text. An event
    /// has no sender (`from:kim` finds what kim said, not kim's joins): its key is a NUL, then
    /// the nick and what its row says (``ChatLine/eventPhrase``), so "kim quit" finds kim's
    /// quit. Made once per line (``Scrollback/search``).
    public static func key(for line: ChatLine) -> [UInt8] {
        let key: [UInt8]
        if line.isMessage {
            key = fold(line.nick ?? "") + [0] + fold(line.text)
        } else {
            key = [0] + fold(line.nick.map { $0 + " " + line.eventPhrase } ?? line.eventPhrase)
        }
        // A multiline message's line breaks are spaces here: a key holds no line feed.
        return key.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
    }

    /// Whether `line` (a message, action or notice) matches: by one of the senders, if any, and
    /// with every term in its nick or its text.
    public func matches(_ line: ChatLine) -> Bool {
        matches(key: Self.key(for: line))
    }

    /// The indices of the lines of `scrollback` that match, newest first. Each word or phrase
    /// is one scan of the scrollback's ``SearchCorpus``; the lines found by every term are then
    /// checked for the senders, and patterns run only on those (``SearchPattern``).
    public func matchingIndices(in scrollback: Scrollback) -> [Int] {
        matchingIndices(in: scrollback.search ?? SearchCorpus(scrollback.lines))
    }

    /// ``matchingIndices(in:)-(Scrollback)`` over a corpus alone (it is `Sendable`: a search
    /// with patterns runs it on another thread).
    public func matchingIndices(in corpus: SearchCorpus) -> [Int] {
        guard !isEmpty else { return [] }
        var candidates: [Int]?
        for term in terms {
            guard case .text(_, let needle) = term else { continue }
            let lines = corpus.lines(containing: needle)
            candidates = candidates.map { SortedLines.intersect($0, lines) } ?? lines
            if candidates?.isEmpty == true { return [] }
        }
        var lines = (candidates ?? Array(0..<corpus.count)).filter { index in
            let key = corpus.key(at: index)
            return !key.isEmpty && (senders.isEmpty || isBySender(key))
        }
        for term in terms {
            guard case .pattern(let pattern) = term, !lines.isEmpty else { continue }
            lines = pattern.lines(among: lines, in: corpus)
        }
        return lines.reversed()
    }

    /// Whether the nick a key starts with is one of the senders.
    private func isBySender(_ key: ArraySlice<UInt8>) -> Bool {
        guard let split = key.firstIndex(of: 0) else { return false }
        let nick = key[key.startIndex..<split]
        return senders.contains { $0.utf8.elementsEqual(nick) }
    }

    /// ``matches(_:)`` on a line's search key (``key(for:)``): words and phrases are a byte
    /// search in it (nick and text at once: no term holds a NUL, so none spans both).
    public func matches(key: [UInt8]) -> Bool {
        guard !isEmpty, let split = key.firstIndex(of: 0) else { return false }
        if !senders.isEmpty {
            let nick = key[..<split]
            guard senders.contains(where: { $0.utf8.elementsEqual(nick) }) else { return false }
        }
        for term in terms {
            switch term {
            case .text(_, let needle):
                if !needle.occurs(in: key) { return false }
            case .pattern(let pattern):
                if !pattern.matches(key: key) { return false }
            }
        }
        return true
    }

    /// Where the terms occur in `text` (displayed, formatting already stripped), for
    /// highlighting: every occurrence of every term, in order, overlaps merged.
    public func ranges(in text: String) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        for term in terms {
            switch term {
            case .text(let needle, _):
                found += Self.ranges(of: needle, in: text)
            case .pattern(let pattern):
                var bytes = text
                let utf8 = text.utf8
                bytes.withUTF8 { buffer in
                    pattern.expression.enumerateMatches(in: buffer) { range in
                        if !range.isEmpty {
                            found.append(utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
                                ..< utf8.index(utf8.startIndex, offsetBy: range.upperBound))
                        }
                        return true
                    }
                }
            }
        }
        found.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<String.Index>] = []
        for range in found {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// Where `needle` occurs in `text`, ignoring case (characters compared lowercased), not
    /// overlapping.
    static func ranges(of needle: String, in text: String) -> [Range<String.Index>] {
        let wanted = needle.map { $0.lowercased() }
        guard !wanted.isEmpty else { return [] }
        var found: [Range<String.Index>] = []
        var start = text.startIndex
        while start < text.endIndex {
            var end = start
            var matched = 0
            while matched < wanted.count, end < text.endIndex, text[end].lowercased() == wanted[matched] {
                end = text.index(after: end)
                matched += 1
            }
            if matched == wanted.count {
                found.append(start..<end)
                start = end
            } else {
                start = text.index(after: start)
            }
        }
        return found
    }

    /// The `/` that closes a pattern opened at the start of `text` (not one escaped with `\`).
    private static func closingSlash(in text: Substring) -> Substring.Index? {
        var escaped = false
        for index in text.indices.dropFirst() {
            let c = text[index]
            if escaped { escaped = false; continue }
            if c == "\\" { escaped = true; continue }
            if c == "/" { return index }
        }
        return nil
    }
}

/// A find-bar query that cannot be used, with a message for the bar.
public struct SearchQueryError: Error, Sendable, Equatable {
    /// What is wrong, for the user.
    public var message: String

    /// An error saying `message`.
    public init(message: String) { self.message = message }
}
