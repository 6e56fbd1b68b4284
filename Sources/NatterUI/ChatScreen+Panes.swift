import Widgets

/// Where the side panes go at a window width. The messages keep at least
/// ``minimumMessagesWidth``: below it the nick list goes first, then the buffer list. A pane
/// that went can be shown with its key, over the messages (they keep their width and are not
/// laid out again); it goes again with the key, Escape, or, for the buffer list, choosing a
/// buffer in it. The panes keep the user's (dragged) widths throughout, so a window grown again
/// gets its panes back as they were.
extension ChatScreen {
    /// Where a side pane is.
    public enum PanePlace: Hashable, Sendable {
        /// Beside the messages.
        case beside
        /// Over the messages, at its width (shown with its key where the window is too narrow
        /// for it beside them).
        case over
        /// Not shown.
        case hidden
    }

    /// The narrowest the messages get beside the side panes.
    public nonisolated static let minimumMessagesWidth = 340.0

    /// What the user asked of a side pane: hidden (its key where it was shown beside), or shown
    /// over the messages (its key where the window was too narrow for it).
    struct PaneChoice: Hashable {
        var collapsed = false
        var over = false
    }

    /// The side panes at one width: where each goes, and whether it would fit beside the
    /// messages.
    struct PanePlan: Hashable {
        var bufferList: PanePlace
        var nickList: PanePlace
        var bufferListFits: Bool
        var nickListFits: Bool

        /// The plan for a window `width` wide with panes `sidebar` and `nicks` wide; the nick list
        /// only where the buffer has one.
        init(width: Double, sidebar: Double, nicks: Double, bufferList: PaneChoice, nickList: PaneChoice, hasNickList: Bool) {
            func place(_ choice: PaneChoice, fits: Bool) -> PanePlace {
                fits ? (choice.collapsed ? .hidden : .beside) : (choice.over ? .over : .hidden)
            }
            bufferListFits = width - sidebar - 1 >= ChatScreen.minimumMessagesWidth
            self.bufferList = place(bufferList, fits: bufferListFits)
            let beside = self.bufferList == .beside ? sidebar + 1 : 0
            nickListFits = width - beside - nicks - 1 >= ChatScreen.minimumMessagesWidth
            self.nickList = hasNickList ? place(nickList, fits: nickListFits) : .hidden
        }
    }

    func plan(width: Double, bufferList: PaneChoice? = nil, nickList: PaneChoice? = nil) -> PanePlan {
        PanePlan(width: width, sidebar: sidebarWidth, nicks: nickListWidth, bufferList: bufferList ?? bufferListChoice,
                 nickList: nickList ?? nickListChoice, hasNickList: showsNickList)
    }

    /// Where the buffer list is (at the width of the last layout).
    public var bufferListPlace: PanePlace { plan(width: size.width).bufferList }
    /// Where the nick list is (at the width of the last layout).
    public var nickListPlace: PanePlace { plan(width: size.width).nickList }

    /// `toggle_buffer_list`: hides the buffer list where it is shown, shows it where it is not
    /// (over the messages if they have no room for it beside them).
    public func toggleBufferList() {
        bufferListChoice = toggled(bufferListChoice, place: bufferListPlace) { plan(width: size.width, bufferList: $0).bufferList }
    }

    /// `toggle_nick_list`: as ``toggleBufferList()``; where the buffer has no nick list, it
    /// only says whether channels show theirs.
    public func toggleNickList() {
        guard showsNickList else { return nickListCollapsed.toggle() }
        nickListChoice = toggled(nickListChoice, place: nickListPlace) { plan(width: size.width, nickList: $0).nickList }
    }

    /// `filter_nicks`: shows the nick list (over the messages where there is no room beside
    /// them) unless the buffer has none or the user hid it; whether it is shown.
    public func revealNickList() -> Bool {
        guard showsNickList, !nickListCollapsed else { return false }
        if nickListPlace == .hidden { nickListChoice.over = true }
        return true
    }

    /// Escape: hides the side panes shown over the messages; whether there was one.
    public func closeOverlaidPanes() -> Bool {
        let places = plan(width: size.width)
        guard places.bufferList == .over || places.nickList == .over else { return false }
        if places.bufferList == .over { bufferListChoice.over = false }
        if places.nickList == .over { nickListChoice.over = false }
        return true
    }

    /// A buffer chosen in the buffer list: the list goes if it was shown over the messages.
    public func bufferChosenInList() {
        if bufferListPlace == .over { bufferListChoice.over = false }
    }

    private func toggled(_ choice: PaneChoice, place: PanePlace, placing: (PaneChoice) -> PanePlace) -> PaneChoice {
        var choice = choice
        switch place {
        case .beside: choice.collapsed = true
        case .over: choice.over = false
        case .hidden:
            choice.collapsed = false
            choice.over = placing(choice) == .hidden
        }
        return choice
    }

    /// A pane shown over the messages goes back to its place once the window has room for it
    /// beside them: narrowing the window again does not bring the overlay back.
    func settleOverlays(width: Double) {
        let plan = plan(width: width)
        if plan.bufferListFits, bufferListChoice.over { bufferListChoice.over = false }
        if plan.nickListFits, nickListChoice.over { nickListChoice.over = false }
    }

    /// Gives the split panes the plan's arrangement at `width` (the panes hidden at once, so the
    /// keyboard leaves a pane that goes) and the nick list its width from the right.
    func arrangePanes(width: Double) {
        let plan = plan(width: width)
        func arrangement(_ place: PanePlace, _ pane: SplitPane.Pane) -> SplitPane.Arrangement {
            switch place {
            case .beside: .split
            case .over: .overlay(pane)
            case .hidden: .hidden(pane)
            }
        }
        outer.arrangement = arrangement(plan.bufferList, .first)
        inner.arrangement = arrangement(plan.nickList, .second)
        // The messages keep their minimum when a divider is dragged: the buffer list cannot
        // push the nick list out, nor the nick list the messages.
        outer.minSecond = Self.minimumMessagesWidth + (plan.nickList == .beside ? nickListWidth + 1 : 0)
        inner.minFirst = plan.nickList == .beside ? Self.minimumMessagesWidth : 0
        let innerWidth = plan.bufferList == .beside ? width - sidebarWidth - 1 : width
        inner.dividerPosition = innerWidth - inner.dividerThickness - nickListWidth
    }
}
