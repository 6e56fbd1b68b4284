/// Proleptic Gregorian calendar arithmetic on whole days and seconds, without a calendar
/// object: Foundation's `Calendar` and formatters pull in ICU (about 11 MiB of a window's
/// memory) for what is here a few divisions. Days count from 1970-01-01 (day 0), negative
/// before; the algorithms are the usual era-based ones (400-year cycles of 146,097 days).
public struct CivilTime: Sendable, Hashable {
    public var year: Int
    /// 1–12.
    public var month: Int
    /// 1–31.
    public var day: Int
    /// 0–23.
    public var hour: Int
    /// 0–59.
    public var minute: Int
    /// 0–59.
    public var second: Int
    /// 0 = Sunday … 6 = Saturday.
    public var weekday: Int

    /// The civil time `seconds` after 1970-01-01 00:00:00 (of whatever clock: UTC, or a local
    /// time once the zone's offset is added).
    public init(seconds: Int) {
        let days = Self.floorDivide(seconds, 86_400)
        let rest = seconds - days * 86_400
        (year, month, day) = Self.civil(fromDays: days)
        hour = rest / 3600
        minute = rest / 60 % 60
        second = rest % 60
        weekday = Self.weekday(ofDays: days)
    }

    /// Days since 1970-01-01 of `year`-`month`-`day` (month 1–12; days past the month's end
    /// run on into the next, as in the arithmetic of time-zone rules).
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month (1–12) and day (1–31) of a day number.
    public static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday).
    public static func weekday(ofDays days: Int) -> Int {
        let w = (days + 4) % 7
        return w < 0 ? w + 7 : w
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Days in `month` (1–12) of `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// English names, for the formats that are English by definition (RFC 1123 dates in CTCP
    /// TIME) and for day labels.
    public static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    public static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                                    "August", "September", "October", "November", "December"]

    /// `n` in decimal, zero-padded to `width` digits (a sign comes first).
    public static func padded(_ n: Int, _ width: Int) -> String {
        let digits = String(n.magnitude)
        let pad = String(repeating: "0", count: max(0, width - digits.count))
        return (n < 0 ? "-" : "") + pad + digits
    }

    static func floorDivide(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }
}
