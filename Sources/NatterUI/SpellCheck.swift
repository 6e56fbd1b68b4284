import IRCFormatting

/// A spell checker for the input line (Enchant in the app, a word list in tests).
@MainActor
public protocol SpellChecking: AnyObject {
    /// Whether `word` is right in `language`; nil when there is no dictionary for it.
    func check(_ word: String, language: String) -> Bool?
    /// Corrections for `word`, best first.
    func suggestions(for word: String, language: String, limit: Int) -> [String]
    /// Adds `word` to the user's own word list for `language`.
    func add(_ word: String, language: String)
    /// Whether a dictionary for `language` is installed, asked now (`/spell`: one installed a
    /// moment ago counts).
    func hasDictionary(_ language: String) -> Bool
}

/// The words of a message to check, and which of them are misspelt.
public enum SpellCheck {
    /// A word of the text: its characters' offsets and itself.
    public struct Word: Hashable, Sendable {
        public var range: Range<Int>
        public var text: String
    }

    /// The words of `text`: runs of letters (an apostrophe or a hyphen inside a word belongs
    /// to it). What is not prose is left out: a command at the start (`/join`, and the nick
    /// after `/msg`, `/query`, `/kick`, …), channel names
    /// and anything else starting with `#`, `&`, `@` or `/`, words with digits or underscores
    /// (`foo_bar`, `mp3`), links, and whatever is in `skipping` (nicks, compared without case).
    public static func words(in text: String, skipping names: Set<String> = []) -> [Word] {
        let characters = Array(text)
        var linked = Set<Int>()
        for url in detectURLs(in: text) {
            let start = text.distance(from: text.startIndex, to: url.range.lowerBound)
            let count = text.distance(from: url.range.lowerBound, to: url.range.upperBound)
            linked.formUnion(start..<(start + count))
        }
        var words: [Word] = []
        var index = 0
        var tokenNumber = 0
        // After a command naming someone or something first (`/msg bob …`), that name too.
        var skipTokens = 0
        while index < characters.count {
            // A token: up to the next whitespace.
            guard !characters[index].isWhitespace else { index += 1; continue }
            let start = index
            while index < characters.count, !characters[index].isWhitespace { index += 1 }
            let token = characters[start..<index]
            tokenNumber += 1
            if start == 0, token.first == "/" {   // a command
                let named = ["msg", "query", "q", "notice", "kick", "invite", "whois", "nick", "op", "deop", "voice", "devoice"]
                skipTokens = named.contains(String(token.dropFirst()).lowercased()) ? 2 : 1
                continue
            }
            if tokenNumber <= skipTokens { continue }
            if let first = token.first, "#&@/".contains(first) { continue }
            if token.contains(where: { $0.isNumber || $0 == "_" || $0 == "\\" || $0 == "|" }) { continue }
            if (start..<index).contains(where: linked.contains) { continue }
            // The token's letters, without the punctuation around them.
            var lower = start, upper = index
            while lower < upper, !characters[lower].isLetter { lower += 1 }
            while upper > lower, !characters[upper - 1].isLetter { upper -= 1 }
            guard lower < upper else { continue }
            let word = String(characters[lower..<upper])
            guard word.allSatisfy({ $0.isLetter || $0 == "'" || $0 == "’" || $0 == "-" }) else { continue }
            if names.contains(word.lowercased()) { continue }
            words.append(Word(range: lower..<upper, text: word))
        }
        return words
    }

    /// The misspelt words of `text` in `language` (none without a dictionary for it). The
    /// word being typed at the end (no space after it yet) is left alone until it is finished.
    @MainActor
    public static func misspelt(in text: String, language: String, checker: any SpellChecking,
                                skipping names: Set<String> = []) -> [Word] {
        let count = text.count
        return words(in: text, skipping: names).filter { word in
            word.range.upperBound < count && writes(word.text, in: language)
                && checker.check(word.text, language: language) == false
        }
    }

    /// Whether `language`'s dictionary can judge `word`: its letters are of the language's
    /// script (日本 is not English, nor привет German), and for English of the plain Latin
    /// alphabet (café and naïve are borrowed spellings its dictionaries lack). A word the
    /// dictionary cannot judge is left alone rather than flagged.
    public static func writes(_ word: String, in language: String) -> Bool {
        let code = language.prefix { $0.isLetter }.lowercased()
        let letters = word.unicodeScalars.filter { $0.properties.isAlphabetic }
        func all(_ ranges: [ClosedRange<UInt32>]) -> Bool {
            letters.allSatisfy { scalar in ranges.contains { $0.contains(scalar.value) } }
        }
        let latin: [ClosedRange<UInt32>] = [0x41...0x5A, 0x61...0x7A, 0xAA...0xAA, 0xBA...0xBA, 0xC0...0x24F,
                                            0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF]
        switch code {
        case "en": return all([0x41...0x5A, 0x61...0x7A])
        case "ru", "uk", "be", "bg", "mk", "sr", "kk", "ky", "mn", "tg", "tt":
            return all([0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F])
        case "el": return all([0x370...0x3FF, 0x1F00...0x1FFF])
        case "he", "yi": return all([0x590...0x5FF, 0xFB1D...0xFB4F])
        case "ar", "fa", "ur", "ps": return all([0x600...0x6FF, 0x750...0x77F, 0x8A0...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF])
        case "hy": return all([0x530...0x58F])
        case "ka": return all([0x10A0...0x10FF])
        case "th": return all([0xE00...0xE7F])
        case "hi", "mr", "ne": return all([0x900...0x97F])
        case "ko": return all([0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF])
        default: return all(latin)
        }
    }
}
