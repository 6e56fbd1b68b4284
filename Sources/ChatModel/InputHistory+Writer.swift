import Glibc
import Synchronization

/// Writes the input history to its file as lines are sent, on a thread of its own, so that a
/// crash or a killed session loses at most the line being written, and the window never waits
/// on the disk (`fsync` can take long on a busy one). Writes never overlap and never go back in
/// time: while one runs, only the newest history asked for is kept, and written next.
public final class InputHistoryWriter: Sendable {
    private struct State {
        var pending: InputHistory?
        var writing = false
    }
    private let state = Mutex(State())
    private let path: String
    private let report: @Sendable (HistoryFileError) -> Void

    /// A writer to `path`; `report` hears of a write that failed (on the writing thread).
    public init(path: String, report: @escaping @Sendable (HistoryFileError) -> Void) {
        self.path = path
        self.report = report
    }

    /// Writes `history` soon, off the caller's thread.
    public func keep(_ history: InputHistory) {
        let start = state.withLock { state -> Bool in
            state.pending = history
            guard !state.writing else { return false }
            state.writing = true
            return true
        }
        guard start else { return }
        // No thread to be had: written here, late rather than lost.
        if !BackgroundThread.start({ self.writePending() }) { writePending() }
    }

    /// Writes `history` now, after any write under way: for the end of the run.
    public func finish(_ history: InputHistory) {
        keep(history)
        while state.withLock({ $0.writing }) { usleep(2_000) }
    }

    /// Whether a write is under way or waiting.
    public var isWriting: Bool { state.withLock { $0.writing } }

    private func writePending() {
        while let history = state.withLock({ state -> InputHistory? in
            defer { state.pending = nil }
            if state.pending == nil { state.writing = false }
            return state.pending
        }) {
            do {
                try history.save(path: path)
            } catch let error as HistoryFileError {
                report(error)
            } catch {
                report(HistoryFileError(path: path, code: EIO))
            }
        }
    }
}
