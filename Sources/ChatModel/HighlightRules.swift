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
    public func matches(text: String, source: IRCSource?, ownNick: String, caseMapping: IRCCaseMapping) -> Bool {
        let folded = Array(caseMapping.lowercased(text).utf8)
        for word in [ownNick] + keywords where !word.isEmpty {
            if Self.containsWord(Array(caseMapping.lowercased(word).utf8), in: folded) { return true }
        }
        if let source {
            for mask in masks where IRCMask(mask, caseMapping: caseMapping).matches(source) { return true }
        }
        return false
    }

    /// Whether `word` occurs in `text` with no nick character right before or after it.
    static func containsWord(_ word: [UInt8], in text: [UInt8]) -> Bool {
        guard word.count <= text.count else { return false }
        var start = 0
        while start + word.count <= text.count {
            if text[start] == word[0], Array(text[start..<start + word.count]) == word {
                let before = start == 0 || !isWordByte(text[start - 1])
                let end = start + word.count
                let after = end == text.count || !isWordByte(text[end])
                if before && after { return true }
            }
            start += 1
        }
        return false
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
