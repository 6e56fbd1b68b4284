import ChatModel
import Foundation
import NatterTestSupport
import Testing

/// The zoneinfo reader gives the offsets ICU gives (the test binary links Foundation, so
/// `TimeZone` is ICU's here and serves as the oracle), for the TZif transitions and for the
/// POSIX rule that carries a zone past its last one.
struct LocalZoneTests {
    static let zones = ["UTC", "Europe/Berlin", "Europe/London", "Europe/Moscow", "America/New_York", "America/St_Johns",
                        "America/Sao_Paulo", "America/Santiago", "America/Havana", "America/Nuuk", "Asia/Kathmandu",
                        "Asia/Kolkata", "Asia/Tokyo", "Asia/Tehran", "Asia/Beirut", "Australia/Sydney",
                        "Australia/Lord_Howe", "Australia/Adelaide", "Pacific/Apia", "Pacific/Chatham", "Africa/Casablanca",
                        "Africa/Cairo", "Pacific/Kiritimati"]

    @Test(arguments: zones)
    func offsetsMatchICU(zone: String) throws {
        let ours = try #require(LocalZone(identifier: zone))
        let icu = try #require(TimeZone(identifier: zone))
        var random = SplitMix64(seed: 11)
        // 1990 to 2100: both data sets agree there (older history differs between tzdata
        // releases), and past 2037 the fat files' transitions end and the rule takes over.
        // Mismatches are gathered and checked once: an expectation per date made this suite
        // heavy enough to starve the live-server tests running beside it.
        var wrong: [Date] = []
        for _ in 0..<1000 {
            let date = Date(timeIntervalSince1970: 631_152_000 + Double(random.next() % 3_471_292_800))
            if ours.offset(at: date) != icu.secondsFromGMT(for: date) { wrong.append(date) }
        }
        #expect(wrong.isEmpty, "\(zone): \(wrong.prefix(5))")
    }

    @Test(arguments: zones)
    func daysStartWhereICUStartsThem(zone: String) throws {
        let ours = try #require(LocalZone(identifier: zone))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        // Every day of 2024 and of 2041, where some zones change at midnight.
        var wrong: [String] = []
        for year in [2024, 2041] {
            for ordinal in 0..<366 {
                let want = try #require(calendar.date(from: DateComponents(year: year, month: 1, day: 1 + ordinal)))
                let c = calendar.dateComponents([.year, .month, .day], from: want)
                let got = ours.startOfDay(year: c.year!, month: c.month!, day: c.day!)
                if got != want { wrong.append("\(c.year!)-\(c.month!)-\(c.day!): \(got), not \(want)") }
            }
        }
        #expect(wrong.isEmpty, "\(zone): \(wrong.prefix(5))")
    }

    /// The abbreviations `%Z` writes: from the TZif file's designations before its last
    /// transition and from its rule after it, from a rule's names, and a fixed zone's name.
    @Test func abbreviationsNameTheTimeInForce() throws {
        let winter = Date(timeIntervalSince1970: 1_704_424_029)   // 2024-01-05
        let summer = Date(timeIntervalSince1970: 1_720_971_045)   // 2024-07-14
        let later = summer.addingTimeInterval(86_400 * 365 * 30)   // past the file's transitions
        func names(_ zone: String) throws -> [String] {
            let ours = try #require(LocalZone(identifier: zone))
            return [winter, summer, later].map { ours.abbreviation(at: $0) }
        }
        #expect(try names("Europe/Berlin") == ["CET", "CEST", "CEST"])
        #expect(try names("America/New_York") == ["EST", "EDT", "EDT"])
        #expect(try names("Australia/Sydney") == ["AEDT", "AEST", "AEST"])
        #expect(try names("Asia/Kathmandu") == ["+0545", "+0545", "+0545"])
        #expect(try names("UTC") == ["UTC", "UTC", "UTC"])
        #expect(try names("AEST-10AEDT,M10.1.0,M4.1.0/3") == ["AEDT", "AEST", "AEST"])
        #expect(try names("<+0545>-5:45") == ["+0545", "+0545", "+0545"])
        let before = Date(timeIntervalSince1970: -3_000_000_000)   // 1874, before Berlin's first change
        #expect(try #require(LocalZone(identifier: "Europe/Berlin")).abbreviation(at: before) == "LMT")
    }

    @Test func posixRulesGiveTheZonesTheyDescribe() throws {
        let pairs = [("CET-1CEST,M3.5.0,M10.5.0/3", "Europe/Berlin"),
                     ("EST5EDT,M3.2.0,M11.1.0", "America/New_York"),
                     ("AEST-10AEDT,M10.1.0,M4.1.0/3", "Australia/Sydney"),
                     ("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "Australia/Lord_Howe"),
                     ("NST3:30NDT,M3.2.0,M11.1.0", "America/St_Johns"),
                     ("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", "America/Nuuk"),
                     ("<+0545>-5:45", "Asia/Kathmandu")]
        var random = SplitMix64(seed: 5)
        for (rule, name) in pairs {
            let ours = try #require(LocalZone(identifier: rule), "\(rule)")
            let icu = try #require(TimeZone(identifier: name))
            // 2040 to 2100, where the named zones follow these rules.
            var wrong: [Date] = []
            for _ in 0..<1000 {
                let date = Date(timeIntervalSince1970: 2_208_988_800 + Double(random.next() % 1_893_456_000))
                if ours.offset(at: date) != icu.secondsFromGMT(for: date) { wrong.append(date) }
            }
            #expect(wrong.isEmpty, "\(rule): \(wrong.prefix(5))")
        }
    }

    @Test func julianAndZeroBasedDaysAndAllYearDaylightTime() throws {
        // J60 is March 1 in every year; 59 (zero-based, leap days counted) is February 29 in
        // leap years and March 1 in others.
        let julian = try #require(LocalZone(identifier: "AAA0BBB,J60/0,J300/0"))
        let zeroBased = try #require(LocalZone(identifier: "AAA0BBB,59/0,299/0"))
        let leap = DateComponents(year: 2028, month: 2, day: 29, hour: 12)
        let march = DateComponents(year: 2028, month: 3, day: 1, hour: 12)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        #expect(julian.offset(at: calendar.date(from: leap)!) == 0)
        #expect(julian.offset(at: calendar.date(from: march)!) == 3600)
        #expect(zeroBased.offset(at: calendar.date(from: leap)!) == 3600)
        // Daylight time all year, as RFC 8536 writes it.
        let always = try #require(LocalZone(identifier: "EST5EDT,0/0,J365/25"))
        for month in 1...12 {
            let date = calendar.date(from: DateComponents(year: 2050, month: month, day: 1, hour: 3))!
            #expect(always.offset(at: date) == -4 * 3600, "month \(month)")
        }
    }

    @Test(arguments: ["", "X", "ABC", "CET-1CEST,M13.1.0,M10.5.0", "CET-1CEST,M3.5.0", "CET-1CEST,M3.5.0,M10.5.0,", "<+05", "../etc/passwd"])
    func nonsenseIsNoZone(text: String) {
        #expect(LocalZone(identifier: text) == nil)
    }

    @Test func theSystemZoneIsWhatTZSays() throws {
        #expect(LocalZone.system(environment: ["TZ": ":Europe/Berlin"]).identifier == "Europe/Berlin")
        #expect(LocalZone.system(environment: ["TZ": ""]) == .utc)
        let tokyo = LocalZone.system(environment: ["TZ": "/usr/share/zoneinfo/Asia/Tokyo"])
        #expect(tokyo.offset(at: Date()) == 9 * 3600)
        let rule = LocalZone.system(environment: ["TZ": "EST5EDT,M3.2.0,M11.1.0"])
        #expect(rule.offset(at: Date(timeIntervalSince1970: 1_783_000_000)) == -4 * 3600)
        // Without TZ: /etc/localtime, as ICU reads it too.
        let local = LocalZone.system(environment: [:])
        let wrong = stride(from: 1_700_000_000.0, to: 1_800_000_000, by: 1_234_567).map { Date(timeIntervalSince1970: $0) }
            .filter { local.offset(at: $0) != TimeZone.current.secondsFromGMT(for: $0) }
        #expect(wrong.isEmpty)
    }
}
