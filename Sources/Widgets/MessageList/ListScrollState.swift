import ScrollPhysics

/// The message list's scroll position and motion, as a value: where the viewport is (`y` and
/// the ``ListReference`` it is derived from), where a running motion is going (a
/// ``ScrollGoal``), the motion itself and the gesture in progress. Every operation takes the
/// content (``ScrollContent``) and the time, so the whole of it runs on a virtual clock in tests.
///
/// Two rules hold it together (docs/SCROLLING.md §2):
/// - `y` always comes from the anchor: content that changes above it (a prepend, a trim, a
///   corrected estimate) moves `y`, the running motion and the drag by the same amount, so
///   what the reader looks at stays still.
/// - a motion ends on its goal: an edge stays an edge and a row stays that row whatever
///   corrections happen on the way; a motion reaching the bottom pins.
@MainActor
struct ListScrollState: Sendable {
    /// The offset of the viewport's top from the top of the content (px; negative past the top).
    var y = 0.0
    /// What `y` is attached to.
    var anchor: ListReference = .bottom(offset: 0)
    /// What the running motion (or the thumb drag) is aimed at; `nil` for a free motion.
    var goal: ScrollGoal?
    /// The running motion.
    var motion: ListMotion?
    /// Messages appended while not pinned.
    var unseen = 0
    /// A finger on the list.
    var touch: TouchState?
    /// Touchpad deltas of the gesture in progress (momentum starts once they stop).
    var touchpad = TouchpadMomentum()
    var touchpadActive = false
    /// Where the pointer grabbed the scroll bar's thumb (px below the thumb's top).
    var thumbGrab: Double?
    /// Whether the content's bottom is the newest row: reaching it clears the unseen count.
    /// Not while the rows are a page of older history (the unseen messages are elsewhere).
    var bottomIsLive = true

    /// Whether the list follows new messages.
    var isPinned: Bool { if case .bottom = anchor { true } else { false } }

    /// Whether a gesture or motion is in progress (touch drag, touchpad, thumb drag, motion).
    var isUserScrolling: Bool {
        motion != nil || touchpadActive || thumbGrab != nil || touch?.drag.isDragging == true
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
        if touchpadActive, let start = touchpad.momentumStart(now: time) {
            touchpad.reset()
            touchpadActive = false
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
        touchpadActive = false
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
        touchpadActive = false
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

    // MARK: - Keeping the motion on its goal

    /// Keeps the running motion consistent with the bounds `[0, maxY]` and its goal: a kinetic
    /// motion continues from its state against new bounds when it could reach an edge, and one
    /// aimed at an edge it can no longer reach eases onto it; an animation whose goal moved is
    /// retargeted from its position and velocity, keeping its end time.
    private mutating func fitMotion(_ content: some ScrollContent, now: Double) {
        guard let motion else { return }
        let maxY = content.maxY
        let goalY = goal.map { content.y(of: $0) }
        switch motion {
        case .kinetic(var kinetic, let start):
            let t = now - start
            if kinetic.minY != 0 || kinetic.maxY != maxY {
                let position = kinetic.position(at: t), rest = kinetic.restPosition
                let phase = kinetic.phase(at: t)
                let staysInside = phase == .fling && min(position, rest) > max(kinetic.minY, 0)
                    && max(position, rest) < min(kinetic.maxY, maxY)
                if !staysInside { kinetic = kinetic.withBounds(minY: 0, maxY: maxY, at: t) }
            }
            self.motion = .kinetic(kinetic, start: start)
            let position = kinetic.position(at: t)
            if let goalY, abs(kinetic.restPosition - goalY) > 0.5, position >= 0, position <= maxY {
                let remaining = max(kinetic.endTime - t, 0)
                let duration = min(max(remaining, WheelAnimation.duration(forDistance: goalY - position)), 1)
                self.motion = .animation(WheelAnimation(from: position, velocity: kinetic.velocity(at: t), to: goalY,
                                                        at: now, minY: 0, maxY: maxY, duration: duration))
            }
        case .animation(let animation):
            let end = animation.startTime + animation.duration
            if let goalY, animation.target != goalY {
                self.motion = .animation(WheelAnimation(from: animation.position(at: now), velocity: animation.velocity(at: now),
                                                        to: goalY, at: now, minY: 0, maxY: maxY,
                                                        duration: max(0, end - now)))
            } else if animation.minY != 0 || animation.maxY != maxY {
                self.motion = .animation(WheelAnimation(from: animation.startPosition, velocity: animation.startVelocity,
                                                        to: animation.target, at: animation.startTime,
                                                        minY: 0, maxY: maxY, duration: animation.duration))
            }
        }
    }

    // MARK: - Rows changing under the state

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

    /// Every row may have changed: the anchor and the goal are found again by id (`find`); an
    /// anchor that is gone pins, a goal that is gone is dropped.
    mutating func rowsReloaded(find: (String) -> Int?) {
        if case .row(let p) = anchor {
            anchor = find(p.id).map { .row(RowPosition(index: $0, id: p.id, offset: p.offset)) } ?? .bottom(offset: 0)
        }
        if case .row(let p) = goal {
            // A goal row that is gone leaves the motion to end where it was going.
            goal = find(p.id).map { .row(RowPosition(index: $0, id: p.id, offset: p.offset)) }
        }
    }

    /// Forgets any motion and gesture and attaches to `anchor` (a restored position).
    mutating func reset(to anchor: ListReference, unseen: Int) {
        self.anchor = anchor
        self.unseen = unseen
        motion = nil
        goal = nil
        touch = nil
        touchpad.reset()
        touchpadActive = false
        thumbGrab = nil
    }
}
