import IRCProtocol

/// A POSIX TZ rule (`CET-1CEST,M3.5.0,M10.5.0/3`, `<+0545>-5:45`), as TZif files carry it for
/// the years after their last transition (RFC 8536 section 3.3, with its extensions: hours up
/// to ±167 in transition times). Offsets here are seconds east of UTC; the rule's own signs
/// count west.
struct PosixTZRule: Sendable, Hashable {
    let standardOffset: Int
    /// Standard time's abbreviation (`CET`; `+0545` for `<+0545>`).
    let standardName: String
    /// Daylight time's offset and when it starts and ends, local; nil for a zone without it.
    let daylight: Daylight?

    struct Daylight: Sendable, Hashable {
        var offset: Int
        var name: String
        var start: Moment
        var end: Moment
    }

    /// A day of the year and a local time of day (seconds, may be negative or past 24 h).
    struct Moment: Sendable, Hashable {
        enum Day: Sendable, Hashable {
            /// `Jn`: 1–365, February 29 never counted.
            case julianNoLeap(Int)
            /// `n`: 0–365, February 29 counted.
            case zeroBased(Int)
            /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (5 = the last) of month `m`.
            case monthWeek(month: Int, week: Int, weekday: Int)
        }
        var day: Day
        var time: Int
    }

    init?(_ text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard let name = scanner.name(), let standard = scanner.offset() else { return nil }
        standardOffset = -standard
        standardName = name
        guard !scanner.atEnd else { daylight = nil; return }
        guard let daylightName = scanner.name() else { return nil }
        var daylightOffset = standardOffset + 3600
        if !scanner.atEnd, scanner.peek != UInt8(ascii: ",") {
            guard let west = scanner.offset() else { return nil }
            daylightOffset = -west
        }
        var start = Moment(day: .monthWeek(month: 3, week: 2, weekday: 0), time: 7200)
        var end = Moment(day: .monthWeek(month: 11, week: 1, weekday: 0), time: 7200)
        if !scanner.atEnd {
            guard scanner.take(UInt8(ascii: ",")), let s = scanner.moment(),
                  scanner.take(UInt8(ascii: ",")), let e = scanner.moment(), scanner.atEnd else { return nil }
            start = s; end = e
        }
        daylight = Daylight(offset: daylightOffset, name: daylightName, start: start, end: end)
    }

    /// The abbreviation in force at UTC second `t`.
    func abbreviation(at t: Int64) -> String {
        guard let daylight else { return standardName }
        return daylightInterval(at: t).isDaylight ? daylight.name : standardName
    }

    /// The offset at UTC second `t` and the UTC seconds `[from, until)` it holds for.
    func offsetInterval(at t: Int64) -> (offset: Int, from: Int64, until: Int64) {
        let interval = daylightInterval(at: t)
        return (interval.offset, interval.from, interval.until)
    }

    /// The same, and whether it is daylight time.
    func daylightInterval(at t: Int64) -> (offset: Int, from: Int64, until: Int64, isDaylight: Bool) {
        guard let daylight else { return (standardOffset, .min, .max, false) }
        let year = CivilTime.civil(fromDays: Int(floorDiv(t + Int64(standardOffset), 86_400))).year
        // Each year's two changes as (instant, order, offset after); the year's order breaks
        // ties so that a zone on daylight time all year stays on it.
        var changes: [(at: Int64, order: Int, offset: Int)] = []
        for y in (year - 2)...(year + 1) {
            changes.append((instant(daylight.start, year: y, offsetBefore: standardOffset), y * 2 + 1, daylight.offset))
            changes.append((instant(daylight.end, year: y, offsetBefore: daylight.offset), y * 2, standardOffset))
        }
        changes.sort { ($0.at, $0.order) < ($1.at, $1.order) }
        guard let index = changes.lastIndex(where: { $0.at <= t }) else {
            return (standardOffset, .min, changes[0].at, false)
        }
        let until = index + 1 < changes.count ? changes[index + 1].at : .max
        // Odd orders are daylight time's starts.
        return (changes[index].offset, changes[index].at, until, changes[index].order % 2 != 0)
    }

    private func instant(_ moment: Moment, year: Int, offsetBefore: Int) -> Int64 {
        let jan1 = CivilTime.days(year: year, month: 1, day: 1)
        let day: Int
        switch moment.day {
        case .julianNoLeap(let n):
            day = jan1 + n - 1 + (CivilTime.isLeapYear(year) && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            day = jan1 + n
        case .monthWeek(let month, let week, let weekday):
            let first = CivilTime.days(year: year, month: month, day: 1)
            var d = first + (weekday - CivilTime.weekday(ofDays: first) + 7) % 7 + (week - 1) * 7
            while d >= first + CivilTime.daysIn(month: month, year: year) { d -= 7 }
            day = d
        }
        return Int64(day) * 86_400 + Int64(moment.time) - Int64(offsetBefore)
    }

    private func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && a < 0) ? q - 1 : q
    }

    /// Reads the rule's pieces from left to right.
    private struct Scanner {
        let bytes: [UInt8]
        var at = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { at >= bytes.count }
        var peek: UInt8? { atEnd ? nil : bytes[at] }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            at += 1
            return true
        }

        /// `<…>` or three or more letters: the name, without the brackets.
        mutating func name() -> String? {
            if take(UInt8(ascii: "<")) {
                guard let close = bytes[at...].firstIndex(of: UInt8(ascii: ">")), close > at else { return nil }
                defer { at = close + 1 }
                return String(decoding: bytes[at..<close], as: UTF8.self)
            }
            let start = at
            while let b = peek, (b | 0x20) >= UInt8(ascii: "a"), (b | 0x20) <= UInt8(ascii: "z") { at += 1 }
            return at - start >= 3 ? String(decoding: bytes[start..<at], as: UTF8.self) : nil
        }

        /// `[+-]h[h][:mm[:ss]]` in seconds, signed as written.
        mutating func offset() -> Int? {
            var sign = 1
            if take(UInt8(ascii: "-")) { sign = -1 } else { _ = take(UInt8(ascii: "+")) }
            guard let hours = number(maxDigits: 3), hours <= 167 else { return nil }
            var seconds = hours * 3600
            if take(UInt8(ascii: ":")) {
                guard let minutes = number(maxDigits: 2), minutes < 60 else { return nil }
                seconds += minutes * 60
                if take(UInt8(ascii: ":")) {
                    guard let s = number(maxDigits: 2), s < 60 else { return nil }
                    seconds += s
                }
            }
            return sign * seconds
        }

        /// `Jn`, `n` or `Mm.w.d`, then an optional `/time`.
        mutating func moment() -> Moment? {
            let day: Moment.Day
            if take(UInt8(ascii: "J")) {
                guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
                day = .julianNoLeap(n)
            } else if take(UInt8(ascii: "M")) {
                guard let m = number(maxDigits: 2), (1...12).contains(m), take(UInt8(ascii: ".")),
                      let w = number(maxDigits: 1), (1...5).contains(w), take(UInt8(ascii: ".")),
                      let d = number(maxDigits: 1), d <= 6 else { return nil }
                day = .monthWeek(month: m, week: w, weekday: d)
            } else {
                guard let n = number(maxDigits: 3), n <= 365 else { return nil }
                day = .zeroBased(n)
            }
            var time = 7200
            if take(UInt8(ascii: "/")) {
                guard let t = offset() else { return nil }
                time = t
            }
            return Moment(day: day, time: time)
        }

        private mutating func number(maxDigits: Int) -> Int? {
            var value = 0, count = 0
            while let b = peek, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9"), count < maxDigits {
                value = value * 10 + Int(b - UInt8(ascii: "0"))
                at += 1; count += 1
            }
            return count > 0 ? value : nil
        }
    }
}
