import Foundation

/// What the session remembers about history per buffer (keys are folded names): the request in
/// flight, the msgids already shown, and the newest time seen (for `LATEST` after a reconnect).
struct HistoryTracker: Sendable, Hashable {
    /// msgids remembered per buffer before the oldest are forgotten.
    static let rememberedIDs = 4096

    var outstanding: [String: HistoryRequestKind] = [:]
    /// label → (folded target, kind).
    var labels: [String: String] = [:]
    private var seen: [String: Set<String>] = [:]
    private var seenOrder: [String: [String]] = [:]
    private(set) var latest: [String: Date] = [:]

    /// Records a msgid; `false` when it was already shown.
    mutating func remember(msgid: String, for target: String) -> Bool {
        guard seen[target, default: []].insert(msgid).inserted else { return false }
        seenOrder[target, default: []].append(msgid)
        if let order = seenOrder[target], order.count > Self.rememberedIDs {
            let drop = order.count - Self.rememberedIDs
            for old in order.prefix(drop) { seen[target]?.remove(old) }
            seenOrder[target] = Array(order.dropFirst(drop))
        }
        return true
    }

    mutating func noteLatest(_ time: Date, for target: String) {
        if let current = latest[target], current >= time { return }
        latest[target] = time
    }
}
