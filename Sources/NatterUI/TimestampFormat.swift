import ChatModel
import FoundationEssentials
import IRCProtocol

/// The format of the rows' timestamps (`[theme] timestamp_format`), compiled once into pieces:
/// strftime's directives `%H %M %S %I %p %l %k %y %Y %m %d %e %b %a %j %Z %z %%` between
/// literal text, as the C library writes them in the C locale (English names, `AM`/`PM`). A
/// format without `%` is read the way Natter's first formats were: `HH`, `mm` and `ss` stand
/// for `%H`, `%M` and `%S` and the rest is literal, so `HH:mm` is `%H:%M`.
///
/// Formatting runs for every row laid out (a resize restyles a screenful), so it does its own
/// arithmetic: one look-up of the zone's offset, the calendar only when a piece needs the date,
/// the zone's abbreviation only for `%Z`.
public struct TimestampFormat: Sendable, Hashable {
    /// A directive the format does not know, such as `%Q` (the config reader names its line).
    public struct UnknownDirective: Error, Sendable, Hashable, CustomStringConvertible {
        /// The directive as written: `%Q`, or `%` alone at the end.
        public var directive: String
        public var description: String {
            "\(directive) is not a timestamp directive (use %H %M %S %I %p %l %k %y %Y %m %d %e %b %a %j %Z %z, %% for %)"
        }
    }

    /// What a piece of the format writes.
    enum Piece: Sendable, Hashable {
        case text([UInt8])
        case hour24, hour24Spaced, hour12, hour12Spaced, minute, second, amPM
        case year2, year, month, day, daySpaced, monthName, weekdayName, dayOfYear
        case zoneName, zoneOffset
    }

    /// The format as written.
    public let source: String
    let pieces: [Piece]
    /// Whether a piece needs the date (year, month, day, weekday), not only the time of day.
    private let needsDate: Bool

    /// The format `text`; a directive it does not know is written as it stands (the C
    /// library's way), since a theme may come from elsewhere than the checked config.
    public init(_ text: String) {
        self.init(text, pieces: Self.compile(text).pieces)
    }

    /// The format `text`, refusing a directive it does not know.
    public init(checking text: String) throws(UnknownDirective) {
        let compiled = Self.compile(text)
        if let unknown = compiled.unknown { throw UnknownDirective(directive: unknown) }
        self.init(text, pieces: compiled.pieces)
    }

    private init(_ source: String, pieces: [Piece]) {
        self.source = source
        self.pieces = pieces
        needsDate = pieces.contains { piece in
            switch piece {
            case .year2, .year, .month, .day, .daySpaced, .monthName, .weekdayName, .dayOfYear: true
            default: false
            }
        }
    }

    /// The pieces of `text`, and the first directive not known (written as text).
    private static func compile(_ text: String) -> (pieces: [Piece], unknown: String?) {
        let bytes = Array(text.utf8)
        var pieces: [Piece] = []
        var literal: [UInt8] = []
        var unknown: String?
        func add(_ piece: Piece) {
            if !literal.isEmpty { pieces.append(.text(literal)) }
            literal = []
            pieces.append(piece)
        }
        var i = 0
        guard bytes.contains(UInt8(ascii: "%")) else {
            // The first formats: HH, mm, ss.
            while i < bytes.count {
                let pair = i + 1 < bytes.count && bytes[i] == bytes[i + 1] ? bytes[i] : 0
                switch pair {
                case UInt8(ascii: "H"): add(.hour24)
                case UInt8(ascii: "m"): add(.minute)
                case UInt8(ascii: "s"): add(.second)
                default:
                    literal.append(bytes[i])
                    i += 1
                    continue
                }
                i += 2
            }
            if !literal.isEmpty { pieces.append(.text(literal)) }
            return (pieces, nil)
        }
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "%") else {
                literal.append(bytes[i])
                i += 1
                continue
            }
            guard i + 1 < bytes.count else {
                unknown = unknown ?? "%"
                literal.append(bytes[i])
                break
            }
            if let piece = directives[bytes[i + 1]] {
                if case .text(let percent) = piece { literal += percent } else { add(piece) }
            } else {
                // The whole character after %, not only its first byte, for the message.
                let rest = text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: i + 1)...]
                let character = Substring(rest).first.map(String.init) ?? ""
                unknown = unknown ?? "%" + character
                literal += Array(("%" + character).utf8)
                i += character.utf8.count + 1
                continue
            }
            i += 2
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        return (pieces, unknown)
    }

    /// The names `%b`, `%a` and `%p` write, as bytes once rather than from strings each time.
    private static let monthNames = CivilTime.monthNames.map { Array($0.utf8.prefix(3)) }
    private static let weekdayNames = CivilTime.weekdayNames.map { Array($0.utf8.prefix(3)) }
    private static let am = Array("AM".utf8), pm = Array("PM".utf8)

    private static let directives: [UInt8: Piece] = [
        UInt8(ascii: "H"): .hour24, UInt8(ascii: "k"): .hour24Spaced, UInt8(ascii: "I"): .hour12,
        UInt8(ascii: "l"): .hour12Spaced, UInt8(ascii: "M"): .minute, UInt8(ascii: "S"): .second,
        UInt8(ascii: "p"): .amPM, UInt8(ascii: "y"): .year2, UInt8(ascii: "Y"): .year,
        UInt8(ascii: "m"): .month, UInt8(ascii: "d"): .day, UInt8(ascii: "e"): .daySpaced,
        UInt8(ascii: "b"): .monthName, UInt8(ascii: "a"): .weekdayName, UInt8(ascii: "j"): .dayOfYear,
        UInt8(ascii: "Z"): .zoneName, UInt8(ascii: "z"): .zoneOffset, UInt8(ascii: "%"): .text([UInt8(ascii: "%")]),
    ]

    /// `date` in this format, in `zone`.
    public func string(for date: Date, in zone: LocalZone) -> String {
        let offset = zone.offset(at: date)
        let seconds = Int((date.timeIntervalSince1970 + Double(offset)).rounded(.down))
        let ofDay = ((seconds % 86_400) + 86_400) % 86_400
        let days = (seconds - ofDay) / 86_400
        let hour = ofDay / 3600
        var civil: (year: Int, month: Int, day: Int) = (0, 1, 1)
        if needsDate { civil = CivilTime.civil(fromDays: days) }
        var out: [UInt8] = []
        out.reserveCapacity(source.utf8.count + 8)
        func two(_ n: Int, pad: UInt8 = UInt8(ascii: "0")) {
            out.append(n < 10 ? pad : UInt8(ascii: "0") + UInt8(n / 10 % 10))
            out.append(UInt8(ascii: "0") + UInt8(n % 10))
        }
        for piece in pieces {
            switch piece {
            case .text(let bytes): out.append(contentsOf: bytes)
            case .hour24: two(hour)
            case .hour24Spaced: two(hour, pad: UInt8(ascii: " "))
            case .hour12: two(hour % 12 == 0 ? 12 : hour % 12)
            case .hour12Spaced: two(hour % 12 == 0 ? 12 : hour % 12, pad: UInt8(ascii: " "))
            case .minute: two(ofDay / 60 % 60)
            case .second: two(ofDay % 60)
            case .amPM: out.append(contentsOf: hour < 12 ? Self.am : Self.pm)
            case .year2: two(((civil.year % 100) + 100) % 100)
            case .year: out.append(contentsOf: String(civil.year).utf8)
            case .month: two(civil.month)
            case .day: two(civil.day)
            case .daySpaced: two(civil.day, pad: UInt8(ascii: " "))
            case .monthName: out.append(contentsOf: Self.monthNames[civil.month - 1])
            case .weekdayName: out.append(contentsOf: Self.weekdayNames[CivilTime.weekday(ofDays: days)])
            case .dayOfYear:
                let n = days - CivilTime.days(year: civil.year, month: 1, day: 1) + 1
                out.append(UInt8(ascii: "0") + UInt8(n / 100))
                two(n % 100)
            case .zoneName: out.append(contentsOf: zone.abbreviation(at: date).utf8)
            case .zoneOffset:
                let minutes = abs(offset) / 60
                out.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
                two(minutes / 60)
                two(minutes % 60)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
