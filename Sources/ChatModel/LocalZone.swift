import FoundationEssentials
import IRCProtocol

/// A time zone as the offsets from UTC it had and will have, read from the system's zoneinfo
/// files (TZif, RFC 8536) and their POSIX TZ rule for the years after the last transition.
///
/// Why not Foundation's `TimeZone`: without ICU it knows only UTC and fixed offsets, and
/// keeping ICU loaded for local time costs a window about 11 MiB. The system's zone is what
/// the C library would use: `$TZ` (a zone name, a file, or a POSIX rule), else `/etc/localtime`.
public struct LocalZone: Sendable, Hashable, CustomStringConvertible {
    /// The zone's name (`Europe/Berlin`, `UTC`, or the rule it was made from).
    public let identifier: String
    /// UTC seconds at which the offset changes, ascending.
    private let transitions: [Int64]
    /// The offset (seconds east of UTC) from `transitions[i]` on.
    private let offsets: [Int32]
    /// The offset before the first transition (or always, without transitions or rule).
    private let initialOffset: Int32
    /// The offsets after the last transition.
    private let rule: PosixTZRule?
    /// The abbreviations the zone's times go by (`CET`, `CEST`), for `%Z` in timestamps.
    private let names: [String]
    /// The index in `names` of each transition's abbreviation, and of the one before the first.
    private let transitionNames: [UInt8]
    private let initialName: UInt8

    public var description: String { identifier }

    /// Coordinated universal time.
    public static let utc = LocalZone(identifier: "UTC", fixedOffset: 0)

    /// A zone that is always `seconds` east of UTC.
    public init(identifier: String, fixedOffset seconds: Int) {
        self.identifier = identifier
        transitions = []; offsets = []
        initialOffset = Int32(seconds)
        rule = nil
        names = [identifier]; transitionNames = []; initialName = 0
    }

    /// The zone named `identifier` in the system's zoneinfo folder (`$TZDIR`, else
    /// `/usr/share/zoneinfo`), or a POSIX TZ rule such as `CET-1CEST,M3.5.0,M10.5.0/3`;
    /// nil when neither reads.
    public init?(identifier: String) {
        if identifier == "UTC" || identifier == "GMT" { self = .utc; return }
        let folder = ProcessInfo.processInfo.environment["TZDIR"] ?? "/usr/share/zoneinfo"
        if !identifier.contains(".."), !identifier.hasPrefix("/"),
           let data = FileManager.default.contents(atPath: folder + "/" + identifier),
           let zone = LocalZone(tzif: Array(data), identifier: identifier) {
            self = zone
        } else if let rule = PosixTZRule(identifier) {
            self.init(identifier: identifier, rule: rule)
        } else {
            return nil
        }
    }

    /// The zone the C library would use: `$TZ` (`:Name`, `Name`, an absolute file or a POSIX
    /// rule; empty means UTC), else `/etc/localtime`; UTC when nothing reads.
    public static let current = system(environment: ProcessInfo.processInfo.environment)

    /// The zone the C library would use with `environment`'s `TZ` (see ``current``).
    public static func system(environment: [String: String]) -> LocalZone {
        if let tz = environment["TZ"] {
            let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            if name.isEmpty { return .utc }
            if name.hasPrefix("/") {
                return FileManager.default.contents(atPath: name).flatMap { LocalZone(tzif: Array($0), identifier: name) } ?? .utc
            }
            return LocalZone(identifier: name) ?? .utc
        }
        let path = "/etc/localtime"
        var name = "localtime"
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path),
           let range = target.firstRange(of: "zoneinfo/") {
            name = String(target[range.upperBound...])
        }
        return FileManager.default.contents(atPath: path).flatMap { LocalZone(tzif: Array($0), identifier: name) } ?? .utc
    }

    private init(identifier: String, rule: PosixTZRule) {
        self.identifier = identifier
        transitions = []; offsets = []
        initialOffset = Int32(rule.standardOffset)
        self.rule = rule
        names = [rule.standardName]; transitionNames = []; initialName = 0
    }

    /// Reads a TZif file (versions 1–4); nil when it is not one.
    public init?(tzif bytes: [UInt8], identifier: String) {
        guard var reader = TZifReader(bytes) else { return nil }
        guard let parsed = reader.read() else { return nil }
        self.identifier = identifier
        transitions = parsed.transitions
        offsets = parsed.offsets
        initialOffset = parsed.initialOffset
        rule = parsed.footer.flatMap { PosixTZRule($0) }
        names = parsed.names
        transitionNames = parsed.transitionNames
        initialName = parsed.initialName
    }

    /// Seconds east of UTC at `date`.
    public func offset(at date: Date) -> Int {
        offsetInterval(at: Int64(date.timeIntervalSince1970.rounded(.down))).offset
    }

    /// The offset at UTC second `t`, and the UTC seconds `[from, until)` over which it holds
    /// (so that a caller formatting many nearby times asks once).
    public func offsetInterval(at t: Int64) -> (offset: Int, from: Int64, until: Int64) {
        if let first = transitions.first, t < first {
            return (Int(initialOffset), .min, first)
        }
        if let last = transitions.last, t < last || rule == nil {
            let low = transition(atOrBefore: t)
            let until = low + 1 < transitions.count ? transitions[low + 1] : .max
            return (Int(offsets[low]), transitions[low], until)
        }
        guard let rule else { return (Int(initialOffset), .min, .max) }
        var interval = rule.offsetInterval(at: t)
        if let last = transitions.last { interval.from = max(interval.from, last) }
        return interval
    }

    /// The instant of local midnight that begins `year`-`month`-`day`: the earlier one when a
    /// transition repeats midnight, the transition itself when one skips it.
    public func startOfDay(year: Int, month: Int, day: Int) -> Date {
        let local = Int64(CivilTime.days(year: year, month: month, day: day)) * 86_400
        // The offsets in effect a day either side cover any transition near midnight.
        let before = Int64(offsetInterval(at: local - 86_400).offset)
        let after = Int64(offsetInterval(at: local + 86_400).offset)
        let valid = [local - before, local - after].filter { Int64(offsetInterval(at: $0).offset) == local - $0 }
        if let first = valid.min() { return Date(timeIntervalSince1970: Double(first)) }
        // Midnight does not exist: the day starts when the clocks jump past it.
        return Date(timeIntervalSince1970: Double(offsetInterval(at: min(local - before, local - after)).until))
    }

    /// The local civil time of `date`.
    public func civil(_ date: Date) -> CivilTime {
        let t = Int64(date.timeIntervalSince1970.rounded(.down))
        return CivilTime(seconds: Int(t) + offsetInterval(at: t).offset)
    }

    /// The abbreviation the zone's time goes by at `date` (`CET` or `CEST`; `+0545` where the
    /// zone has no letters for it), as the C library's `%Z` writes it.
    public func abbreviation(at date: Date) -> String {
        let t = Int64(date.timeIntervalSince1970.rounded(.down))
        if let first = transitions.first, t < first { return names[Int(initialName)] }
        if let last = transitions.last, t < last || rule == nil {
            return names[Int(transitionNames[transition(atOrBefore: t)])]
        }
        return rule?.abbreviation(at: t) ?? names[Int(initialName)]
    }

    /// The index of the last transition at or before `t` (there is one).
    private func transition(atOrBefore t: Int64) -> Int {
        var low = 0, high = transitions.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if transitions[mid] <= t { low = mid } else { high = mid - 1 }
        }
        return low
    }
}

/// The fields of a TZif file this needs: transitions, their offsets, the footer rule.
private struct TZifReader {
    struct Parsed {
        var transitions: [Int64] = []
        var offsets: [Int32] = []
        var initialOffset: Int32 = 0
        /// Each local time type's abbreviation, and the type of each transition.
        var names: [String] = []
        var transitionNames: [UInt8] = []
        var initialName: UInt8 = 0
        var footer: String?
    }

    private let bytes: [UInt8]
    private var at = 0

    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 44, bytes[0..<4].elementsEqual("TZif".utf8) else { return nil }
        self.bytes = bytes
    }

    mutating func read() -> Parsed? {
        let version = bytes[4]
        guard let counts = header() else { return nil }
        if version == 0 { return block(counts, timeSize: 4) }
        // Version 2+: skip the 32-bit block to the second header and its 64-bit block.
        at += counts.timecnt * 5 + counts.typecnt * 6 + counts.charcnt + counts.leapcnt * 8
            + counts.isstdcnt + counts.isutcnt
        guard at + 44 <= bytes.count, bytes[at..<at + 4].elementsEqual("TZif".utf8),
              let second = header(), var parsed = block(second, timeSize: 8) else { return nil }
        if at < bytes.count, bytes[at] == UInt8(ascii: "\n"),
           let end = bytes[(at + 1)...].firstIndex(of: UInt8(ascii: "\n")), end > at + 1 {
            parsed.footer = String(decoding: bytes[(at + 1)..<end], as: UTF8.self)
        }
        return parsed
    }

    private struct Counts { var isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt: Int }

    private mutating func header() -> Counts? {
        at += 20
        guard at + 24 <= bytes.count else { return nil }
        let c = (0..<6).map { Int(int32(at + $0 * 4)) }
        at += 24
        guard c.allSatisfy({ $0 >= 0 }), c[4] > 0 else { return nil }
        return Counts(isutcnt: c[0], isstdcnt: c[1], leapcnt: c[2], timecnt: c[3], typecnt: c[4], charcnt: c[5])
    }

    private mutating func block(_ c: Counts, timeSize: Int) -> Parsed? {
        let size = c.timecnt * (timeSize + 1) + c.typecnt * 6 + c.charcnt
            + c.leapcnt * (timeSize + 4) + c.isstdcnt + c.isutcnt
        guard at + size <= bytes.count else { return nil }
        var parsed = Parsed()
        let types = at + c.timecnt * (timeSize + 1)
        func typeOffset(_ i: Int) -> Int32? { i < c.typecnt ? int32(types + i * 6) : nil }
        for i in 0..<c.timecnt {
            let time = timeSize == 8 ? int64(at + i * 8) : Int64(int32(at + i * 4))
            let type = bytes[at + c.timecnt * timeSize + i]
            guard let offset = typeOffset(Int(type)) else { return nil }
            parsed.transitions.append(time)
            parsed.offsets.append(offset)
            parsed.transitionNames.append(type)
        }
        // RFC 8536 3.2: local time type 0 applies before the first transition.
        parsed.initialOffset = typeOffset(0) ?? 0
        // Each type's abbreviation: NUL-terminated, from its index into the designations.
        let designations = types + c.typecnt * 6
        for i in 0..<min(c.typecnt, 256) {
            let start = designations + min(Int(bytes[types + i * 6 + 5]), c.charcnt)
            let end = bytes[start..<(designations + c.charcnt)].firstIndex(of: 0) ?? designations + c.charcnt
            parsed.names.append(String(decoding: bytes[start..<end], as: UTF8.self))
        }
        at += size
        return parsed
    }

    private func int32(_ i: Int) -> Int32 {
        Int32(bitPattern: UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3]))
    }

    private func int64(_ i: Int) -> Int64 {
        Int64(int32(i)) << 32 | Int64(UInt32(bitPattern: int32(i + 4)))
    }
}
