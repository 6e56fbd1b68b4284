import IRCProtocol

/// Decides whether a message highlights us: our nick as a whole word, one of the configured
/// keywords as a whole word, or a sender matching one of the configured masks. Comparisons
/// follow the network's casemapping (so `[` and `{` are the same letter under rfc1459).
public struct HighlightRules: Sendable, Hashable {
    /// Words that highlight besides our nick.
    public var keywords: [String]
    /// Senders whose every message highlights (`nick!user@host` masks).
    public var masks: [String]

    /// Rules with extra keywords and masks.
    public init(keywords: [String] = [], masks: [String] = []) {
        self.keywords = keywords
        self.masks = masks
    }

    /// Whether `text` from `source` highlights `ownNick`.
    ///
    /// The text is compared in place, folding byte by byte through the mapping's table, not
    /// folded into a copy first: folding every message's text into a new string was a tenth
    /// of a flood's cost, and calling the fold per byte still a twentieth.
    public func matches(text: String, source: IRCSource?, ownNick: String, caseMapping: IRCCaseMapping) -> Bool {
        var text = text
        let found = caseMapping.foldTable.withUnsafeBufferPointer { table in
            text.withUTF8 { bytes in
                if Self.containsWord(ownNick, in: bytes, table: table) { return true }
                return keywords.contains { Self.containsWord($0, in: bytes, table: table) }
            }
        }
        if found { return true }
        if let source {
            for mask in masks where IRCMask(mask, caseMapping: caseMapping).matches(source) { return true }
        }
        return false
    }

    /// The word that makes `text` a highlight: `ownNick`, else the first keyword found; nil
    /// when neither occurs (a mask may still match the sender).
    public func matchedWord(in text: String, ownNick: String, caseMapping: IRCCaseMapping) -> String? {
        var text = text
        return caseMapping.foldTable.withUnsafeBufferPointer { table in
            text.withUTF8 { bytes in
                if Self.containsWord(ownNick, in: bytes, table: table) { return ownNick }
                return keywords.first { Self.containsWord($0, in: bytes, table: table) }
            }
        }
    }

    /// Whether `word` occurs in `text`, both folded by `table` (a mapping's ``IRCCaseMapping/foldTable``),
    /// with no nick character right before or after it. False for an empty word.
    static func containsWord(_ word: String, in text: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt8>) -> Bool {
        var word = word
        return word.withUTF8 { word in
            guard let first = word.first.map({ table[Int($0)] }), word.count <= text.count else { return false }
            var start = 0
            while start + word.count <= text.count {
                if table[Int(text[start])] == first, matchesRest(word, at: start, in: text, table: table) {
                    let before = start == 0 || !isWordByte(table[Int(text[start - 1])])
                    let end = start + word.count
                    let after = end == text.count || !isWordByte(table[Int(text[end])])
                    if before && after { return true }
                }
                start += 1
            }
            return false
        }
    }

    @inline(__always)
    private static func matchesRest(_ word: UnsafeBufferPointer<UInt8>, at start: Int, in text: UnsafeBufferPointer<UInt8>,
                                    table: UnsafeBufferPointer<UInt8>) -> Bool {
        var k = 1
        while k < word.count {
            if table[Int(text[start + k])] != table[Int(word[k])] { return false }
            k += 1
        }
        return true
    }

    /// Letters, digits, the nick specials `[]\`^{|}_-`, and any byte of a non-ASCII character
    /// count as part of a word.
    private static func isWordByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "^"),
             UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default: return b >= 0x80
        }
    }
}
