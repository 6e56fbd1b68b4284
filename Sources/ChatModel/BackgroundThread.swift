import Glibc

/// Runs work on a thread of its own, detached: for blocking work (file reads, `accept`) that
/// must not hold the window's thread or an event loop. Foundation's `Thread` would do, but
/// only Foundation's full library has it, and that library loads ICU (see ``LocalZone``).
public enum BackgroundThread {
    /// Starts `body` on a new detached thread.
    public static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Work(body: body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { raw in
            let work = Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue()
            work.body()
            return nil
        }, box)
        // Without a thread (out of resources) the work still runs, on the caller's thread:
        // slower for it, but nothing asked for is dropped.
        guard started == 0 else {
            Unmanaged<Work>.fromOpaque(box).takeRetainedValue().body()
            return
        }
        pthread_detach(thread)
    }

    private final class Work: Sendable {
        let body: @Sendable () -> Void
        init(body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
