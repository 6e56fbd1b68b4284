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
    /// The text is compared in place, folding byte by byte, not folded into a copy first:
    /// folding every message's text into a new string was a tenth of a flood's cost.
    public func matches(text: String, source: IRCSource?, ownNick: String, caseMapping: IRCCaseMapping) -> Bool {
        var text = text
        let found = text.withUTF8 { bytes in
            if !ownNick.isEmpty, Self.containsWord(Array(ownNick.utf8).map(caseMapping.fold), in: bytes, folding: caseMapping) {
                return true
            }
            return keywords.contains { word in
                !word.isEmpty && Self.containsWord(Array(word.utf8).map(caseMapping.fold), in: bytes, folding: caseMapping)
            }
        }
        if found { return true }
        if let source {
            for mask in masks where IRCMask(mask, caseMapping: caseMapping).matches(source) { return true }
        }
        return false
    }

    /// Whether `word` (folded) occurs in `text` folded by `mapping`, with no nick character
    /// right before or after it.
    static func containsWord(_ word: [UInt8], in text: UnsafeBufferPointer<UInt8>, folding mapping: IRCCaseMapping) -> Bool {
        guard let first = word.first, word.count <= text.count else { return false }
        var start = 0
        while start + word.count <= text.count {
            if mapping.fold(text[start]) == first, (1..<word.count).allSatisfy({ mapping.fold(text[start + $0]) == word[$0] }) {
                let before = start == 0 || !isWordByte(mapping.fold(text[start - 1]))
                let end = start + word.count
                let after = end == text.count || !isWordByte(mapping.fold(text[end]))
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
