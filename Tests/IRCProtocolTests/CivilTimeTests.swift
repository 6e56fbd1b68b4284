import Foundation
import IRCProtocol
import NatterTestSupport
import Testing

/// The calendar arithmetic gives what ICU's Gregorian calendar gives, before 1970 too.
struct CivilTimeTests {
    @Test func fieldsMatchTheCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var random = SplitMix64(seed: 3)
        var wrong: [String] = []
        for _ in 0..<2000 {
            // From 1600 to 9999 (ICU's calendar is Julian before October 1582; this one is
            // Gregorian throughout, as ISO 8601 and IRC's server-time are).
            let seconds = -11_676_096_000 + Int(random.next() % 264_000_000_000)
            let date = Date(timeIntervalSince1970: Double(seconds))
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
            let ours = CivilTime(seconds: seconds)
            let mine: [Int] = [ours.year, ours.month, ours.day, ours.hour, ours.minute, ours.second, ours.weekday + 1]
            let icu: [Int] = [c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!, c.weekday!]
            let days = CivilTime.days(year: ours.year, month: ours.month, day: ours.day)
            if mine != icu || days * 86_400 + ours.hour * 3600 + ours.minute * 60 + ours.second != seconds {
                wrong.append("\(date): \(mine)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test func monthLengthsAndPadding() {
        #expect(CivilTime.daysIn(month: 2, year: 2000) == 29)
        #expect(CivilTime.daysIn(month: 2, year: 1900) == 28)
        #expect(CivilTime.daysIn(month: 2, year: 2024) == 29)
        #expect(CivilTime.daysIn(month: 4, year: 2023) == 30)
        #expect(CivilTime.padded(7, 2) == "07" && CivilTime.padded(2026, 4) == "2026" && CivilTime.padded(-3, 2) == "-03")
    }
}
