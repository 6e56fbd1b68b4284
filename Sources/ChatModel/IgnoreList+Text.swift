import FoundationEssentials
import IRCProtocol
import IRCSession

/// Why an ignore could not be read: what was wrong, in words for the user.
public struct IgnoreSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Ignores as typed (`/ignore MASK [LEVELS] [-network] [-time DURATION]`) and as kept in the
/// configuration (`MASK [LEVELS] [-network NAME] [-until TIME]`: the network named, the expiry a
/// UTC time, so an entry means the same after a restart).
extension IgnoreEntry {
    /// Reads what followed `/ignore`: the mask, then level names (`-LEVEL` takes one away,
    /// from `ALL` when only exceptions are given), `-network` for the network of the buffer
    /// typed in (`network`), `-time 10m` (`s`, `m`, `h`, `d`, `w`; `1h30m`) from `now`.
    public static func parse(command text: String, network: String, now: Date) -> Result<IgnoreEntry, IgnoreSyntaxError> {
        parse(text, typed: (network, now))
    }

    /// Reads an entry of the configuration (``configText``).
    public static func parse(config text: String) -> Result<IgnoreEntry, IgnoreSyntaxError> {
        parse(text, typed: nil)
    }

    private static func parse(_ text: String, typed: (network: String, now: Date)?) -> Result<IgnoreEntry, IgnoreSyntaxError> {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)[...]
        guard let mask = words.popFirst() else { return .failure(IgnoreSyntaxError("no mask given")) }
        if mask.hasPrefix("-") { return .failure(IgnoreSyntaxError("the mask comes first, before \(mask)")) }
        if mask.hasPrefix(accountPrefix) && mask.count == accountPrefix.count {
            return .failure(IgnoreSyntaxError("\(accountPrefix) needs an account name"))
        }
        var added: IgnoreLevels = [], removed: IgnoreLevels = []
        var network: String?, expires: Date?
        while let word = words.popFirst() {
            let lower = word.lowercased()
            if lower == "-network" {
                if let typed {
                    network = typed.network
                } else {
                    guard let name = words.popFirst() else { return .failure(IgnoreSyntaxError("-network needs a network name")) }
                    network = name
                }
            } else if lower == "-time", let typed {
                guard let value = words.popFirst() else { return .failure(IgnoreSyntaxError("-time needs a duration: 10m, 2h, 1d")) }
                guard let seconds = duration(value) else {
                    return .failure(IgnoreSyntaxError("\(value) is not a duration: a number and s, m, h, d or w (10m, 2h, 1d, 1h30m)"))
                }
                expires = typed.now.addingTimeInterval(seconds)
            } else if lower == "-until", typed == nil {
                guard let value = words.popFirst(), let date = ServerTime.parse(value) else {
                    return .failure(IgnoreSyntaxError("-until needs a UTC time such as 2026-11-28T06:00:00Z"))
                }
                expires = date
            } else if word.hasPrefix("-"), let level = IgnoreLevels.named(String(word.dropFirst())) {
                removed.formUnion(level)
            } else if let level = IgnoreLevels.named(word) {
                added.formUnion(level)
            } else {
                let names = (["ALL"] + IgnoreLevels.names.map(\.name)).joined(separator: ", ")
                return .failure(IgnoreSyntaxError("\(word) is not a level (\(names)) nor an option (-network, \(typed == nil ? "-until" : "-time"))"))
            }
        }
        let levels = (added.isEmpty ? IgnoreLevels.all : added).subtracting(removed)
        if levels.isEmpty { return .failure(IgnoreSyntaxError("those levels leave nothing to ignore")) }
        return .success(IgnoreEntry(mask: mask, levels: levels, network: network, expires: expires))
    }

    /// Seconds in a duration such as `10m`, `2h`, `1d`, `1h30m`; nil for anything else.
    static func duration(_ text: String) -> Double? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        var total = 0.0, number = "", sawUnit = false
        for c in text.lowercased() {
            if c.isASCII && c.isNumber {
                number.append(c)
            } else if let unit = units[c], let value = Double(number), !number.isEmpty {
                total += value * unit
                number = ""
                sawUnit = true
            } else {
                return nil
            }
        }
        // Up to ten years: longer is "for good" (no -time), and a clock cannot hold much more.
        return number.isEmpty && sawUnit && total > 0 && total <= 10 * 366 * 86_400 ? total : nil
    }

    /// The entry as the configuration keeps it: `bob!*@* JOINS PARTS -network Libera -until
    /// 2026-11-28T06:00:00Z` (levels only when not ALL).
    public var configText: String {
        var words = [mask]
        if levels != .all { words.append(levels.description) }
        if let network { words += ["-network", network] }
        if let expires { words += ["-until", Self.utc(expires)] }
        return words.joined(separator: " ")
    }

    /// The entry as `/ignore` lists it: `bob!*@* ALL, on every network, 9 min left`.
    public func listing(at now: Date) -> String {
        var text = "\(mask) \(levels.description), " + (network.map { "on \($0)" } ?? "on every network")
        if let expires { text += ", " + Self.left(expires.timeIntervalSince(now)) }
        return text
    }

    /// `2026-11-28T06:00:00Z`.
    static func utc(_ date: Date) -> String {
        let t = CivilTime(seconds: Int(date.timeIntervalSince1970.rounded(.down)))
        return "\(CivilTime.padded(t.year, 4))-\(CivilTime.padded(t.month, 2))-\(CivilTime.padded(t.day, 2))T"
            + "\(CivilTime.padded(t.hour, 2)):\(CivilTime.padded(t.minute, 2)):\(CivilTime.padded(t.second, 2))Z"
    }

    /// Time left in words: `40 s left`, `9 min left`, `2 h 5 min left`, `3 d left`.
    static func left(_ seconds: Double) -> String {
        let s = max(0, Int(seconds.rounded(.up)))
        if s < 60 { return "\(s) s left" }
        let minutes = (s + 59) / 60
        if minutes < 60 { return "\(minutes) min left" }
        if minutes < 24 * 60 { return "\(minutes / 60) h" + (minutes % 60 == 0 ? "" : " \(minutes % 60) min") + " left" }
        return "\(minutes / (24 * 60)) d" + (minutes / 60 % 24 == 0 ? "" : " \(minutes / 60 % 24) h") + " left"
    }
}

extension IgnoreList {
    /// The entries as the configuration keeps them, the lapsed ones at `now` left out.
    public func configTexts(at now: Date) -> [String] {
        entries.filter { !$0.isExpired(at: now) }.map(\.configText)
    }

    /// A list read from the configuration's entries; an entry that lapsed before `now` is
    /// dropped. Throws for the first entry that cannot be read, with its number (from 0).
    public init(configured texts: [String], now: Date) throws(IgnoreConfigError) {
        var entries: [IgnoreEntry] = []
        for (index, text) in texts.enumerated() {
            switch IgnoreEntry.parse(config: text) {
            case .success(let entry): if !entry.isExpired(at: now) { entries.append(entry) }
            case .failure(let error): throw IgnoreConfigError(index: index, text: text, reason: error.description)
            }
        }
        self.init(entries: entries)
    }
}

/// An entry of the configuration's `[ignores]` that could not be read.
public struct IgnoreConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Its place in the list, from 0.
    public let index: Int
    /// The entry as written.
    public let text: String
    /// What is wrong with it.
    public let reason: String
    public var description: String { "\"\(text)\": \(reason)" }
}
