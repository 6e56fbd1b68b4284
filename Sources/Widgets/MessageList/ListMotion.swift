import ScrollPhysics

/// A running scroll motion of the message list, evaluated as a pure function of time.
enum ListMotion: Sendable {
    /// A fling or spring (after a touch release or touchpad momentum) that began at `start` (s).
    case kinetic(ScrollMotion, start: Double)
    /// An animated scroll (wheel notches, keys, the pill, a jump to a row).
    case animation(WheelAnimation)

    /// Position (px) at `time`.
    func position(at time: Double) -> Double {
        switch self {
        case .kinetic(let motion, let start): motion.position(at: time - start)
        case .animation(let animation): animation.position(at: time)
        }
    }

    /// Velocity (px/s, positive towards newer messages) at `time`.
    func velocity(at time: Double) -> Double {
        switch self {
        case .kinetic(let motion, let start): motion.velocity(at: time - start)
        case .animation(let animation): animation.velocity(at: time)
        }
    }

    /// Whether the motion is over at `time`.
    func isDone(at time: Double) -> Bool {
        switch self {
        case .kinetic(let motion, let start): motion.isDone(at: time - start)
        case .animation(let animation): animation.isDone(at: time)
        }
    }

    /// The same motion moved by `delta` px (rows inserted or measured above the anchor).
    func shifted(by delta: Double) -> ListMotion {
        switch self {
        case .kinetic(let motion, let start): .kinetic(motion.shifted(by: delta), start: start)
        case .animation(let animation): .animation(animation.shifted(by: delta))
        }
    }
}

/// A finger on the list: within the slop it is a tap; past it, a drag that scrolls.
struct TouchState: Sendable {
    /// The slop detector.
    var drag: TouchDrag
    /// The unbounded (pre-rubber-band) scroll offset when the drag began.
    var rawOrigin: Double
    /// Recent positions (in scroll direction: the negated finger y) for the release velocity.
    var tracker = VelocityTracker()
}
