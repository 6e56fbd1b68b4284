import FoundationEssentials
import IRCProtocol

/// The IRCv3 `server-time` format (`2011-10-19T16:40:51.620Z`), parsed and written by hand so the
/// session needs no date formatter (which is neither cheap nor Sendable).
public enum ServerTime {
    /// Parses `YYYY-MM-DDThh:mm:ss[.fff…]Z`; a missing `Z` or any other shape gives `nil`.
    public static func parse(_ text: String) -> Date? {
        let b = Array(text.utf8)
        guard b.count >= 20, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54, b[13] == 0x3A, b[16] == 0x3A,
              b.last == 0x5A else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard b[i] >= 0x30, b[i] <= 0x39 else { return nil }
                value = value * 10 + Int(b[i] - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var fraction = 0.0
        if b.count > 20 {
            guard b[19] == 0x2E, b.count > 21 else { return nil }
            var scale = 0.1
            for i in 20..<(b.count - 1) {
                guard b[i] >= 0x30, b[i] <= 0x39 else { return nil }
                fraction += Double(b[i] - 0x30) * scale
                scale /= 10
            }
        } else if b.count != 20 {
            return nil
        }
        let days = CivilTime.days(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// Writes `date` in UTC with milliseconds, as CHATHISTORY and MARKREAD expect.
    static func format(_ date: Date) -> String {
        let totalMillis = Int((date.timeIntervalSince1970 * 1000).rounded(.down))
        let millis = ((totalMillis % 1000) + 1000) % 1000
        let totalSeconds = (totalMillis - millis) / 1000
        let secondsOfDay = ((totalSeconds % 86_400) + 86_400) % 86_400
        let days = (totalSeconds - secondsOfDay) / 86_400
        let (year, month, day) = CivilTime.civil(fromDays: days)
        let pad = CivilTime.padded
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondsOfDay / 3600, 2)):"
            + "\(pad(secondsOfDay / 60 % 60, 2)):\(pad(secondsOfDay % 60, 2)).\(pad(millis, 3))Z"
    }
}
