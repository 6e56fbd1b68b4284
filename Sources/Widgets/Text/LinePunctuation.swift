/// Punctuation a line must not break beside: a simplified UAX #14 (its CL, CP, EX and IS
/// classes, and OP), as Chinese and Japanese typesetting do it (kinsoku shori). A line does not
/// start with closing punctuation (a Chinese line starting with "，"), even where spaces come
/// between ("wait !" keeps its "!", "hello :)" its smiley), nor end with opening punctuation
/// followed by text. Unlike UAX #14, spaces after opening punctuation do allow a break: ":-( "
/// ends many chat words and must not pull the next word along. Small kana and the prolonged
/// sound mark, which strict kinsoku also keeps off a line's start, are left out.
enum LinePunctuation: Equatable {
    /// Neither: a line may break before and after it (as its class allows).
    case none
    /// Closing punctuation: no break before it (line-start prohibited).
    case closing
    /// Opening punctuation: no break after it (line-end prohibited).
    case opening

    init(_ character: Character) {
        guard let scalar = character.unicodeScalars.first else { self = .none; return }
        self.init(scalar)
    }

    init(_ scalar: Unicode.Scalar) {
        switch scalar {
        // Latin: full stop, comma, colon, semicolon, marks, closing brackets and quotes.
        case ".", ",", ";", ":", "!", "?", ")", "]", "}", "\u{2019}", "\u{201D}", "\u{203C}", "\u{2047}", "\u{2048}", "\u{2049}",
             // CJK: 、。〉》」』】〕〗〙〛・ and the fullwidth ！），．：；？］｝｡｣､
             "\u{3001}", "\u{3002}", "\u{3009}", "\u{300B}", "\u{300D}", "\u{300F}", "\u{3011}", "\u{3015}", "\u{3017}",
             "\u{3019}", "\u{301B}", "\u{30FB}", "\u{FF01}", "\u{FF09}", "\u{FF0C}", "\u{FF0E}", "\u{FF1A}", "\u{FF1B}",
             "\u{FF1F}", "\u{FF3D}", "\u{FF5D}", "\u{FF61}", "\u{FF63}", "\u{FF64}":
            self = .closing
        // Latin: opening brackets and quotes; CJK: 〈《「『【〔〖〘〚 and the fullwidth （［｛｢
        case "(", "[", "{", "\u{2018}", "\u{201C}",
             "\u{3008}", "\u{300A}", "\u{300C}", "\u{300E}", "\u{3010}", "\u{3014}", "\u{3016}", "\u{3018}", "\u{301A}",
             "\u{FF08}", "\u{FF3B}", "\u{FF5B}", "\u{FF62}":
            self = .opening
        default:
            self = .none
        }
    }
}
