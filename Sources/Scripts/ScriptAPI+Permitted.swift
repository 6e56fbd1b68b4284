import ChatModel
import FoundationExtras
import Glibc
import Scripting
import Synchronization

extension Installer {
    /// `natter.read_file`, `write_file` (permission "files") and `natter.run` (permission
    /// "processes"): outside the sandbox, only where the user granted it.
    func permitted() {
        define("read_file") { script, manager, arguments in
            try manager.require(.files, of: script, arguments)
            let path = manager.expand(try arguments.string(0, "path"))
            switch FileBytes.read(path, limit: ScriptManager.fileLimit) {
            case .success(let bytes): return [.string(String(decoding: bytes, as: UTF8.self))]
            case .failure(let failure): throw arguments.fail("\(path): \(failure)")
            }
        }
        define("write_file") { script, manager, arguments in
            try manager.require(.files, of: script, arguments)
            let path = manager.expand(try arguments.string(0, "path"))
            let text = try arguments.string(1, "text")
            let append = try arguments.bool(2, "append", default: false)
            if let failure = FileBytes.write(Array(text.utf8), to: path, appending: append) { throw arguments.fail("\(path): \(failure)") }
            return []
        }
        define("run") { script, manager, arguments in
            try manager.require(.processes, of: script, arguments)
            let argv = try arguments.strings(0, "argv")
            guard !argv.isEmpty, !argv[0].isEmpty else { throw arguments.fail("argv names no program") }
            let function = try arguments.function(1, "callback")
            guard manager.runs.values.filter({ $0.0.value === script }).count < ScriptManager.mostRuns else {
                throw arguments.fail("a script runs at most \(ScriptManager.mostRuns) programs at once")
            }
            manager.start(argv, for: script, callback: function)
            return []
        }
    }
}

extension ScriptManager {
    static let fileLimit = 16 << 20
    /// Programs one script may have running at once.
    static let mostRuns = 4

    /// Raises a Lua error unless the user granted `script` `permission`.
    func require(_ permission: ScriptPermission, of script: LoadedScript, _ arguments: ScriptArguments) throws(ScriptAPIError) {
        guard model.scriptSettings?.permissions(of: script.name).contains(permission) == true else {
            throw arguments.fail("script \(script.name) has no permission \"\(permission.rawValue)\"; the user grants it with "
                                 + "/set scripts.\(script.name).permissions \(permission.rawValue)")
        }
    }

    /// `~/…` under the home folder.
    func expand(_ path: String) -> String {
        path.hasPrefix("~/") ? (ProcessEnvironment.home ?? "") + path.dropFirst(1) : path
    }

    /// Starts `argv` on a thread of its own; its outcome comes back through ``finished`` and
    /// the callback runs at a later service.
    func start(_ argv: [String], for script: LoadedScript, callback: LuaFunction) {
        nextRun += 1
        let id = nextRun
        runs[id] = (WeakBox(script), callback)
        let finished = self.finished, wakeUp = self.wakeUp
        let started = BackgroundThread.start {
            let outcome = Subprocess.run(argv, timeout: 10, outputLimit: 1 << 20)
            let run: FinishedRun = switch outcome {
            case .exited(let status, let output): FinishedRun(id: id, status: Int(status), output: Array(output.prefix(1 << 20)), timedOut: false, started: true)
            case .timedOut: FinishedRun(id: id, status: -1, output: [], timedOut: true, started: true)
            case .notStarted: FinishedRun(id: id, status: -1, output: [], timedOut: false, started: false)
            }
            finished.add(run)
            wakeUp()
        }
        if !started { finished.add(FinishedRun(id: id, status: -1, output: [], timedOut: false, started: false)) }
    }

    /// Calls back the script that started a finished program.
    func deliver(_ run: FinishedRun) {
        guard let (box, callback) = runs.removeValue(forKey: run.id), let script = box.value, !script.isLeaving else { return }
        guard run.started else {
            ask(.report("script \(script.name): natter.run: the program could not be started", network: nil))
            return
        }
        call(script, callback, [.fields(["status": .integer(Int64(run.status)),
                                         "output": .string(String(decoding: run.output, as: UTF8.self)),
                                         "timed_out": .bool(run.timedOut)])])
    }
}

/// A program `natter.run` started, finished.
struct FinishedRun: Sendable {
    let id: Int
    let status: Int
    let output: [UInt8]
    let timedOut: Bool
    let started: Bool
}

/// Finished programs, handed from their threads to the loop.
final class FinishedRuns: Sendable {
    private let runs = Mutex<[FinishedRun]>([])
    func add(_ run: FinishedRun) { runs.withLock { $0.append(run) } }
    func take() -> [FinishedRun] { runs.withLock { runs in defer { runs.removeAll() }; return runs } }
}
