/// When the message list asks for older history: when the viewport's top (or the rest of a
/// running fling) comes within one viewport height of the top of the loaded rows, one request
/// at a time, and no new one sooner than ``interval`` after the last one completed. A value on
/// the list's clock; what a request fetches and how it shows (a loading row) is the data
/// source's business.
public struct HistoryPager: Sendable, Hashable {
    /// No new request sooner than this after the last one completed (s).
    public static let interval = 0.1

    /// Whether there is older history to ask for (the model clears it at the start of history).
    public var canLoadOlder = true
    /// Whether a page is on its way (set by the model; going back to `false` completes the
    /// request).
    public private(set) var isLoading = false
    /// Whether a request was made and not completed yet.
    public private(set) var isRequested = false
    /// When the last request completed (s).
    public private(set) var lastCompletion = -Double.infinity

    /// Creates a pager with no request made.
    public init() {}

    /// Whether a request should be made at `now` with the top near (`nearOldest`).
    public func shouldRequest(nearOldest: Bool, now: Double) -> Bool {
        wantsRequest(nearOldest: nearOldest) && now >= lastCompletion + Self.interval
    }

    /// When a request only waiting for the interval could be made (`nil`: none is waiting).
    public func nextCheck(nearOldest: Bool) -> Double? {
        wantsRequest(nearOldest: nearOldest) ? lastCompletion + Self.interval : nil
    }

    /// A request was made.
    public mutating func requested() { isRequested = true }

    /// The model says a page is (or is no longer) on its way; the end of loading completes
    /// the request at `now`.
    public mutating func setLoading(_ loading: Bool, now: Double) {
        guard loading != isLoading else { return }
        isLoading = loading
        if !loading { complete(at: now) }
    }

    /// Older rows arrived: completes the request unless the model still reports loading.
    public mutating func rowsArrived(now: Double) {
        if isRequested && !isLoading { complete(at: now) }
    }

    private mutating func complete(at now: Double) {
        isRequested = false
        lastCompletion = now
    }

    private func wantsRequest(nearOldest: Bool) -> Bool {
        canLoadOlder && !isLoading && !isRequested && nearOldest
    }
}
