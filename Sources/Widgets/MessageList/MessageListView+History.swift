/// Older history on demand: the list knows when the top is near; the ``HistoryPager`` paces
/// the requests.
extension MessageListView {
    /// Whether the viewport's top (or the projected rest of a fling) is within one viewport
    /// height of the top of the loaded rows.
    var isNearOldest: Bool {
        guard dataSource != nil, onNeedOlder != nil, viewportHeight > 0 else { return false }
        let limit = viewportHeight
        if y <= limit { return true }
        if let rest = scroll.kineticRestPosition, rest <= limit { return true }
        return false
    }

    /// Calls ``onNeedOlder`` once if the top is near, no request is outstanding and the last
    /// one completed at least ``HistoryPager/interval`` ago.
    func checkNeedOlder() {
        guard pager.shouldRequest(nearOldest: isNearOldest, now: now) else { return }
        pager.requested()
        onNeedOlder?()
    }
}
