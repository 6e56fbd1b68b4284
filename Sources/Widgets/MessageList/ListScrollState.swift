import ScrollPhysics

/// The message list's scroll position and motion, as a value: where the viewport is (`y` and
/// the ``ListReference`` it is derived from), where a running motion is going (a
/// ``ScrollGoal``), the motion itself, the gesture in progress and the unseen count. Every
/// operation takes the content (``ScrollContent``) and the time, so the whole of it runs on a
/// virtual clock in tests.
///
/// Its fields are its own: the list asks it to begin a touch, take touchpad deltas, fling,
/// animate, jump, or follow rows that changed, and reads back where it is (the way a
/// scrollable asks its scroll position, which owns the offset and the running activity). The
/// operations keep these rules (docs/SCROLLING.md §2), which tests check after every operation
/// of random sessions:
/// 1. `y` always comes from the anchor: once resolved against the content
///    (``resolve(_:now:)``), `y` is where the anchor puts it; the user's motion moves `y` and
///    the anchor is sampled again from it.
/// 2. Content that changes (a prepend, a trim, a reload, a corrected estimate) never unpins,
///    never changes the unseen count, and moves `y`, the running motion and the drag by the
///    same amount, so what the reader looks at stays still.
/// 3. A goal belongs to a running motion (or to the thumb held at an end of its track), and a
///    motion ends on its goal: an edge stays an edge and a row stays that row whatever
///    corrections happen on the way; a motion reaching the bottom pins.
/// 4. Pinned is within 1 px of the bottom, and above it only while a gesture or motion runs;
///    reaching the bottom of live rows clears the unseen count.
@MainActor
struct ListScrollState: Sendable {
    /// The offset of the viewport's top from the top of the content (px; negative past the top).
    private(set) var y = 0.0
    /// What `y` is attached to.
    private(set) var anchor: ListReference = .bottom(offset: 0)
    /// What the running motion (or the thumb drag) is aimed at; `nil` for a free motion.
    private(set) var goal: ScrollGoal?
    /// The running motion.
    private(set) var motion: ListMotion?
    /// Messages appended while not pinned.
    private(set) var unseen = 0
    /// Whether the content's bottom is the newest row: reaching it clears the unseen count.
    /// Not while the rows are a page of older history (the unseen messages are elsewhere).
    private(set) var bottomIsLive = true
    /// A finger on the list.
    private var touch: TouchState?
    /// Touchpad deltas of the gesture in progress (momentum starts once they stop); empty
    /// when no touchpad gesture runs.
    private var touchpad = TouchpadMomentum()
    /// Where the pointer grabbed the scroll bar's thumb (px below the thumb's top).
    private var thumbGrab: Double?

    /// Whether the list follows new messages.
    var isPinned: Bool { if case .bottom = anchor { true } else { false } }

    /// Whether touchpad deltas came and their momentum has not started yet.
    var isTouchpadScrolling: Bool { touchpad.lastEventTime != nil }

    /// Whether a finger is on the list (a tap, or a drag once past the slop).
    var isTouching: Bool { touch != nil }

    /// Whether the pointer holds the scroll bar's thumb.
    var isThumbDragging: Bool { thumbGrab != nil }

    /// Whether a gesture or motion is in progress (touch drag, touchpad, thumb drag, motion).
    var isUserScrolling: Bool {
        motion != nil || isTouchpadScrolling || thumbGrab != nil || touch?.drag.isDragging == true
    }

    /// Whether time moves the state: a motion runs, or touchpad deltas wait for their momentum.
    var isMoving: Bool { motion != nil || isTouchpadScrolling }

    /// Where the running fling comes to rest, if one runs.
    var kineticRestPosition: Double? {
        if case .kinetic(let kinetic, _) = motion { return kinetic.restPosition }
        return nil
    }

    /// When the state next needs a frame after `now`, `interval` apart while a motion runs
    /// (`nil`: nothing moves): touchpad momentum waits for the fingers to be taken as lifted.
    func nextFrame(after now: Double, interval: Double) -> Double? {
        var due: Double?
        if motion != nil { due = now + interval }
        if let last = touchpad.lastEventTime {
            due = min(due ?? .infinity, max(last + TouchpadMomentum.liftDelay, now + interval))
        }
        return due
    }

    // MARK: - Deriving y

    /// Sets `y` from the anchor (or from the edge a thumb drag holds); a change is content
    /// moving under the viewport, so the running motion and the drag are shifted by the same
    /// amount. Then keeps the motion within the bounds and on its goal. Returns whether `y`
    /// changed.
    @discardableResult
    mutating func resolve(_ content: some ScrollContent, now: Double) -> Bool {
        if case .bottom(let offset) = anchor, offset < 0, !isUserScrolling {
            anchor = .bottom(offset: 0)   // a gesture ended within 1 px of the bottom
        }
        let maxY = content.maxY
        var target: Double
        var springBackFrom: Double?
        switch anchor {
        case .bottom(let offset): target = maxY + offset
        case .row(let p):
            // With no gesture or motion running, the anchor gives way rather than leave blank
            // space: a window grown taller than the content below the anchor clamps to maxY.
            target = content.rowTop(p.index) + p.offset
            if !isUserScrolling && target > maxY {
                target = maxY
                anchor = .row(RowPosition(index: p.index, id: p.id, offset: maxY - content.rowTop(p.index)))
            } else if !isUserScrolling && target < 0 {
                // Rows gone above the anchor's replacement (a trim, the loading row at the start
                // of history) leave blank space above the first row: the rows stay still now,
                // then spring back to the top, as from a pull past the edge.
                springBackFrom = target
            }
        }
        if thumbGrab != nil, goal == .top, target != 0 {
            target = 0   // the thumb held at the top of its track keeps the top in view
            reanchor(at: 0, content)
        }
        let delta = target - y
        if delta != 0 {
            motion = motion?.shifted(by: delta)
            touch?.rawOrigin += delta
            y = target
        }
        if let from = springBackFrom {
            startKinetic(.springBack(from: from, velocity: 0, minY: 0, maxY: maxY), at: now, content)
        }
        fitMotion(content, now: now)
        return delta != 0
    }

    /// Takes a `y` the user's motion produced: pinned within 1 px of the bottom (clearing the
    /// unseen count), otherwise anchored to the topmost visible row.
    mutating func setUserY(_ newY: Double, _ content: some ScrollContent) {
        y = newY
        reanchor(at: newY, content)
    }

    private mutating func reanchor(at y: Double, _ content: some ScrollContent) {
        let maxY = content.maxY
        if maxY - y <= 1 {
            anchor = .bottom(offset: y - maxY)
            if bottomIsLive { unseen = 0 }
        } else if let p = content.position(at: y) {
            anchor = .row(p)
        }
    }

    // MARK: - Time

    /// Advances to `time`: starts touchpad momentum once the fingers are taken to have lifted,
    /// moves the running motion and, when it ends, lands it exactly on its goal.
    mutating func advance(to time: Double, _ content: some ScrollContent) {
        if let start = touchpad.momentumStart(now: time) {
            touchpad.reset()
            startKinetic(.fling(from: y, velocity: start.velocity, minY: 0, maxY: content.maxY),
                         at: start.time, content)
        }
        guard let motion else { return }
        setUserY(motion.position(at: time), content)
        if motion.isDone(at: time) {
            self.motion = nil
            arrive(content)
        }
    }

    /// The motion ended: `y` is its goal exactly (a goal at the bottom pins).
    private mutating func arrive(_ content: some ScrollContent) {
        guard let goal else { return }
        self.goal = nil
        if goal == .bottom {
            anchor = .bottom(offset: 0)
            y = content.maxY
            if bottomIsLive { unseen = 0 }
        } else {
            setUserY(content.y(of: goal), content)
        }
    }

    /// The scroll velocity (px/s, positive towards newer messages) at `time`: the running
    /// motion's, or during a touch drag the finger's (0 for touchpad deltas until momentum).
    func velocity(at time: Double) -> Double {
        if let motion { return motion.velocity(at: time) }
        if let touch, touch.drag.isDragging { return touch.tracker.velocityAtNewestSample() }
        return 0
    }

    // MARK: - Starting and stopping motions

    /// Starts a kinetic motion (a fling, or a spring back from past an edge). One that will
    /// run into an edge is aimed at it, so that corrections on the way cannot leave it short.
    mutating func startKinetic(_ kinetic: ScrollMotion, at start: Double, _ content: some ScrollContent) {
        motion = .kinetic(kinetic, start: start)
        let rest = kinetic.restPosition
        goal = rest <= 0 ? .top : rest >= content.maxY ? .bottom : nil
    }

    /// Stops a running motion where it is at `now` (new input, a touch, a click). A click
    /// (`springBack`) while past an edge lets the content spring back instead.
    mutating func stop(at now: Double, springBack: Bool = false, _ content: some ScrollContent) {
        if let motion {
            setUserY(motion.position(at: now), content)
            self.motion = nil
        }
        goal = nil
        touchpad.reset()
        let maxY = content.maxY
        if springBack, y < 0 || y > maxY {
            startKinetic(.springBack(from: y, velocity: 0, minY: 0, maxY: maxY), at: now, content)
        }
    }

    /// Animates towards `goal` from where the list is, handing on the velocity of a running
    /// animation (a running fling stops). `maxDuration` caps the eased curve's length (the
    /// keys and the pill take at most 300 ms; wheel notches take their own).
    mutating func animate(to goal: ScrollGoal, _ content: some ScrollContent, now: Double,
                          maxDuration: Double = .infinity) {
        let position = motion?.position(at: now) ?? y
        var velocity = 0.0
        if case .animation(let animation) = motion { velocity = animation.velocity(at: now) }
        touchpad.reset()
        touch = nil
        let maxY = content.maxY
        let target = content.y(of: goal)
        let duration = min(WheelAnimation.duration(forDistance: target - position), maxDuration)
        motion = .animation(WheelAnimation(from: min(max(position, 0), maxY), velocity: velocity, to: target,
                                           at: now, minY: 0, maxY: maxY, duration: duration))
        self.goal = goal
    }

    /// Animates by `distance` px from the goal of a running animation (so further notches
    /// add up) or from `y`: to an edge when the sum reaches one, otherwise to the row there.
    mutating func animate(by distance: Double, _ content: some ScrollContent, now: Double,
                          maxDuration: Double = .infinity) {
        var base = y
        if case .animation(let animation) = motion { base = goal.map { content.y(of: $0) } ?? animation.target }
        animate(to: content.goal(at: base + distance), content, now: now, maxDuration: maxDuration)
    }

    /// Keeps the running motion within the bounds and on its goal (``ListMotion/fitted(maxY:goalY:now:)``).
    private mutating func fitMotion(_ content: some ScrollContent, now: Double) {
        guard let motion else { return }
        self.motion = motion.fitted(maxY: content.maxY, goalY: goal.map { content.y(of: $0) }, now: now)
    }

    // MARK: - Gestures

    /// Touchpad deltas (`delta` px towards newer messages) apply 1:1, with the rubber band past
    /// an edge; a running motion stops where it is. Momentum follows in ``advance(to:_:)`` once
    /// they stop.
    mutating func touchpadScroll(by delta: Double, _ content: some ScrollContent, now: Double) {
        if let motion {
            setUserY(motion.position(at: now), content)
            self.motion = nil
            goal = nil
        }
        touchpad.feed(delta: delta, at: now)
        let maxY = content.maxY
        let band = RubberBand(dimension: max(content.viewportHeight, 1))
        let raw = band.rawPosition(forDisplayedPosition: y, minY: 0, maxY: maxY) + delta
        setUserY(band.displayedPosition(forRawPosition: raw, minY: 0, maxY: maxY), content)
    }

    /// A finger went down at `fingerY` (list-local): a running motion stops where it is. The
    /// touch scrolls once it has moved past the slop (``moveTouch(to:_:now:)``).
    mutating func beginTouch(at fingerY: Double, _ content: some ScrollContent, now: Double) {
        stop(at: now, content)
        let band = RubberBand(dimension: max(content.viewportHeight, 1))
        var state = TouchState(drag: TouchDrag(downAt: fingerY),
                               rawOrigin: band.rawPosition(forDisplayedPosition: y, minY: 0, maxY: content.maxY))
        state.tracker.addSample(position: -fingerY, at: now)
        touch = state
    }

    /// The finger moved to `fingerY`: past the slop the content follows it, with the rubber
    /// band past an edge. Returns whether the list scrolled.
    mutating func moveTouch(to fingerY: Double, _ content: some ScrollContent, now: Double) -> Bool {
        guard var state = touch else { return false }
        state.tracker.addSample(position: -fingerY, at: now)
        let moved = state.drag.move(to: fingerY)
        touch = state
        guard let moved else { return false }
        let band = RubberBand(dimension: max(content.viewportHeight, 1))
        setUserY(band.displayedPosition(forRawPosition: state.rawOrigin - moved, minY: 0, maxY: content.maxY), content)
        return true
    }

    /// How a touch ended.
    enum TouchEnd: Sendable, Hashable {
        /// It had moved past the slop: the list flings on with the finger's velocity.
        case drag
        /// It had not: a tap, which leaves the list where it is (springing back from past an
        /// edge).
        case tap
    }

    /// The finger lifted at `now`; `nil` when none was down.
    mutating func endTouch(_ content: some ScrollContent, now: Double) -> TouchEnd? {
        guard let state = touch else { return nil }
        touch = nil
        let maxY = content.maxY
        if state.drag.isDragging {
            let velocity = state.tracker.velocity(releasedAt: now)
            startKinetic(.fling(from: y, velocity: velocity, minY: 0, maxY: maxY), at: now, content)
            return .drag
        }
        if y < 0 || y > maxY {
            startKinetic(.springBack(from: y, velocity: 0, minY: 0, maxY: maxY), at: now, content)
        }
        return .tap
    }

    /// The pointer took the scroll bar's thumb `grab` px below the thumb's top.
    mutating func beginThumbDrag(grab: Double) {
        thumbGrab = grab
    }

    /// The pointer holding the thumb is at `pointerY` (list-local) over `bar`: `y` follows the
    /// thumb. At an end of its track the thumb holds that edge as its goal, whatever the
    /// estimates do meanwhile.
    mutating func dragThumb(pointerAt pointerY: Double, on bar: ListScrollBar, _ content: some ScrollContent) {
        guard let grab = thumbGrab else { return }
        let target = bar.y(forThumbTop: pointerY - grab)
        goal = target <= 0 ? .top : target >= content.maxY ? .bottom : nil
        setUserY(target, content)
    }

    /// The pointer let the thumb go.
    mutating func endThumbDrag() {
        thumbGrab = nil
        goal = nil
    }

    // MARK: - Jumps

    /// Forgets any motion and gesture and attaches to `anchor`, with `unseen` messages not
    /// seen (a restored position, another buffer's rows). `y` follows at the next
    /// ``resolve(_:now:)``.
    mutating func restore(_ anchor: ListReference, unseen: Int) {
        self.anchor = anchor
        self.unseen = unseen
        motion = nil
        goal = nil
        touch = nil
        touchpad.reset()
        thumbGrab = nil
    }

    /// Puts the list on `goal` at once, as a user scroll would leave it: the bottom of live
    /// rows pins and clears the unseen count. Forgets any motion and gesture.
    mutating func jump(to goal: ScrollGoal, _ content: some ScrollContent) {
        let anchor: ListReference = switch goal {
        case .bottom: .bottom(offset: 0)
        case .row(let p): .row(p)
        case .top: content.position(at: 0).map { .row($0) } ?? .bottom(offset: 0)
        }
        restore(anchor, unseen: anchor == .bottom(offset: 0) && bottomIsLive ? 0 : unseen)
    }

    // MARK: - Rows changing under the state

    /// Messages were appended below the rows: `count` of them are unseen unless pinned.
    mutating func rowsAppended(unseen count: Int) {
        if !isPinned { unseen += count }
    }

    /// `count` messages arrived that the rows do not show (they are read away from the live
    /// end): unseen, pinned or not.
    mutating func noteUnseen(_ count: Int) {
        unseen += count
    }

    /// Whether the rows' bottom is the newest row (reaching it then clears the unseen count),
    /// as the data source says after each batch of changes.
    mutating func rowsReachNewest(_ live: Bool) {
        bottomIsLive = live
    }

    /// `k` rows were inserted above row 0. A goal at the top becomes the row that was at the
    /// top (a page arriving during Ctrl+Home does not send the list racing through it); a
    /// fling aimed at the top runs on freely into the new rows.
    mutating func rowsPrepended(_ k: Int) {
        if case .row(let p) = anchor { anchor = .row(p.prepended(k)) }
        switch goal {
        case .row(let p): goal = .row(p.prepended(k))
        case .top:
            if case .animation = motion {
                goal = .row(RowPosition(index: k, id: "", offset: 0))   // named by refreshRows(_:)
            } else {
                goal = nil
            }
        default: break
        }
    }

    /// The first `k` rows are about to be removed (`content` still holds them). An anchor row
    /// that goes hands over to the first row that stays, at the same offset on screen; a goal
    /// row that goes becomes the top.
    mutating func rowsTrimmed(_ k: Int, _ content: some ScrollContent) {
        if case .row(let p) = anchor {
            if p.index >= k {
                anchor = .row(RowPosition(index: p.index - k, id: p.id, offset: p.offset))
            } else {
                let y = content.rowTop(p.index) + p.offset
                anchor = .row(RowPosition(index: 0, id: p.id, offset: y - content.rowTop(k)))   // id refreshed later
            }
        }
        if case .row(let p) = goal {
            goal = p.index >= k ? .row(RowPosition(index: p.index - k, id: p.id, offset: p.offset)) : .top
        }
    }

    /// Indices match the model again after a batch of changes: the rows are named by the ids
    /// there now, and rows that are gone give way (the anchor pins, a goal becomes the bottom).
    mutating func refreshRows(_ content: some ScrollContent) {
        func refreshed(_ p: RowPosition) -> RowPosition? {
            guard p.index < content.rowCount else { return nil }
            let id = content.rowID(at: p.index)
            return id == p.id ? p : RowPosition(index: p.index, id: id, offset: p.offset)
        }
        if case .row(let p) = anchor { anchor = refreshed(p).map { .row($0) } ?? .bottom(offset: 0) }
        if case .row(let p) = goal { goal = refreshed(p).map { .row($0) } ?? .bottom }
    }

    /// The ids of the rows the state names (its anchor and its goal): what a reload must find.
    var namedRowIDs: [String] {
        var ids: [String] = []
        if case .row(let p) = anchor { ids.append(p.id) }
        if case .row(let p) = goal { ids.append(p.id) }
        return ids
    }

    /// Every row may have changed: the anchor and the goal are found again by id (`found`, the
    /// indices of ``namedRowIDs`` that are still there); an anchor that is gone pins, a goal
    /// that is gone is dropped.
    mutating func rowsReloaded(found: [String: Int]) {
        rowsReloaded(find: { found[$0] })
    }

    /// ``rowsReloaded(found:)`` with a function that finds a row by id.
    mutating func rowsReloaded(find: (String) -> Int?) {
        if case .row(let p) = anchor {
            anchor = find(p.id).map { .row(RowPosition(index: $0, id: p.id, offset: p.offset)) } ?? .bottom(offset: 0)
        }
        if case .row(let p) = goal {
            // A goal row that is gone leaves the motion to end where it was going.
            goal = find(p.id).map { .row(RowPosition(index: $0, id: p.id, offset: p.offset)) }
        }
    }
}
