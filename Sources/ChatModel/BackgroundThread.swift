import Glibc

/// Runs work on a thread of its own, detached: for blocking work (file reads, `accept`) that
/// must not hold the window's thread or an event loop. Foundation's `Thread` would do, but
/// only Foundation's full library has it, and that library loads ICU (see ``LocalZone``).
public enum BackgroundThread {
    /// Starts `body` on a new detached thread; false when no thread could be made (out of
    /// resources), and `body` did not run: the caller decides, since running it in place
    /// would be right for a finite search but would freeze the window with an `accept` loop.
    @discardableResult
    public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Work(body: body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { raw in
            let work = Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue()
            work.body()
            return nil
        }, box)
        guard started == 0 else {
            Unmanaged<Work>.fromOpaque(box).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    private final class Work: Sendable {
        let body: @Sendable () -> Void
        init(body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
