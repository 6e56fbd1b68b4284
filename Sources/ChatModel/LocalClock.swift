import FoundationEssentials
import IRCProtocol

/// Day names (`YYYY-MM-DD`) and clock times (`HH:MM:SS`) of dates in one time zone, with the
/// zone and the calendar arithmetic asked once per minute. Logging a flood asked it (and `String(format:)`) for every
/// line, which cost more than the rest of logging together. Time zone offsets, and their
/// changes, are whole minutes (in every zone since 1972, when Liberia's last offset with
/// seconds ended), so within one minute only the seconds move.
public struct LocalClock {
    /// The zone the names and times are in.
    public let timeZone: LocalZone
    /// Whole seconds since 1970 at the start of the cached minute (`Int.min`: none yet).
    private var minuteStart = Int.min
    private var dayName = ""
    /// `HH:MM:` of the cached minute.
    private var minutePrefix = ""

    /// A clock for `timeZone`.
    public init(timeZone: LocalZone) {
        self.timeZone = timeZone
    }

    /// The day `date` falls on, `YYYY-MM-DD`.
    public mutating func day(of date: Date) -> String {
        _ = load(date)
        return dayName
    }

    /// The time of `date`, `HH:MM:SS` (seconds rounded down).
    public mutating func time(of date: Date) -> String {
        let second = load(date)
        return minutePrefix + Self.twoDigits(second)
    }

    /// Appends the time of `date`, `HH:MM:SS`, to `bytes` (what ``time(of:)`` gives, with no
    /// string made: the log writes one per line).
    public mutating func appendTime(of date: Date, to bytes: inout [UInt8]) {
        let second = load(date)
        bytes.append(contentsOf: minutePrefix.utf8)
        bytes.append(UInt8(ascii: "0") + UInt8(second / 10))
        bytes.append(UInt8(ascii: "0") + UInt8(second % 10))
    }

    /// Loads the minute of `date` if it is not the cached one; returns its second.
    private mutating func load(_ date: Date) -> Int {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let start = seconds - ((seconds % 60) + 60) % 60
        if start != minuteStart {
            let c = timeZone.civil(Date(timeIntervalSince1970: Double(start)))
            dayName = CivilTime.padded(c.year, 4) + "-" + Self.twoDigits(c.month) + "-" + Self.twoDigits(c.day)
            minutePrefix = Self.twoDigits(c.hour) + ":" + Self.twoDigits(c.minute) + ":"
            minuteStart = start
        }
        return seconds - start
    }

    private static func twoDigits(_ n: Int) -> String { digits(n, 2) }

    private static func digits(_ n: Int, _ width: Int) -> String {
        let text = String(n)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
