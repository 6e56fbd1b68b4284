import FoundationEssentials
import IRCProtocol

/// What of an ignored sender is hidden, in irssi's spirit: `/ignore bob JOINS PARTS QUITS`
/// hides only those; `ALL` (the default) hides everything, `ALL -NICKS` all but nick changes.
public struct IgnoreLevels: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let msgs = IgnoreLevels(rawValue: 1 << 0)
    public static let notices = IgnoreLevels(rawValue: 1 << 1)
    public static let ctcps = IgnoreLevels(rawValue: 1 << 2)
    public static let actions = IgnoreLevels(rawValue: 1 << 3)
    public static let joins = IgnoreLevels(rawValue: 1 << 4)
    public static let parts = IgnoreLevels(rawValue: 1 << 5)
    public static let quits = IgnoreLevels(rawValue: 1 << 6)
    public static let nicks = IgnoreLevels(rawValue: 1 << 7)
    public static let invites = IgnoreLevels(rawValue: 1 << 8)
    public static let reactions = IgnoreLevels(rawValue: 1 << 9)
    public static let typing = IgnoreLevels(rawValue: 1 << 10)
    public static let all = IgnoreLevels(rawValue: (1 << 11) - 1)

    /// The levels by their names, in the order they are listed.
    public static let names: [(name: String, level: IgnoreLevels)] = [
        ("MSGS", .msgs), ("NOTICES", .notices), ("CTCPS", .ctcps), ("ACTIONS", .actions), ("JOINS", .joins),
        ("PARTS", .parts), ("QUITS", .quits), ("NICKS", .nicks), ("INVITES", .invites), ("REACTIONS", .reactions),
        ("TYPING", .typing),
    ]

    /// The level named `name` (any case; `ALL` too), or nil.
    public static func named(_ name: String) -> IgnoreLevels? {
        let upper = name.uppercased()
        if upper == "ALL" { return .all }
        return names.first { $0.name == upper }?.level
    }

    /// `ALL`, `ALL -JOINS -PARTS`, or the names held (`JOINS PARTS`): whichever is shorter.
    public var description: String {
        if self == .all { return "ALL" }
        let held = Self.names.filter { contains($0.level) }.map(\.name)
        let missing = Self.names.filter { !contains($0.level) }.map { "-" + $0.name }
        return missing.count < held.count ? (["ALL"] + missing).joined(separator: " ") : held.joined(separator: " ")
    }
}

/// One ignore: whom (a `nick!user@host` mask with `*` and `?`, or `$a:account`, the account
/// the sender is logged in to), what of theirs is hidden, on which network (nil: all), and
/// until when (nil: until `/unignore`).
public struct IgnoreEntry: Sendable, Hashable {
    /// The full mask: `nick!user@host`, or `$a:account`.
    public var mask: String
    /// What is hidden.
    public var levels: IgnoreLevels
    /// The network it holds on (its name in the configuration); nil on every network.
    public var network: String?
    /// When it lapses; nil never.
    public var expires: Date?

    /// The prefix of an account mask, as extended bans write it on Libera, InspIRCd and others.
    public static let accountPrefix = "$a:"

    public init(mask: String, levels: IgnoreLevels = .all, network: String? = nil, expires: Date? = nil) {
        self.mask = IgnoreList.normalize(mask)
        self.levels = levels
        self.network = network
        self.expires = expires
    }

    /// The account an account mask names, else nil.
    public var account: String? {
        mask.hasPrefix(Self.accountPrefix) ? String(mask.dropFirst(Self.accountPrefix.count)) : nil
    }

    /// Whether it holds at `now` on `network` for `level`.
    func applies(to level: IgnoreLevels, on network: String, at now: Date) -> Bool {
        levels.contains(level) && !isExpired(at: now)
            && (self.network.map { $0.lowercased() == network.lowercased() } ?? true)
    }

    /// Whether it has lapsed at `now`.
    public func isExpired(at now: Date) -> Bool { expires.map { $0 <= now } ?? false }

    /// Whether the sender `source`, logged in to `account` (nil: not, or not known), matches.
    func matches(_ source: IRCSource, account: String?, caseMapping: IRCCaseMapping) -> Bool {
        if let wanted = self.account {
            // An account mask matches only a sender known to be logged in (`*` any account).
            guard let account else { return false }
            return IRCMask(wanted, caseMapping: caseMapping).matches(account)
        }
        return IRCMask(mask, caseMapping: caseMapping).matches(source)
    }
}

/// Senders whose messages and events are not shown: ``IgnoreEntry``s, each with its levels,
/// network and expiry. Kept in the configuration's `[ignores]` (``configText`` per entry).
public struct IgnoreList: Sendable, Hashable {
    /// The entries, in the order they were added (`/ignore` numbers them so).
    public private(set) var entries: [IgnoreEntry] = []

    /// An empty list, or one ignoring everything of `masks` on every network.
    public init(_ masks: [String] = []) {
        for mask in masks { add(mask) }
    }

    /// A list of `entries` (an entry for a mask and network already there is left out).
    public init(entries: [IgnoreEntry]) {
        for entry in entries { add(entry) }
    }

    /// The masks, as normalized.
    public var masks: [String] { entries.map(\.mask) }

    /// The full mask for what a user typed: `nick` → `nick!*@*`, `nick!user` → `nick!user@*`;
    /// an account mask (`$a:name`) as it is.
    public static func normalize(_ mask: String) -> String {
        if mask.hasPrefix(IgnoreEntry.accountPrefix) { return mask }
        var mask = mask
        if !mask.contains("!") && !mask.contains("@") { mask += "!*@*" }
        if !mask.contains("@") { mask += "@*" }
        return mask
    }

    /// Adds a mask ignored entirely everywhere; returns false when it was already there.
    @discardableResult
    public mutating func add(_ mask: String) -> Bool { add(IgnoreEntry(mask: mask)) }

    /// Adds `entry`, or replaces the one with the same mask and network (new levels or expiry);
    /// returns false when an equal one was already there.
    @discardableResult
    public mutating func add(_ entry: IgnoreEntry) -> Bool {
        if let index = entries.firstIndex(where: { $0.mask == entry.mask && $0.network?.lowercased() == entry.network?.lowercased() }) {
            guard entries[index] != entry else { return false }
            entries[index] = entry
            return true
        }
        entries.append(entry)
        return true
    }

    /// Removes every entry for a mask; returns false when there was none.
    @discardableResult
    public mutating func remove(_ mask: String) -> Bool {
        let full = Self.normalize(mask)
        let before = entries.count
        entries.removeAll { $0.mask == full }
        return entries.count < before
    }

    /// Removes the entry numbered `number` in the listing (from 1); returns it.
    public mutating func remove(number: Int) -> IgnoreEntry? {
        guard number >= 1, number <= entries.count else { return nil }
        return entries.remove(at: number - 1)
    }

    /// Drops the entries that lapsed by `now`; returns whether any did.
    @discardableResult
    public mutating func dropExpired(at now: Date) -> Bool {
        let before = entries.count
        entries.removeAll { $0.isExpired(at: now) }
        return entries.count < before
    }

    /// Whether `source` is ignored entirely (every level), on any network, now.
    public func ignores(_ source: IRCSource, caseMapping: IRCCaseMapping) -> Bool {
        entries.contains { $0.levels == .all && $0.network == nil && $0.expires == nil
            && $0.matches(source, account: nil, caseMapping: caseMapping) }
    }

    /// Whether what `source` (logged in to `account`, when known) does at `level` on `network`
    /// is hidden at `now`.
    public func ignores(_ source: IRCSource, account: String?, level: IgnoreLevels, network: String,
                        at now: Date, caseMapping: IRCCaseMapping) -> Bool {
        entries.contains { $0.applies(to: level, on: network, at: now) && $0.matches(source, account: account, caseMapping: caseMapping) }
    }
}
