/// When the window loop draws while the app is behind on work that keeps coming (a flood of
/// network events, drained a batch per wake-up): at most one frame per ``busyInterval``
/// instead of one per batch. Each frame of a flood lays out and renders a screenful of rows
/// that were never drawn, and no one reads text scrolling past at 40 frames a second; the
/// time goes to taking the flood in instead.
///
/// Nothing is held back while the user interacts (input within ``interactionGrace``) or a
/// motion is running (a wake-up due sooner than a busy frame), and never when the app has
/// caught up: the frame after the last batch is drawn at once. A pure value, driven with
/// times in seconds.
public struct FramePacing: Sendable {
    /// The shortest time between frames while behind.
    public var busyInterval: Double
    /// How long after the user's last input every frame is drawn.
    public var interactionGrace: Double
    /// When the last frame was drawn.
    public private(set) var lastFrame: Double?
    /// When the user last gave input.
    public private(set) var lastInput: Double?

    /// Pacing with the given intervals (20 frames a second while behind).
    public init(busyInterval: Double = 1.0 / 20, interactionGrace: Double = 0.5) {
        self.busyInterval = busyInterval
        self.interactionGrace = interactionGrace
    }

    /// A frame was drawn at `time`.
    public mutating func noteFrame(at time: Double) { lastFrame = time }

    /// The user gave input (a key, the mouse, a finger) at `time`.
    public mutating func noteInput(at time: Double) { lastInput = time }

    /// Nil when the next frame should be drawn now; otherwise the time to draw it at the
    /// latest. `behind`: work arrived that is not taken yet. `wakeDue`: when a timer or
    /// motion of the widgets wants the next frame, if any.
    public func deferral(now: Double, behind: Bool, wakeDue: Double?) -> Double? {
        guard behind, let lastFrame else { return nil }
        if let lastInput, now - lastInput < interactionGrace { return nil }
        if let wakeDue, wakeDue - now < busyInterval { return nil }
        let next = lastFrame + busyInterval
        return now >= next ? nil : next
    }
}
