/// A pragmatic character classification for line breaking and bidi ordering, from Unicode
/// scalar properties of a character's first scalar.
///
/// Limits (documented, deliberate): no full Unicode Bidi Algorithm (no explicit embeddings or
/// isolates, no mirroring of brackets, paragraph direction is always left-to-right), and line
/// breaking implements spaces, hard newlines, breaks around CJK ideographs / kana and the
/// punctuation a line must not start or end with (``LinePunctuation``) only (no hyphenation, no
/// other UAX #14 classes).
enum BidiClass: Equatable {
    /// Hebrew, Arabic, Syriac, Thaana, N'Ko and other right-to-left letters.
    case rightToLeft
    /// Letters of left-to-right scripts.
    case leftToRight
    /// Digits: left-to-right inside, but they follow the surrounding direction.
    case number
    /// Spaces and punctuation: take the direction of their neighbours.
    case neutral

    init(_ character: Character) {
        guard let scalar = character.unicodeScalars.first else { self = .neutral; return }
        if Self.isRightToLeft(scalar) {
            self = scalar.properties.isAlphabetic || scalar.properties.generalCategory == .otherLetter
                ? .rightToLeft : .neutral
        } else if character.isNumber {
            self = .number
        } else if scalar.properties.isAlphabetic || character.isLetter {
            self = .leftToRight
        } else if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation }) {
            self = .leftToRight
        } else {
            self = .neutral
        }
    }

    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
            return true
        default:
            return false
        }
    }
}

/// How a character behaves for line breaking.
enum BreakClass: Equatable {
    /// A hard line break (`\n`, `\r\n`, `\r`).
    case newline
    /// A space or tab: a break opportunity after it; hangs at the end of a line.
    case space
    /// An ideograph, kana or CJK punctuation: breaks are allowed before and after it.
    case ideographic
    /// Anything else: part of a word.
    case word

    init(_ character: Character) {
        if character == "\n" || character == "\r\n" || character == "\r" { self = .newline; return }
        if character == " " || character == "\t" { self = .space; return }
        guard let scalar = character.unicodeScalars.first else { self = .word; return }
        switch scalar.value {
        case 0x3000...0x30FF, 0x31F0...0x31FF, 0xFF00...0xFF60, 0xFFE0...0xFFEF:
            self = .ideographic
        default:
            self = scalar.properties.isIdeographic ? .ideographic : .word
        }
    }
}
