import ChatModel
import Foundation
import NatterTestSupport
import Testing

/// The cached clock gives what the calendar gives, line by line, across DST changes and in
/// zones with half- and quarter-hour offsets.
struct LocalClockTests {
    static func expected(_ date: Date, _ zone: TimeZone) -> (day: String, time: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return (String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!),
                String(format: "%02d:%02d:%02d", c.hour!, c.minute!, c.second!))
    }

    @Test(arguments: ["UTC", "Europe/Berlin", "America/St_Johns", "Asia/Kathmandu", "Australia/Lord_Howe",
                      "Pacific/Apia", "America/New_York"])
    func matchesTheCalendar(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        var clock = LocalClock(timeZone: try #require(LocalZone(identifier: zone)))
        var random = SplitMix64(seed: 7)
        // Random dates from 1980 to 2100, then runs of lines seconds apart across DST changes.
        var dates = (0..<2000).map { _ in Date(timeIntervalSince1970: 315_532_800 + Double(random.next() % 3_786_912_000) + 0.25) }
        for change in [1_711_846_800.0, 1_729_990_800, 1_710_054_000, 1_730_613_600, 1_712_415_600, 1_727_539_200] {
            dates += stride(from: change - 5400, to: change + 5400, by: 7.5).map { Date(timeIntervalSince1970: $0) }
        }
        for date in dates {
            let want = Self.expected(date, timeZone)
            #expect(clock.day(of: date) == want.day, "\(date) in \(zone)")
            #expect(clock.time(of: date) == want.time, "\(date) in \(zone)")
        }
    }
}
