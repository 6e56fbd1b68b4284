import ChatModel
import Glibc
import Synchronization

/// Changes Natter makes to its configuration file, made one after another on a thread of their
/// own: each reads the file as it is now, edits it in place (``TOMLEditor``) and writes it whole
/// (``ConfigFile``). One at a time, in the order asked, so two changes made close together
/// (an alias, a channel joined) never undo each other; off the window's thread, so a slow disk
/// never holds a frame. What failed is kept for the window to say (``takeFailures()``).
public final class ConfigEditQueue: Sendable {
    /// One change to the text of the file.
    public typealias Edit = @Sendable (inout TOMLEditor) throws(TOMLEditError) -> Void

    private struct State {
        var edits: [(what: String, edit: Edit)] = []
        var running = false
        var failures: [String] = []
        var done = 0
    }
    private let state = Mutex(State())
    private let path: String
    private let wakeUp: @Sendable () -> Void

    /// A queue for the file at `path`; `wakeUp` is called (on the writing thread) after a
    /// change failed, so the window takes the failure soon.
    public init(path: String, wakeUp: @escaping @Sendable () -> Void = {}) {
        self.path = path
        self.wakeUp = wakeUp
    }

    /// Makes `edit` soon; `what` names it in a failure ("the alias /greet").
    public func edit(_ what: String, _ edit: @escaping Edit) {
        let start = state.withLock { state -> Bool in
            state.edits.append((what, edit))
            guard !state.running else { return false }
            state.running = true
            return true
        }
        guard start else { return }
        if !BackgroundThread.start({ self.run() }) { run() }
    }

    /// The failures since the last call, each a sentence.
    public func takeFailures() -> [String] {
        state.withLock { state in
            defer { state.failures = [] }
            return state.failures
        }
    }

    /// How many edits were made or failed so far (tests wait on it).
    public var finished: Int { state.withLock { $0.done } }

    /// Waits until every edit asked for is made: for the end of the run.
    public func waitUntilIdle() {
        while state.withLock({ $0.running }) { usleep(2_000) }
    }

    /// Makes `edit` only on a file that reads as Natter's configuration, and keeps it only if
    /// the result still does: a file the user is in the middle of mending (the app runs on the
    /// last one that worked) is not touched, and a value the reader would refuse (a channel
    /// name it does not take) never makes the next start fail.
    static func checked(_ edit: Edit, on editor: inout TOMLEditor, file: String) throws(TOMLEditError) {
        do { _ = try ConfigLoader.parse(editor.text, file: file) } catch {
            throw TOMLEditError("\(error); the file is left as it is until it reads again")
        }
        try edit(&editor)
        do { _ = try ConfigLoader.parse(editor.text, file: file) } catch {
            throw TOMLEditError("the change would not read back (\(error)); the file is left as it is")
        }
    }

    private func run() {
        while let next = state.withLock({ state -> (what: String, edit: Edit)? in
            guard !state.edits.isEmpty else {
                state.running = false
                return nil
            }
            return state.edits.removeFirst()
        }) {
            var failure: String?
            do {
                try ConfigFile.edit(path) { (editor: inout TOMLEditor) throws(TOMLEditError) in
                    try Self.checked(next.edit, on: &editor, file: path)
                }
            } catch {
                failure = "\(next.what) is kept for this run only: \(error)"
            }
            state.withLock { state in
                if let failure { state.failures.append(failure) }
                state.done += 1
            }
            if failure != nil { wakeUp() }
        }
    }
}
