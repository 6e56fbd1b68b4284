/// Older history on demand, the per-buffer reading position and opening at the first-unread
/// marker.
extension MessageListView {
    /// No new request for older history sooner than this after the last one completed (s).
    public static let olderRequestInterval = 0.1

    // MARK: - Older history

    /// Whether the viewport's top (or the projected rest of a fling) is within one viewport
    /// height of the top of the loaded rows.
    var isNearOldest: Bool {
        let limit = topInset + viewportHeight
        if y <= limit { return true }
        if case .kinetic(let kinetic, _) = motion, kinetic.restPosition <= limit { return true }
        return false
    }

    /// Whether a request could be made now but for the 100 ms guard, or should be made now.
    private var wantsOlder: Bool {
        onNeedOlder != nil && canLoadOlder && !olderLoading && !olderRequested && dataSource != nil
            && viewportHeight > 0 && isNearOldest
    }

    /// Calls ``onNeedOlder`` once if the top is near, no request is outstanding and the last
    /// one completed at least 100 ms ago.
    func checkNeedOlder() {
        guard wantsOlder, now >= lastOlderCompletion + Self.olderRequestInterval else { return }
        olderRequested = true
        onNeedOlder?()
    }

    /// When the list must wake to make a request that is only waiting for the guard.
    func nextOlderCheck() -> Double? {
        guard wantsOlder else { return nil }
        return lastOlderCompletion + Self.olderRequestInterval
    }

    func completeOlderRequest() {
        olderRequested = false
        lastOlderCompletion = now
    }

    // MARK: - Saved position

    /// The reading position to save when the buffer is hidden.
    public var savedPosition: SavedListPosition {
        settle(nil)
        switch reference {
        case .bottom:
            return SavedListPosition(pinned: true, unseen: unseen)
        case .row(_, let offset, let id):
            return SavedListPosition(pinned: false, anchorID: id, anchorOffset: offset, unseen: unseen)
        }
    }

    /// Restores a saved position: pinned, or the anchor row (found by id) at the same screen
    /// position. An anchor that is no longer loaded pins the list. Stops any motion.
    public func restore(_ position: SavedListPosition) {
        settle(nil)
        motion = nil
        touch = nil
        touchpad.reset()
        touchpadActive = false
        if !position.pinned, let id = position.anchorID, let index = dataSource?.index(ofRowID: id) {
            reference = .row(index: index, offset: position.anchorOffset, id: id)
            unseen = position.unseen
        } else {
            reference = .bottom(offset: 0)
            unseen = 0
        }
        settle(nil)
        setNeedsPaint()
        scheduleWake()
    }

    /// Opens the list at the first-unread marker (the row with id `unread-marker`): pinned when
    /// everything from the marker down fits in the viewport, otherwise with the marker
    /// ``markerTopMargin`` below the viewport's top and `unseen` unseen messages. Without a
    /// marker the list is pinned. Measures at most a viewport of rows below the marker.
    public func openAtUnreadMarker(unseen: Int) {
        settle(nil)
        motion = nil
        touch = nil
        guard let dataSource, let marker = dataSource.index(ofRowID: Self.unreadMarkerID),
              let context = currentLayoutContext() else {
            restore(SavedListPosition(pinned: true))
            return
        }
        var below = 0.0
        var row = marker
        while row < heights.count, below <= viewportHeight {
            if rowLayouts[row] == nil || !heights.isMeasured(row) {
                let layout = dataSource.layoutRow(at: row, width: size.width, context: context)
                rowLayoutCount += 1
                rowLayouts[row] = layout
                heights.setHeight(max(0, layout.height), at: row, measured: true)
            }
            below += heights.height(at: row)
            row += 1
        }
        if below <= viewportHeight {
            restore(SavedListPosition(pinned: true))
        } else {
            restore(SavedListPosition(pinned: false, anchorID: Self.unreadMarkerID,
                                      anchorOffset: -min(markerTopMargin, viewportHeight / 4), unseen: unseen))
        }
    }
}
