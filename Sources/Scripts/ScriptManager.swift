import ChatModel
import FoundationEssentials
import Glibc
import IRCSession
import Scripting

/// The user's Lua scripts, loaded into the model's hook points (``ChatModel/scripts``): it loads
/// and unloads them, calls their hooks within their bounds, and carries out what they ask once
/// their callbacks have returned (``service(now:)``, from the app's loop).
///
/// Everything runs on the UI thread. A script whose calls are stopped by its time or memory
/// bound ``stopsAllowed`` times is unloaded; a Lua error is reported and goes no further.
public final class ScriptManager: ScriptHooks {
    /// Stops by a bound after which a script is unloaded.
    public static let stopsAllowed = 3
    /// Actions carried out per ``service(now:)`` at most: scripts answering each other's lines
    /// cannot hold a frame; the rest wait for the next service.
    static let actionsPerService = 1000
    /// How long one service may carry out actions (each may run raw-out hooks) before it
    /// leaves the rest for the next wake-up: the frame comes first.
    static let serviceBudget: Duration = .milliseconds(25)
    /// Actions, and their bytes, that may wait at once.
    static let mostWaiting = 10_000
    static let mostWaitingBytes = 8 << 20
    /// Stores are written at most this often (and when a script goes, and at the end).
    static let storeInterval = 2.0

    /// The model whose hook points these are (it refers back weakly: ``ChatModel/scripts``).
    let model: ChatModel
    public let folders: ScriptFolders
    let limits: LuaScript.Limits
    let wakeUp: @Sendable () -> Void
    /// Monotonic seconds for timers (the app's clock; tests give a virtual one).
    let clock: () -> Double
    /// Loaded scripts, in the order they were loaded.
    var scripts: [LoadedScript] = []
    /// The hook points some live script wants (read by the model for every line).
    public var hooked: ScriptHookSet {
        rebuildIfStale()
        return builtHooked
    }
    /// Every live script's hooks by kind, in load order then creation order, so a message
    /// costs no search: rebuilt once after hooks change (a script making hundreds of hooks
    /// in a row pays for one rebuild, not one per hook).
    var lists: HookLists {
        rebuildIfStale()
        return builtLists
    }
    /// The message hooks alone (asked for every message: no copy of all the lists).
    var messageHooks: [HookLists.Entry] {
        rebuildIfStale()
        return builtLists.message
    }
    private var builtHooked: ScriptHookSet = []
    private var builtLists = HookLists()
    private var listsStale = false
    /// What scripts asked for, carried out at the next service.
    var actions: [ScriptAction] = []
    /// Called at a service after scripts declared settings or went (the settings screen shows
    /// scripts' settings: the app has it look again).
    public var onSettingsDeclared: (() -> Void)?
    var settingsDeclared = false
    /// While a service carries out actions: the index of the next one (those before are done
    /// and removed when it ends).
    var nextAction = 0
    /// The bytes of text the waiting actions hold.
    var actionBytes = 0
    /// When the stores were last written (the clock's seconds).
    var storesSaved = -Double.infinity
    /// Events that came while a script was running, told once it returns.
    var heldEvents: [ScriptEvent] = []
    /// How deep script calls are nested now (a call out of a hook point).
    var running = 0
    /// The folders' watcher and the timers' alarm (nil in tests that do not watch).
    var waker: ScriptWaker?
    /// Finished programs started by `natter.run`, handed over by their threads.
    let finished = FinishedRuns()
    /// Programs running for scripts: who asked, and what to call back.
    var runs: [Int: (WeakBox<LoadedScript>, LuaFunction)] = [:]
    var nextRun = 0

    /// A manager for `model`'s scripts, found in `folders`; it sets itself as `model.scripts`.
    /// `watch`: reload a loaded script when its file changes, and wake the loop for timers.
    public init(model: ChatModel, folders: ScriptFolders, limits: LuaScript.Limits = .init(),
                clock: (() -> Double)? = nil, watch: Bool = true, wakeUp: @escaping @Sendable () -> Void = {}) {
        self.model = model
        self.folders = folders
        self.limits = limits
        self.wakeUp = wakeUp
        let start = ContinuousClock.now
        self.clock = clock ?? { (ContinuousClock.now - start) / .seconds(1) }
        if watch {
            // Made where missing, so they can be watched (and found: /script list names them).
            _ = makeFolders(folders.autoload)
            waker = ScriptWaker(folders: [folders.scripts, folders.autoload], wakeUp: wakeUp)
            if waker == nil {
                ask(.report("scripts: no thread to wake the window for timers: they run only when something else wakes it", network: nil))
            } else if waker?.watchesFiles == false {
                ask(.report("scripts: their files are not watched (no inotify instance left): /script reload NAME after an edit", network: nil))
            }
        }
        model.scripts = self
    }

    deinit { stop() }

    /// Stops watching; what the stores hold is written.
    public func stop() {
        waker?.stop()
        waker = nil
        for script in scripts { _ = script.store.save() }
    }

    /// The names of the scripts loaded.
    public var loadedScripts: [String] { scripts.map(\.name) }

    /// The names of the scripts in the folders (`NAME.lua`), loaded or not.
    public var availableScripts: [String] {
        var names: [String] = []
        for folder in [folders.scripts, folders.autoload] {
            for file in Self.files(in: folder) where file.hasSuffix(".lua") {
                let name = String(file.dropLast(4))
                if !names.contains(name) { names.append(name) }
            }
        }
        return names.sorted()
    }

    /// Loads every script in the autoload folder, in name order; failures are reported.
    public func loadAutoload() {
        for file in Self.files(in: folders.autoload).sorted() where file.hasSuffix(".lua") {
            if case .failure(let failure) = load(folders.autoload + "/" + file) {
                ask(.report(failure.description, network: nil))
            }
        }
    }

    /// Loads a script: `nameOrPath` is a script's name (`NAME.lua` in the scripts folder, else
    /// in autoload) or a file's path. Its body runs now. Returns the name it loaded as. A
    /// script of the same name already loaded is unloaded first (a reload).
    @discardableResult
    public func load(_ nameOrPath: String) -> Result<String, ScriptLoadFailure> {
        let path = resolve(nameOrPath)
        let source: String
        switch Self.read(path) {
        case .success(let text): source = text
        case .failure(let failure): return .failure(ScriptLoadFailure("no script \(nameOrPath): \(path) cannot be read (\(failure))"))
        }
        let fileName = LoadedScript.fileName(of: path)
        let header: ScriptHeader
        do {
            header = try ScriptHeader(parsing: source, fileName: fileName)
        } catch {
            // No name in the header: the file's name is the script's.
            guard !source.contains("name:") || error.reason.hasPrefix("the header names no script") else {
                return .failure(ScriptLoadFailure(error.description))
            }
            header = ScriptHeader(name: fileName.hasSuffix(".lua") ? String(fileName.dropLast(4)) : fileName)
        }
        let name = header.name
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            return .failure(ScriptLoadFailure("\(fileName): a script's name holds letters, digits, '-' and '_' only, not \(name)"))
        }
        // The script of that name, and the one read from that file (its header's name changed).
        for old in scripts where old.name == name || old.path == path { unload(old) }
        let lua: LuaScript
        do {
            lua = try LuaScript(source: source, fileName: fileName, limits: limits)
        } catch {
            return .failure(ScriptLoadFailure("script \(name) does not load: \(error)"))
        }
        let script = LoadedScript(name: name, path: path, header: header, lua: lua,
                                  store: ScriptStore(path: folders.state + "/" + name + ".json"))
        script.source = source
        if let problem = script.store.problem { ask(.report("script \(name): \(problem)", network: nil)) }
        script.memorySettings = model.scriptSettings?.values(of: name) ?? [:]
        ScriptAPI.install(in: script, manager: self)
        scripts.append(script)
        running += 1
        defer {
            running -= 1
            if running == 0 { tellHeldEvents() }
        }
        do {
            try lua.run()
        } catch {
            scripts.removeAll { $0 === script }
            model.scriptSettings?.forget(script: name)
            updateHooked()
            return .failure(ScriptLoadFailure("script \(name) failed as it loaded: \(error)"))
        }
        updateHooked()
        waker?.watch(path: path)
        return .success(name)
    }

    /// Unloads script `name`: its hooks, commands and timers go with its state; its settings
    /// and store stay for the next load.
    public func unload(_ name: String) {
        guard let script = scripts.first(where: { $0.name == name }) else { return }
        unload(script)
    }

    /// Unloads this instance of a script (if it is still loaded).
    func unload(_ script: LoadedScript) {
        guard let index = scripts.firstIndex(where: { $0 === script }) else { return }
        scripts.remove(at: index)
        script.isLeaving = true
        if let problem = script.store.save() { ask(.report("script \(script.name): \(problem)", network: nil)) }
        model.scriptSettings?.forget(script: script.name)
        settingsDeclared = true
        updateHooked()
        scheduleAlarm()
    }

    /// Runs what is due: finished programs' callbacks, reloads of edited files, timers; then
    /// carries out what the scripts asked for, and writes their stores.
    public func service(now: SessionTime) {
        for run in finished.take() { deliver(run) }
        for path in waker?.takeChanged() ?? [] { reloadEdited(path) }
        runDueTimers()
        let started = ContinuousClock.now
        // By index, and the done ones removed at the end: removing the first of a long queue
        // one by one is quadratic. What an action makes scripts ask joins the end meanwhile.
        nextAction = 0
        while nextAction < actions.count && nextAction < Self.actionsPerService && ContinuousClock.now - started < Self.serviceBudget {
            let action = actions[nextAction]
            nextAction += 1
            actionBytes -= action.size
            perform(action, now: now)
        }
        actions.removeFirst(nextAction)
        nextAction = 0
        if !actions.isEmpty { wakeUp() }
        if settingsDeclared {
            settingsDeclared = false
            onSettingsDeclared?()
        }
        if clock() - storesSaved >= Self.storeInterval {
            storesSaved = clock()
            for script in scripts {
                if let problem = script.store.save() { perform(.report("script \(script.name): \(problem)", network: nil), now: now) }
            }
        }
        scheduleAlarm()
    }

    /// A loaded script's file changed: it is loaded again from it (nothing of its state stays
    /// but its settings and store); a version that fails leaves it unloaded, and says why.
    func reloadEdited(_ path: String) {
        guard let script = scripts.first(where: { $0.path == path }) else { return }
        // Removed or being replaced: the new file brings its own event.
        guard case .success(let text) = Self.read(path) else { return }
        // The text as it was loaded (the write before a /script load, seen after it).
        if text == script.source { return }
        switch load(path) {
        case .success(let name): ask(.report("script \(name) reloaded: its file changed", network: nil))
        case .failure(let failure): ask(.report("\(failure) (script \(script.name) stays unloaded)", network: nil))
        }
    }

    /// Hooks changed: ``hooked`` and ``lists`` are made again when next asked.
    func updateHooked() {
        listsStale = true
    }

    private func rebuildIfStale() {
        guard listsStale else { return }
        listsStale = false
        var lists = HookLists()
        var set: ScriptHookSet = []
        for script in scripts where !script.isLeaving {
            for (_, hook) in script.hooks.sorted(by: { $0.key < $1.key }) {
                set.formUnion(hook.set)
                switch hook {
                case .message(let function): lists.message.append((script, function))
                case .rawIn(let function): lists.rawIn.append((script, function))
                case .rawOut(let function): lists.rawOut.append((script, function))
                case .send(let function): lists.send.append((script, function))
                case .event(let name, let function): lists.events[name, default: []].append((script, function))
                case .command, .timer: break
                }
            }
        }
        builtLists = lists
        builtHooked = set
    }

    /// Queues an action and makes sure the loop comes round to carry it out.
    func ask(_ action: ScriptAction) {
        actions.append(action)
        actionBytes += action.size
        // Once per batch: the loop takes them all at its next service.
        if actions.count == 1 { wakeUp() }
    }

    /// Queues what a script asked for, while the queue has room: what waits is held in Swift,
    /// outside the script's memory bound, so its length and bytes are bounded here.
    func request(_ action: ScriptAction, _ arguments: ScriptArguments) throws(ScriptAPIError) {
        // A setting saved again before the first was written: only the last is written (each
        // write reads the whole file back).
        if case .setSetting(let script, let key, _) = action,
           let earlier = actions[nextAction...].firstIndex(where: { if case .setSetting(script, key, _) = $0 { true } else { false } }) {
            actionBytes -= actions[earlier].size
            actions.remove(at: earlier)
        }
        guard actions.count < Self.mostWaiting, actionBytes + action.size <= Self.mostWaitingBytes else {
            throw arguments.fail("too much is waiting to be done (\(actions.count) actions): the script asks faster than Natter carries out")
        }
        ask(action)
    }

    /// A buffer's name as scripts know it: the name shown, "" for the server buffer.
    func apiName(_ id: BufferID) -> String {
        guard let buffer = model.buffer(id) else { return id.name }
        return buffer.kind == .server ? "" : buffer.name
    }

    /// The path `nameOrPath` names.
    func resolve(_ nameOrPath: String) -> String {
        if nameOrPath.hasPrefix("~/") { return (ProcessEnvironment.home ?? "") + nameOrPath.dropFirst(1) }
        if nameOrPath.contains("/") { return nameOrPath }
        let file = nameOrPath.hasSuffix(".lua") ? nameOrPath : nameOrPath + ".lua"
        let main = folders.scripts + "/" + file
        if access(main, R_OK) == 0 { return main }
        let autoload = folders.autoload + "/" + file
        return access(autoload, R_OK) == 0 ? autoload : main
    }

    /// A script file's text (at most 4 MiB), or why it cannot be read.
    static func read(_ path: String) -> Result<String, FileBytes.Failure> {
        FileBytes.read(path, limit: 4 << 20).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The names in a folder (none when it cannot be read).
    static func files(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}

/// The hooks of every live script, by kind.
struct HookLists {
    typealias Entry = (script: LoadedScript, function: LuaFunction)
    var message: [Entry] = []
    var rawIn: [Entry] = []
    var rawOut: [Entry] = []
    var send: [Entry] = []
    var events: [String: [Entry]] = [:]
}

/// Why a script did not load, in words for the user.
public struct ScriptLoadFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// The home folder, for `~/` in paths scripts and `/script load` give.
enum ProcessEnvironment {
    static var home: String? { getenv("HOME").map { String(cString: $0) } }
}
