import Foundation
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
        case pattern(NSRegularExpression)
    }

    /// Every term must match a line.
    public private(set) var terms: [Term] = []
    /// Only lines by one of these nicks (lowercased), when not empty.
    public private(set) var senders: [String] = []

    /// Whether the query holds a `/pattern/` (slower: NSRegularExpression on each candidate).
    public var hasPatterns: Bool {
        terms.contains { if case .pattern = $0 { true } else { false } }
    }

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
                let source = String(rest[rest.index(after: rest.startIndex)..<close]).replacingOccurrences(of: "\\/", with: "/")
                if !source.isEmpty {
                    do {
                        terms.append(.pattern(try NSRegularExpression(pattern: source, options: [.caseInsensitive])))
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

    /// What a search compares for `line`: its folded nick, a NUL, its folded text; empty for
    /// lines that are not messages (never found). Made once per line (``Scrollback/search``).
    public static func key(for line: ChatLine) -> [UInt8] {
        guard line.isMessage else { return [] }
        return fold(line.nick ?? "") + [0] + fold(line.text)
    }

    /// Whether `line` (a message, action or notice) matches: by one of the senders, if any, and
    /// with every term in its nick or its text.
    public func matches(_ line: ChatLine) -> Bool {
        matches(key: Self.key(for: line))
    }

    /// The indices of the lines of `scrollback` that match, newest first. Each word or phrase
    /// is one scan of the scrollback's ``SearchCorpus``; the lines found by every term are then
    /// checked for the senders, and patterns run only on those.
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
            candidates = candidates.map { Self.intersect($0, lines) } ?? lines
            if candidates?.isEmpty == true { return [] }
        }
        let lines = candidates ?? Array(0..<corpus.count)
        var found: [Int] = []
        for index in lines.reversed() {
            let key = corpus.key(at: index)
            if key.isEmpty { continue }
            if candidates != nil && !hasPatterns {
                // Every word was found in it: only the senders are left to check.
                if senders.isEmpty || isBySender(key) { found.append(index) }
            } else if matches(key: Array(key.dropLast())) {
                found.append(index)
            }
        }
        return found
    }

    /// Whether the nick a key starts with is one of the senders.
    private func isBySender(_ key: ArraySlice<UInt8>) -> Bool {
        guard let split = key.firstIndex(of: 0) else { return false }
        let nick = key[key.startIndex..<split]
        return senders.contains { $0.utf8.elementsEqual(nick) }
    }

    /// The elements of two ascending arrays that are in both.
    private static func intersect(_ a: [Int], _ b: [Int]) -> [Int] {
        var result: [Int] = []
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] { result.append(a[i]); i += 1; j += 1 } else if a[i] < b[j] { i += 1 } else { j += 1 }
        }
        return result
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
            case .pattern:
                let nick = String(decoding: key[..<split], as: UTF8.self)
                let text = String(decoding: key[(split + 1)...], as: UTF8.self)
                if Self.first(term, in: text) == nil && Self.first(term, in: nick) == nil { return false }
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
                var start = text.startIndex
                while start < text.endIndex,
                      let range = text.range(of: needle, options: [.caseInsensitive], range: start..<text.endIndex) {
                    found.append(range)
                    start = range.isEmpty ? text.index(after: range.upperBound) : range.upperBound
                }
            case .pattern(let expression):
                let whole = NSRange(text.startIndex..<text.endIndex, in: text)
                for match in expression.matches(in: text, range: whole) {
                    if let range = Range(match.range, in: text), !range.isEmpty { found.append(range) }
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

    private static func first(_ term: Term, in text: String) -> Range<String.Index>? {
        switch term {
        case .text(let needle, _):
            return text.range(of: needle, options: [.caseInsensitive])
        case .pattern(let expression):
            let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..<text.endIndex, in: text))
            return match.flatMap { Range($0.range, in: text) }
        }
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

/// Folded bytes to find in search keys. The scan jumps with `memchr` to each place the
/// needle's rarest byte occurs (by English letter frequency: `z` before `e`; anything but a
/// lowercase letter counts as rare) and compares the whole needle there with `memcmp`; keys are
/// short, so this beats a skip table.
public struct Needle: Sendable {
    /// The bytes.
    public let bytes: [UInt8]
    /// Where in the needle the byte looked for first is.
    let anchor: Int

    /// Lowercase letters from the most to the least frequent in English text.
    private static let frequency = Array("etaoinsrhldcumfpgwybvkxjqz".utf8)

    /// A needle for `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        func rank(_ byte: UInt8) -> Int { Self.frequency.firstIndex(of: byte) ?? Self.frequency.count }
        anchor = bytes.indices.max { rank(bytes[$0]) < rank(bytes[$1]) } ?? 0
    }

    /// Whether the needle occurs in raw bytes whose ASCII letters may be in either case
    /// (a log file as written): `memchr` for each case of the anchor byte, the candidates
    /// compared with ASCII letters lowered. No copy of the bytes is made.
    public func occursIgnoringASCIICase(in raw: UnsafeRawBufferPointer) -> Bool {
        let n = bytes.count
        guard n > 0 else { return true }
        guard raw.count >= n, let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
        let anchorByte = bytes[anchor]
        let cases = anchorByte >= 0x61 && anchorByte <= 0x7A ? [anchorByte, anchorByte - 0x20] : [anchorByte]
        let last = raw.count - n
        return bytes.withUnsafeBufferPointer { needle in
            for key in cases {
                var i = 0
                while i <= last {
                    guard let hit = memchr(base + i + anchor, Int32(key), last - i + 1) else { break }
                    i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) - anchor
                    var j = 0
                    while j < n {
                        let byte = base[i + j]
                        if (byte &- 0x41 < 26 ? byte | 0x20 : byte) != needle[j] { break }
                        j += 1
                    }
                    if j == n { return true }
                    i += 1
                }
            }
            return false
        }
    }

    /// Whether the needle occurs in `haystack`.
    public func occurs(in haystack: [UInt8]) -> Bool {
        let n = bytes.count
        guard n > 0 else { return true }
        guard haystack.count >= n else { return false }
        let anchor = self.anchor
        return haystack.withUnsafeBufferPointer { h in
            bytes.withUnsafeBufferPointer { b in
                guard let hb = h.baseAddress, let nb = b.baseAddress else { return false }
                let key = Int32(nb[anchor])
                // `i` is where the needle would start; its anchor byte sits at `i + anchor`.
                var i = 0
                let last = h.count - n
                while i <= last {
                    guard let hit = memchr(hb + i + anchor, key, last - i + 1) else { return false }
                    i = hb.distance(to: hit.assumingMemoryBound(to: UInt8.self)) - anchor
                    if memcmp(hb + i, nb, n) == 0 { return true }
                    i += 1
                }
                return false
            }
        }
    }
}

/// A find-bar query that cannot be used, with a message for the bar.
public struct SearchQueryError: Error, Sendable, Equatable {
    /// What is wrong, for the user.
    public var message: String

    /// An error saying `message`.
    public init(message: String) { self.message = message }
}
