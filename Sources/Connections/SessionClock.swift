import FoundationEssentials
import Glibc
import IRCSession

/// The session's time without SDL, for the hub and for whatever runs a model with no window
/// (the integration tests, the bench): seconds on `CLOCK_MONOTONIC_RAW`, counted as SDL's
/// performance counter counts them on Linux (nanoseconds over 10⁹), so that these are the same
/// numbers as the window's `WidgetWindow.now()`; and the wall clock.
public enum SessionClock {
    /// Seconds on the monotonic clock.
    public static func monotonic() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC_RAW, &now)
        return Double(UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)) / 1e9
    }

    /// The session time now.
    public static func now() -> SessionTime {
        SessionTime(monotonic: monotonic(), wall: Date())
    }
}
