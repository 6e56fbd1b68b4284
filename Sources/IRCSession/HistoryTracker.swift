import FoundationEssentials

/// What the session remembers about history per buffer (keys are folded names): the request in
/// flight, the msgids already shown, the newest time and msgid seen (for `AFTER` after a
/// reconnect), and the gaps being filled.
struct HistoryTracker: Sendable, Hashable {
    /// msgids remembered per buffer before the oldest are forgotten.
    static let rememberedIDs = 4096

    var outstanding: [String: HistoryRequestKind] = [:]
    /// label → (folded target, kind).
    var labels: [String: String] = [:]
    private var seen: [String: RecentIDs] = [:]
    private(set) var latest: [String: Date] = [:]
    /// The msgid of the newest line seen per buffer, when it had one (the AFTER anchor).
    private(set) var latestID: [String: String] = [:]
    /// The AFTER requests filling a gap after a reconnect, per buffer.
    var gaps: [String: GapFill] = [:]
    /// Gaps whose filling a dropped link cut short: where they start, for the next rejoin.
    var unfilled: [String: Date] = [:]
    /// When we stopped hearing a channel without choosing to (the link dropped, a kick): on a
    /// server without history, what was said from then until the rejoin is what may be
    /// missing. A channel we parted ourselves (a `/cycle` too) has no entry: nothing is owed.
    var stoppedHearing: [String: Date] = [:]

    /// Records a msgid; `false` when it was already shown. O(1).
    mutating func remember(msgid: String, for target: String) -> Bool {
        seen[target, default: RecentIDs()].insert(msgid, keeping: Self.rememberedIDs)
    }

    mutating func noteLatest(_ time: Date, msgid: String? = nil, for target: String) {
        if let current = latest[target], current > time { return }
        if let current = latest[target], current == time, msgid == nil { return }
        latest[target] = time
        latestID[target] = msgid
    }
}

/// A gap being filled with `CHATHISTORY AFTER`, page by page.
struct GapFill: Sendable, Hashable {
    /// The newest time known before the gap (moves on with each page).
    var from: Date
    /// The page size asked for.
    var limit: Int
    /// Pages asked for so far.
    var pages = 1
    /// Whether the request in flight is anchored on a msgid (a refusal is retried once by time).
    var byMsgid: Bool
    /// Pages fetched at most before the rest is left as a gap.
    static let maxPages = 10
}

/// The most recent msgids of one buffer: a set for look-ups and a ring of the same ids in
/// arrival order, so that forgetting the oldest once `limit` are held is O(1) per insert.
private struct RecentIDs: Sendable, Hashable {
    private var ids: Set<String> = []
    private var ring: [String] = []
    /// Index in `ring` of the oldest id once the ring is full.
    private var oldest = 0

    /// Adds `id` unless held (returns whether it was added), forgetting the oldest beyond `limit`.
    mutating func insert(_ id: String, keeping limit: Int) -> Bool {
        guard ids.insert(id).inserted else { return false }
        if ring.count < limit {
            ring.append(id)
        } else {
            ids.remove(ring[oldest])
            ring[oldest] = id
            oldest = (oldest + 1) % limit
        }
        return true
    }
}
