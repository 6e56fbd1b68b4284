/// A whole kinetic-scrolling motion after a release: a fling that may run into an edge and hand
/// over to the bounce-back spring, or a spring back from an overscroll, or rest.
///
/// Positions are the scroll offset `y` in logical px, the content bounds are `[minY, maxY]`, and
/// `t` is seconds since the motion began (the release). The motion is a sequence of closed-form
/// pieces (``FlingSimulation``, ``OverscrollSpring``, rest), each starting at a fixed time, so
/// `position(at:)` is a pure function of `t`: sampling at any frame rate gives the same values.
///
/// Meeting an edge: with `Δ` the distance to the edge in the direction of motion, contact happens
/// at `t_c = -ln(1 - Δ·k/|v0|)/k` with speed `|v_c| = |v0| - k·Δ`; from there the overscroll
/// follows ``OverscrollSpring`` with `e0 = 0` and `v = min(|v_c|, 1000·e)`, so it peaks at ≤ 100 px.
///
/// Re-basing: ``shifted(by:)`` moves the whole motion (edges included) by a constant, for content
/// inserted above the anchor; ``withBounds(minY:maxY:at:)`` continues the motion from its state at
/// a given time against new bounds (e.g. `maxY` grew while flinging down).
public struct ScrollMotion: Sendable, Hashable {
    /// An edge of the content.
    public enum Edge: Sendable, Hashable {
        /// `minY`, the top of the loaded content.
        case top
        /// `maxY`, the bottom (newest messages).
        case bottom
    }

    /// What the motion is doing at a given time.
    public enum Phase: Sendable, Hashable {
        /// Decelerating inside the bounds.
        case fling
        /// Past an edge, on the bounce-back spring.
        case overscroll(Edge)
        /// Not moving.
        case rest
    }

    /// Lower bound of the content offset (px).
    public private(set) var minY: Double
    /// Upper bound of the content offset (px).
    public private(set) var maxY: Double
    /// Pieces sorted by start time; never empty.
    private var pieces: [Piece]

    // MARK: - Entry points

    /// A motion that stays at `position`.
    public static func rest(at position: Double, minY: Double, maxY: Double) -> ScrollMotion {
        ScrollMotion(minY: minY, maxY: maxY, pieces: [Piece(start: 0, kind: .rest(position))])
    }

    /// The motion after a drag or touchpad gesture is released at `position` with `velocity`
    /// (px/s, positive: `y` increasing). Inside the bounds it is a fling if
    /// `|velocity| ≥ 50 px/s` (speed clamped to 8000 px/s), otherwise rest; past an edge it is
    /// ``springBack(from:velocity:minY:maxY:)``.
    public static func fling(from position: Double, velocity: Double,
                             minY: Double, maxY: Double) -> ScrollMotion {
        let velocity = velocity.isFinite
            ? min(max(velocity, -FlingSimulation.maximumVelocity), FlingSimulation.maximumVelocity)
            : 0
        return ScrollMotion(minY: minY, maxY: maxY,
                            pieces: plan(at: 0, position: position, velocity: velocity,
                                         minY: minY, maxY: maxY, freshRelease: true))
    }

    /// A release while overscrolled: the spring brings the content back to the edge it is past,
    /// starting from the current overscroll and the release `velocity` (px/s in `y`). An outward
    /// release speed is capped at 1000·e px/s, as for a fling meeting an edge. A `position`
    /// inside the bounds gives rest.
    public static func springBack(from position: Double, velocity: Double,
                                  minY: Double, maxY: Double) -> ScrollMotion {
        guard position > maxY || position < minY else {
            return rest(at: position, minY: minY, maxY: maxY)
        }
        return fling(from: position, velocity: velocity, minY: minY, maxY: maxY)
    }

    private init(minY: Double, maxY: Double, pieces: [Piece]) {
        precondition(minY <= maxY, "ScrollMotion needs minY ≤ maxY")
        self.minY = minY
        self.maxY = maxY
        self.pieces = pieces
    }

    // MARK: - Evaluation

    /// Scroll offset (px) at `t` seconds since the motion began.
    public func position(at t: Double) -> Double {
        let piece = piece(at: t)
        return piece.kind.position(at: t - piece.start)
    }

    /// Velocity (px/s) at `t` seconds since the motion began.
    public func velocity(at t: Double) -> Double {
        let piece = piece(at: t)
        return piece.kind.velocity(at: t - piece.start)
    }

    /// Whether the motion has come to rest at `t` (from ``endTime`` on).
    public func isDone(at t: Double) -> Bool {
        let piece = piece(at: t)
        return piece == pieces[pieces.count - 1] && piece.kind.isDone(at: t - piece.start)
    }

    /// What the motion is doing at `t`.
    public func phase(at t: Double) -> Phase {
        let piece = piece(at: t)
        let local = t - piece.start
        switch piece.kind {
        case .rest: return .rest
        case .fling(let fling): return fling.isDone(at: local) ? .rest : .fling
        case .spring(let spring):
            return spring.spring.isDone(at: local) ? .rest : .overscroll(spring.edge)
        }
    }

    /// The time (s) from which the motion is at rest.
    public var endTime: Double {
        let last = pieces[pieces.count - 1]
        return last.start + last.kind.duration
    }

    /// Where the motion comes to rest (px): exactly the snapped position.
    public var restPosition: Double { pieces[pieces.count - 1].kind.finalPosition }

    // MARK: - Re-basing

    /// The same motion moved by `delta` px: positions, rest position and both bounds all shift by
    /// `delta`, timing is unchanged. Use when content of height `delta` is inserted above the
    /// anchor during the motion (then update the bounds with ``withBounds(minY:maxY:at:)`` if the
    /// top edge did not move).
    public func shifted(by delta: Double) -> ScrollMotion {
        ScrollMotion(minY: minY + delta, maxY: maxY + delta,
                     pieces: pieces.map { Piece(start: $0.start, kind: $0.kind.shifted(by: delta)) })
    }

    /// The motion continued against new bounds from time `t`: before `t` it is unchanged; from
    /// `t` it restarts from the current position and velocity (a fling decays the same way from
    /// any state, so a fling that does not reach the new edges is unchanged, and one heading for
    /// a `maxY` that grew no longer bounces at the old one). If a spring is running and the new
    /// bounds contain the current position, the motion carries on as a fling when still moving
    /// outward and otherwise stops where it is. A position past the new bounds springs back. A
    /// motion already at rest inside the new bounds is unchanged.
    public func withBounds(minY newMinY: Double, maxY newMaxY: Double, at t: Double) -> ScrollMotion {
        let y = position(at: t)
        if isDone(at: t), y >= newMinY, y <= newMaxY {
            return ScrollMotion(minY: newMinY, maxY: newMaxY, pieces: pieces)
        }
        var v = velocity(at: t)
        let current = piece(at: t)
        if case .spring(let spring) = current.kind, y >= newMinY, y <= newMaxY {
            let outward = spring.edge == .bottom ? v : -v
            if outward <= 0 { v = 0 }
        }
        var kept = pieces.filter { $0.start < t }
        kept += Self.plan(at: t, position: y, velocity: v, minY: newMinY, maxY: newMaxY,
                          freshRelease: false)
        return ScrollMotion(minY: newMinY, maxY: newMaxY, pieces: kept)
    }

    // MARK: - Pieces

    private func piece(at t: Double) -> Piece {
        var chosen = pieces[0]
        for piece in pieces.dropFirst() where piece.start <= t { chosen = piece }
        return chosen
    }

    /// The pieces of a motion starting at time `start` from `y`, `v` inside or outside the bounds.
    private static func plan(at start: Double, position y: Double, velocity v: Double,
                             minY: Double, maxY: Double, freshRelease: Bool) -> [Piece] {
        if y > maxY || y < minY {
            let edge: Edge = y > maxY ? .bottom : .top
            let overscroll = edge == .bottom ? y - maxY : minY - y
            let outward = edge == .bottom ? v : -v
            let spring = OverscrollSpring(
                overscroll: overscroll,
                velocity: min(outward, OverscrollSpring.maximumEntryVelocity))
            return [Piece(start: start, kind: .spring(EdgeSpring(edge: edge, edgeY: edge == .bottom ? maxY : minY,
                                                                  spring: spring)))]
        }
        let startVelocity = freshRelease ? FlingSimulation.startVelocity(v) : (v == 0 ? nil : v)
        guard let startVelocity else { return [Piece(start: start, kind: .rest(y))] }
        let fling = FlingSimulation(startPosition: y, startVelocity: startVelocity)
        let end = fling.finalPosition
        if end >= minY && end <= maxY { return [Piece(start: start, kind: .fling(fling))] }

        let edge: Edge = startVelocity > 0 ? .bottom : .top
        let edgeY = edge == .bottom ? maxY : minY
        var result: [Piece] = []
        let distance = abs(edgeY - y)
        if let contact = fling.time(toTravel: distance), contact < fling.restTime {
            if contact > 0 { result.append(Piece(start: start, kind: .fling(fling))) }
            // v_c = |v0| - k·Δ, capped so that the overshoot stays within 100 px.
            let contactSpeed = abs(startVelocity) - FlingSimulation.k * distance
            let spring = OverscrollSpring(
                overscroll: 0, velocity: min(contactSpeed, OverscrollSpring.maximumEntryVelocity))
            result.append(Piece(start: start + contact,
                                kind: .spring(EdgeSpring(edge: edge, edgeY: edgeY, spring: spring))))
        } else {
            // The fling stops less than 0.5 px short of overshooting: it rests on the edge.
            if fling.restTime > 0 { result.append(Piece(start: start, kind: .fling(fling))) }
            result.append(Piece(start: start + fling.restTime, kind: .rest(edgeY)))
        }
        return result
    }
}

extension ScrollMotion {
    /// One closed-form segment of the motion, valid from `start` until the next piece's start.
    fileprivate struct Piece: Sendable, Hashable {
        var start: Double
        var kind: Kind
    }

    fileprivate enum Kind: Sendable, Hashable {
        case rest(Double)
        case fling(FlingSimulation)
        case spring(EdgeSpring)

        func position(at t: Double) -> Double {
            switch self {
            case .rest(let y): return y
            case .fling(let fling): return fling.position(at: t)
            case .spring(let spring): return spring.position(at: t)
            }
        }

        func velocity(at t: Double) -> Double {
            switch self {
            case .rest: return 0
            case .fling(let fling): return fling.velocity(at: t)
            case .spring(let spring): return spring.velocity(at: t)
            }
        }

        func isDone(at t: Double) -> Bool {
            switch self {
            case .rest: return true
            case .fling(let fling): return fling.isDone(at: t)
            case .spring(let spring): return spring.spring.isDone(at: t)
            }
        }

        /// Where the piece comes to rest.
        var finalPosition: Double {
            switch self {
            case .rest(let y): return y
            case .fling(let fling): return fling.finalPosition
            case .spring(let spring): return spring.edgeY
            }
        }

        /// Time from the piece's start until it is at rest.
        var duration: Double {
            switch self {
            case .rest: return 0
            case .fling(let fling): return fling.restTime
            case .spring(let spring): return spring.spring.snapTime
            }
        }

        func shifted(by delta: Double) -> Kind {
            switch self {
            case .rest(let y): return .rest(y + delta)
            case .fling(let fling):
                return .fling(FlingSimulation(startPosition: fling.startPosition + delta,
                                              startVelocity: fling.startVelocity))
            case .spring(let spring):
                return .spring(EdgeSpring(edge: spring.edge, edgeY: spring.edgeY + delta,
                                          spring: spring.spring))
            }
        }
    }

    /// An ``OverscrollSpring`` placed past one edge, in scroll-offset coordinates.
    fileprivate struct EdgeSpring: Sendable, Hashable {
        var edge: Edge
        /// The edge's scroll offset (`maxY` for the bottom, `minY` for the top).
        var edgeY: Double
        var spring: OverscrollSpring

        func position(at t: Double) -> Double {
            edge == .bottom ? edgeY + spring.overscroll(at: t) : edgeY - spring.overscroll(at: t)
        }

        func velocity(at t: Double) -> Double {
            edge == .bottom ? spring.velocity(at: t) : -spring.velocity(at: t)
        }
    }
}
