import ChatModel
import Foundation
import NatterUI
import Testing

/// Timestamps in strftime's directives, on fixed times, in UTC and in a zone with daylight
/// time; the first formats' `HH:mm:ss` read as before; an unknown directive refused when
/// checked and written as it stands otherwise.
struct TimestampFormatTests {
    /// 2024-01-05 03:07:09 UTC, a Friday, the year's 5th day.
    static let winter = Date(timeIntervalSince1970: 1_704_424_029)
    /// 2024-07-14 15:30:45 UTC, a Sunday, the year's 196th day.
    static let summer = Date(timeIntervalSince1970: 1_720_971_045)

    func format(_ text: String, _ date: Date, _ zone: LocalZone = .utc) throws -> String {
        try TimestampFormat(checking: text).string(for: date, in: zone)
    }

    @Test(arguments: [
        ("%H", "03", "15"), ("%M", "07", "30"), ("%S", "09", "45"), ("%I", "03", "03"), ("%p", "AM", "PM"),
        ("%l", " 3", " 3"), ("%k", " 3", "15"), ("%y", "24", "24"), ("%Y", "2024", "2024"), ("%m", "01", "07"),
        ("%d", "05", "14"), ("%e", " 5", "14"), ("%b", "Jan", "Jul"), ("%a", "Fri", "Sun"), ("%j", "005", "196"),
        ("%Z", "UTC", "UTC"), ("%z", "+0000", "+0000"), ("%%", "%", "%"),
    ])
    func eachDirectiveInUTC(directive: String, winter: String, summer: String) throws {
        #expect(try format(directive, Self.winter) == winter)
        #expect(try format(directive, Self.summer) == summer)
    }

    /// Berlin: CET (+1) in January, CEST (+2) in July, and the hour skipped on 2024-03-31.
    @Test func aZoneWithDaylightTime() throws {
        let berlin = try #require(LocalZone(identifier: "Europe/Berlin"))
        let full = "%Y-%m-%d %H:%M:%S %Z %z"
        #expect(try format(full, Self.winter, berlin) == "2024-01-05 04:07:09 CET +0100")
        #expect(try format(full, Self.summer, berlin) == "2024-07-14 17:30:45 CEST +0200")
        #expect(try format("%l:%M %p", Self.summer, berlin) == " 5:30 PM")
        let change = Date(timeIntervalSince1970: 1_711_846_800)   // 2024-03-31 01:00 UTC
        #expect(try format(full, change.addingTimeInterval(-1), berlin) == "2024-03-31 01:59:59 CET +0100")
        #expect(try format(full, change, berlin) == "2024-03-31 03:00:00 CEST +0200")
        // West of UTC, and an offset with minutes.
        let newYork = try #require(LocalZone(identifier: "America/New_York"))
        #expect(try format("%H:%M %Z %z", Self.winter, newYork) == "22:07 EST -0500")
        #expect(try format("%a %e %H:%M %Z %z", Self.summer, newYork) == "Sun 14 11:30 EDT -0400")
        let kathmandu = try #require(LocalZone(identifier: "Asia/Kathmandu"))
        #expect(try format("%H:%M %Z %z", Self.winter, kathmandu) == "08:52 +0545 +0545")
        // A zone given as a POSIX rule names its times as the rule does.
        let rule = try #require(LocalZone(identifier: "CET-1CEST,M3.5.0,M10.5.0/3"))
        #expect(try format("%Z", Self.winter, rule) == "CET")
        #expect(try format("%Z", Self.summer, rule) == "CEST")
    }

    /// Midnight and noon on the 12-hour clock are 12 AM and 12 PM.
    @Test func twelveHourClock() throws {
        let midnight = Date(timeIntervalSince1970: 1_704_412_800 + 59)   // 2024-01-05 00:00:59
        #expect(try format("%I:%M %p|%l %p", midnight) == "12:00 AM|12 AM")
        #expect(try format("%I:%M %p|%l %p", midnight.addingTimeInterval(12 * 3600)) == "12:00 PM|12 PM")
        #expect(try format("%I:%M:%S %p", midnight.addingTimeInterval(13 * 3600 + 60)) == "01:01:59 PM")
    }

    /// The first formats: HH, mm and ss stand for %H, %M and %S, the rest is literal.
    @Test func theFirstFormatsKeepWorking() throws {
        #expect(try format("HH:mm:ss", Self.summer) == "15:30:45")
        #expect(try format("[HH:mm] Hm", Self.summer) == "[15:30] Hm")
    }

    @Test(arguments: [("%H:%Q", "%Q"), ("%H%", "%"), ("at %é", "%é"), ("%M %E %Q", "%E")])
    func anUnknownDirectiveIsNamed(text: String, directive: String) {
        do {
            _ = try TimestampFormat(checking: text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.directive == directive)
            #expect(error.description.hasPrefix("\(directive) is not a timestamp directive"))
        }
    }

    /// Unchecked (a theme from elsewhere than the config), an unknown directive is written as it
    /// stands, as the C library does.
    @Test func uncheckedAnUnknownDirectiveIsWrittenAsItStands() {
        #expect(TimestampFormat("%H %Q %é %").string(for: Self.winter, in: .utc) == "03 %Q %é %")
    }

    /// Dates by the calendar in zones east and west, before 1970 and across daylight time.
    @Test(arguments: ["UTC", "Europe/Berlin", "America/St_Johns", "Pacific/Apia"])
    func datesMatchTheCalendar(zone: String) throws {
        let ours = try #require(LocalZone(identifier: zone))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        let format = try TimestampFormat(checking: "%Y-%m-%d %j %a %H %I %p")
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        func pad(_ n: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(n).count)) + String(n) }
        var wrong: [String] = []
        for seconds in stride(from: -86_400.0 * 400, to: 86_400.0 * 20_000, by: 86_400.0 * 7.3 + 977.25) {
            let date = Date(timeIntervalSince1970: seconds)
            let c = calendar.dateComponents([.year, .month, .day, .hour, .weekday], from: date)
            let dayOfYear = try #require(calendar.ordinality(of: .day, in: .year, for: date))
            let hour = c.hour!
            let want = "\(pad(c.year!, 4))-\(pad(c.month!, 2))-\(pad(c.day!, 2)) \(pad(dayOfYear, 3)) \(weekdays[c.weekday! - 1]) "
                + "\(pad(hour, 2)) \(pad(hour % 12 == 0 ? 12 : hour % 12, 2)) \(hour < 12 ? "AM" : "PM")"
            let got = format.string(for: date, in: ours)
            if got != want { wrong.append("\(date): \(got), not \(want)") }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }
}
