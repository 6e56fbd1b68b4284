import IRCProtocol

/// Senders whose messages are not shown: `nick!user@host` masks (`*` and `?` wildcards), a bare
/// nick meaning `nick!*@*`.
public struct IgnoreList: Sendable, Hashable {
    /// The masks, as the user wrote them.
    public private(set) var masks: [String] = []

    /// An empty list, or one with `masks`.
    public init(_ masks: [String] = []) {
        for mask in masks { add(mask) }
    }

    /// The full mask for what a user typed: `nick` → `nick!*@*`, `nick!user` → `nick!user@*`.
    public static func normalize(_ mask: String) -> String {
        var mask = mask
        if !mask.contains("!") && !mask.contains("@") { mask += "!*@*" }
        if !mask.contains("@") { mask += "@*" }
        return mask
    }

    /// Adds a mask; returns false when it was already there.
    @discardableResult
    public mutating func add(_ mask: String) -> Bool {
        let full = Self.normalize(mask)
        guard !masks.contains(full) else { return false }
        masks.append(full)
        return true
    }

    /// Removes a mask; returns false when it was not there.
    @discardableResult
    public mutating func remove(_ mask: String) -> Bool {
        let full = Self.normalize(mask)
        guard let index = masks.firstIndex(of: full) else { return false }
        masks.remove(at: index)
        return true
    }

    /// Whether `source` is ignored.
    public func ignores(_ source: IRCSource, caseMapping: IRCCaseMapping) -> Bool {
        masks.contains { IRCMask($0, caseMapping: caseMapping).matches(source) }
    }
}
