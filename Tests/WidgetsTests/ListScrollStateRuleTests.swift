import NatterTestSupport
import ScrollPhysics
import Testing
@testable import Widgets

// The scroll state's rules (its doc comment) checked after every operation of random
// sessions: the user's wheel, keys, touchpad, finger and thumb, the model's appends, prepends,
// trims, reloads and corrected estimates, window resizes and time, in random order, each
// followed by a resolve as the list does.

/// One random session over plain rows; every step returns the rules it found broken.
@MainActor
private struct Session {
    var state = ListScrollState()
    let content = ArrayContent(count: 120)
    var rng: SplitMix64
    var now = 0.0
    var newRows = 0
    /// What happened, for a failure's message.
    var log: [String] = []

    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
        for i in content.heights.indices { content.heights[i] = Double(Int.random(in: 8...40, using: &rng)) }
        state.resolve(content, now: 0)
    }

    mutating func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
    mutating func random(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    mutating func chance(_ p: Double) -> Bool { random(0...1) < p }

    /// A place in the rows: a row and an offset into it.
    mutating func randomPosition() -> RowPosition {
        let index = random(0...(content.rowCount - 1))
        return RowPosition(index: index, id: content.rowID(at: index), offset: random(-50.0...50))
    }

    mutating func randomGoal() -> ScrollGoal {
        switch random(0...2) {
        case 0: .top
        case 1: .bottom
        default: .row(randomPosition())
        }
    }

    /// Resolves as the list's layout pass does and checks every rule, before too unless the
    /// state was only told what changed (`told`: the rows, or a position to take).
    mutating func settle(_ what: String, told: Bool = false) -> [String] {
        log.append(what)
        let before = told ? [] : brokenRules(state, content, resolved: false)
        state.resolve(content, now: now)
        return (before + brokenRules(state, content, resolved: true)).map { "\(what): \($0)" }
    }

    // MARK: - Steps

    mutating func step() -> [String] {
        let pick = random(0...15)
        return pick < 9 ? userStep(pick) : modelStep(pick)
    }

    /// What the user does (or time).
    mutating func userStep(_ pick: Int) -> [String] {
        switch pick {
        case 0, 1: return frames(random(1...30))
        case 2:
            state.animate(by: random(-3000.0...3000), content, now: now, maxDuration: chance(0.5) ? 0.3 : .infinity)
            return settle("wheel")
        case 3:
            state.animate(to: randomGoal(), content, now: now, maxDuration: 0.3)
            return settle("keys")
        case 4: return touchpad()
        case 5: return touch()
        case 6: return thumb()
        case 7:
            state.stop(at: now, springBack: chance(0.5), content)
            return settle("stop")
        case 8:
            if chance(0.5) {
                state.jump(to: randomGoal(), content)
                return settle("jump", told: true)
            }
            state.restore(chance(0.3) ? .bottom(offset: 0) : .row(randomPosition()), unseen: random(0...5))
            return settle("restore", told: true)
        default: return modelStep(pick)
        }
    }

    /// What the model (or time, or the window) does, also in the middle of a gesture.
    mutating func modelStep(_ pick: Int? = nil) -> [String] {
        switch pick ?? random(9...16) {
        case 9:
            // Messages arrive: unseen unless pinned.
            let k = random(1...20)
            let pinned = state.isPinned, unseen = state.unseen
            state.rowsAppended(unseen: k)
            if state.unseen != unseen + (pinned ? 0 : k) { return ["append: unseen \(unseen) → \(state.unseen)"] }
            let heights = (0..<k).map { _ in random(8.0...40) }, ids = (0..<k).map { _ in newID() }
            return contentChanged("append \(k)") { state, content in
                content.heights += heights
                content.ids += ids
                state.refreshRows(content)
            }
        case 10:
            let k = random(1...30)
            let heights = (0..<k).map { _ in random(8.0...40) }, ids = (0..<k).map { _ in newID() }
            return contentChanged("prepend \(k)") { state, content in
                content.heights.insert(contentsOf: heights, at: 0)
                content.ids.insert(contentsOf: ids, at: 0)
                state.rowsPrepended(k)
                state.refreshRows(content)
            }
        case 11:
            guard content.rowCount > 30 else { return frames(1) }
            let k = random(1...20)
            return contentChanged("trim \(k)", trimmed: k) { state, content in
                state.rowsTrimmed(k, content)
                content.heights.removeFirst(k)
                content.ids.removeFirst(k)
                state.refreshRows(content)
            }
        case 12:
            // Estimates corrected: rows around the viewport (or anywhere) measured at other heights.
            let near = content.row(containing: state.y) ?? 0
            let rows = chance(0.7) ? max(0, near - 15)...min(content.rowCount - 1, near + 15) : 0...(content.rowCount - 1)
            let changes = (0..<random(1...12)).map { _ in (random(rows), random(0.0...80)) }
            return contentChanged("estimates") { state, content in
                for (i, height) in changes { content.heights[i] = height }
                state.refreshRows(content)
            }
        case 13:
            // A reload: some rows gone, others inserted, anywhere; the state finds its rows by id.
            let removed = (0..<random(0...6)).map { _ in random(0...(content.rowCount - 1)) }
            let inserted = (0..<random(0...6)).map { _ in (random(0...content.rowCount), newID()) }
            return contentChanged("reload") { state, content in
                for i in Set(removed).sorted(by: >) {
                    content.heights.remove(at: i)
                    content.ids.remove(at: i)
                }
                for (i, id) in inserted {
                    let at = min(i, content.rowCount)
                    content.heights.insert(20, at: at)
                    content.ids.insert(id, at: at)
                }
                state.rowsReloaded(find: { id in content.ids.firstIndex(of: id) })
                state.refreshRows(content)
            }
        case 14:
            let height = random(100.0...600)
            return contentChanged("resize to \(height)") { state, content in
                content.viewportHeight = height
                state.refreshRows(content)
            }
        case 15:
            if chance(0.5) {
                state.rowsReachNewest(chance(0.8))
                return settle("reach newest: \(state.bottomIsLive)")
            }
            state.noteUnseen(random(1...3))
            return settle("unseen elsewhere")
        default: return frames(random(1...10))
        }
    }

    mutating func newID() -> String {
        newRows += 1
        return "a\(newRows)"
    }

    /// `count` frames at 60 fps, each as the list's tick: resolve, advance, resolve. A motion
    /// that ends must end on its goal.
    mutating func frames(_ count: Int) -> [String] {
        var broken: [String] = []
        for _ in 0..<count {
            now += 1.0 / 60
            state.resolve(content, now: now)
            let goal = state.goal, running = state.motion != nil
            state.advance(to: now, content)
            if running, state.motion == nil, let goal {
                let expected = content.y(of: goal)
                if state.y != expected { broken.append("a motion aimed at \(goal) ended at \(state.y), not \(expected)") }
                if goal == .bottom, !state.isPinned { broken.append("a motion ended at the bottom unpinned") }
            }
            broken += settle("frame at \(now)")
        }
        return broken
    }

    mutating func touchpad() -> [String] {
        var broken: [String] = []
        for _ in 0..<random(1...8) {
            let before = state.motion?.position(at: now) ?? state.y   // a running motion stops there
            let delta = chance(0.2) ? random(-1.5...1.5) : random(-60.0...60)   // a nudge, near an edge
            let inside = before >= 0 && before <= content.maxY
            state.touchpadScroll(by: delta, content, now: now)
            let expected = before + delta
            if inside, expected >= 0, expected <= content.maxY, !close(state.y, expected) {
                broken.append("touchpad: \(delta) px moved from \(before) to \(state.y)")
            }
            if state.motion != nil { broken.append("touchpad: a motion runs on under the fingers") }
            broken += settle("touchpad \(delta)")
            now += 0.01
            if chance(0.3) { broken += frames(1) }
        }
        return broken
    }

    mutating func touch() -> [String] {
        var finger = random(0...content.viewportHeight)
        state.beginTouch(at: finger, content, now: now)
        var broken = state.motion == nil ? [] : ["finger down: a motion runs on"]
        broken += settle("finger down at \(finger)")
        for _ in 0..<random(0...8) {
            now += 1.0 / 120
            finger += random(-40.0...40)
            _ = state.moveTouch(to: finger, content, now: now)
            broken += settle("finger to \(finger)")
            if chance(0.2) { broken += modelStep() }   // in the middle of a drag
        }
        if chance(0.8) {
            _ = state.endTouch(content, now: now)
            broken += settle("finger up")
        }
        return broken
    }

    mutating func thumb() -> [String] {
        let size = Size(width: 400, height: content.viewportHeight)
        guard let bar = ListScrollBar(size: size, contentHeight: content.contentHeight, y: state.y, maxY: content.maxY) else {
            return frames(1)
        }
        state.stop(at: now, springBack: true, content)
        state.beginThumbDrag(grab: random(0...bar.thumb.height))
        var broken = settle("thumb taken")
        for _ in 0..<random(1...6) {
            let pointer = random(-50...(content.viewportHeight + 50))
            if let bar = ListScrollBar(size: size, contentHeight: content.contentHeight, y: state.y, maxY: content.maxY) {
                state.dragThumb(pointerAt: pointer, on: bar, content)
                broken += settle("thumb to \(pointer)")
            }
            if chance(0.3) { broken += modelStep() }
        }
        if chance(0.8) {
            state.endThumbDrag()
            broken += settle("thumb let go")
        }
        return broken
    }

    /// A change to the content (`change`, which tells the state), resolved as the list does.
    /// Content changes never unpin, never change the unseen count, and leave the reader's row
    /// where it was on screen with the running motion moved along; the first `trimmed` rows
    /// going hand the reader over to the first row that stays.
    mutating func contentChanged(_ what: String, trimmed: Int = 0,
                                 _ change: (inout ListScrollState, ArrayContent) -> Void) -> [String] {
        let pinned = state.isPinned, unseen = state.unseen
        // The reader's row and where it is on screen; the running motion relative to it.
        var reader: (id: String, screenTop: Double)?
        if case .row(let p) = state.anchor, !state.isThumbDragging {
            let row = p.index >= trimmed ? p.index : trimmed
            if row < content.rowCount { reader = (content.rowID(at: row), content.rowTop(row) - state.y) }
        }
        // A motion inside the bounds, where its position is not clamped to an edge; an animation
        // without a goal (one the thumb let go of, freed while it ran) is left out: its target
        // is clamped to the new bounds.
        var motionAhead: Double?
        if let motion = state.motion, case let position = motion.position(at: now), position > 0, position < content.maxY {
            if case .animation = motion, state.goal == nil {} else { motionAhead = position - state.y }
        }
        change(&state, content)
        var broken = settle(what, told: true)
        // (The thumb held at the top of its track holds the top, whatever the rows do.)
        let held = state.isThumbDragging
        if pinned, !state.isPinned, !held { broken.append("\(what) unpinned the list") }
        if state.unseen != unseen, !held {
            broken.append("\(what) changed the unseen count \(unseen) → \(state.unseen)")
        }
        if let reader, !state.isPinned, let index = content.ids.firstIndex(of: reader.id) {
            let screenTop = content.rowTop(index) - state.y
            // The anchor gives way only when the rows below it no longer fill the viewport.
            let gaveWay = state.y == content.maxY && content.rowTop(index) - reader.screenTop >= content.maxY
            if !close(screenTop, reader.screenTop), !gaveWay {
                broken.append("\(what) moved the reader's row \(reader.id) from \(reader.screenTop) to \(screenTop)")
            }
        }
        // (A motion is also kept within the new bounds: one that would now be past an edge is
        // brought back inside.)
        if let motionAhead, let motion = state.motion, case let moved = state.y + motionAhead,
           moved > 0, moved < content.maxY, !close(motion.position(at: now), moved) {
            broken.append("\(what) moved the motion against the rows: \(motionAhead) → \(motion.position(at: now) - state.y)")
        }
        return broken
    }
}

@Test(arguments: 0..<100) @MainActor func randomSessionsKeepTheScrollStateRules(seed: Int) {
    var session = Session(seed: UInt64(seed))
    for _ in 0..<150 {
        let broken = session.step()
        if !broken.isEmpty {
            Issue.record("seed \(seed): \(broken.joined(separator: "; "))\nafter: \(session.log.suffix(30).joined(separator: " · "))")
            return
        }
    }
}
