import SDLBackend
import Testing

/// Frames while a flood is taken in: at most one per busy interval, none held back while the
/// user interacts, a motion runs or the app has caught up.
struct FramePacingTests {
    @Test func framesWhileBehindAreAtLeastTheBusyIntervalApart() {
        var pacing = FramePacing(busyInterval: 0.05, interactionGrace: 0.5)
        #expect(pacing.deferral(now: 10, behind: true, wakeDue: nil) == nil, "the first frame is never held")
        pacing.noteFrame(at: 10)
        #expect(abs((pacing.deferral(now: 10.02, behind: true, wakeDue: nil) ?? 0) - 10.05) < 1e-9)
        #expect(pacing.deferral(now: 10.051, behind: true, wakeDue: nil) == nil)
        #expect(pacing.deferral(now: 10.2, behind: true, wakeDue: nil) == nil)
    }

    @Test func aCaughtUpAppDrawsAtOnce() {
        var pacing = FramePacing(busyInterval: 0.05)
        pacing.noteFrame(at: 10)
        #expect(pacing.deferral(now: 10.001, behind: false, wakeDue: nil) == nil)
    }

    @Test func inputAndMotionsAreNeverHeldBack() {
        var pacing = FramePacing(busyInterval: 0.05, interactionGrace: 0.5)
        pacing.noteFrame(at: 10)
        pacing.noteInput(at: 9.8)
        #expect(pacing.deferral(now: 10.01, behind: true, wakeDue: nil) == nil, "input 0.21 s ago, 10 ms after a frame")
        pacing.noteFrame(at: 10.01)
        #expect(pacing.deferral(now: 10.02, behind: true, wakeDue: nil) == nil, "input 0.22 s ago")
        pacing.noteFrame(at: 10.31)
        #expect(abs((pacing.deferral(now: 10.32, behind: true, wakeDue: nil) ?? 0) - 10.36) < 1e-9, "input is 0.52 s old: paced")
        #expect(pacing.deferral(now: 10.32, behind: true, wakeDue: 10.336) == nil, "a motion wants its next frame")
        #expect(abs((pacing.deferral(now: 10.32, behind: true, wakeDue: 10.8) ?? 0) - 10.36) < 1e-9, "a caret blink far away")
    }
}
