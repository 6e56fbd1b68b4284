import SDLBackend
import Testing

/// When the window closes the font faces and trims the heap: once, a delay after the last new text.
struct IdleReleaseTests {
    @Test func dueADelayAfterTheLastNewTextAndOnce() {
        var release = IdleRelease(delay: 1)
        #expect(release.due == nil)
        let idle = release.take(now: 100)
        #expect(!idle, "nothing rendered: nothing to release")
        release.noteNewText(at: 10)
        release.noteNewText(at: 10.6)
        #expect(release.due == 11.6)
        let early = release.take(now: 11.5)
        #expect(!early)
        let due = release.take(now: 11.6)
        #expect(due)
        #expect(release.due == nil)
        let again = release.take(now: 20)
        #expect(!again, "once a burst: a quiet window is not woken again")
    }
}
