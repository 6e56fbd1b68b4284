import ChatModel
import FoundationExtras
import Glibc
import Synchronization

/// The scripts' thread that wakes the loop: when a script file in a watched folder is written
/// (inotify; a burst read as one change after 100 ms of quiet), and when the next timer is due.
/// The loop takes the changed paths (``takeChanged()``) and runs the timers itself.
final class ScriptWaker: Sendable {
    private struct State {
        var changed: Set<String> = []
        var alarm: ContinuousClock.Instant?
        var toWatch: [String] = []
        var stopping = false
        var finished = false
    }
    private let state = Mutex(State())
    private let descriptors: WatchDescriptors
    private var inotify: Int32 { descriptors.inotify }
    /// Whether saved files are noticed (inotify could be had).
    var watchesFiles: Bool { descriptors.inotify >= 0 }

    /// Watches `folders` (those that exist); nil when no thread or descriptor could be made.
    /// Without inotify (``watchesFiles`` false) the alarm still rings.
    init?(folders: [String], wakeUp: @escaping @Sendable () -> Void) {
        guard let descriptors = WatchDescriptors.make(requiringInotify: false) else { return nil }
        self.descriptors = descriptors
        state.withLock { $0.toWatch = folders }
        guard BackgroundThread.start({ [self] in self.run(wakeUp: wakeUp) }) else {
            descriptors.closeAll()
            state.withLock { $0.finished = true; $0.stopping = true }
            return nil
        }
    }

    /// Watches the folder of `path` too (a script loaded from elsewhere).
    func watch(path: String) {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        state.withLock { $0.toWatch.append(folder.isEmpty ? "/" : folder) }
        poke()
    }

    /// Wakes the loop `seconds` from now (nil: no timer is waiting).
    func setAlarm(after seconds: Double?) {
        // At most a day ahead (the loop comes round again by then): a timer of 1e300 seconds
        // would not fit Int64's milliseconds, which traps.
        let alarm = seconds.map { ContinuousClock.now + .milliseconds(Int64(min(max(0, $0), 86_400) * 1000) + 1) }
        let changed = state.withLock { state -> Bool in
            defer { state.alarm = alarm }
            return state.alarm != alarm
        }
        if changed { poke() }
    }

    /// The script files written since the last call.
    func takeChanged() -> [String] {
        state.withLock { state in
            defer { state.changed = [] }
            return state.changed.sorted()
        }
    }

    /// Stops the thread (waiting up to a second for it).
    func stop() {
        state.withLock { $0.stopping = true }
        poke()
        let deadline = ContinuousClock.now + .seconds(1)
        while !state.withLock({ $0.finished }), ContinuousClock.now < deadline { usleep(1_000) }
    }

    private func poke() {
        state.withLock { state in
            guard !state.finished else { return }
            descriptors.poke()
        }
    }

    private func run(wakeUp: @Sendable () -> Void) {
        var folders: [Int32: String] = [:]
        var pending: Set<String> = []
        var quietUntil: ContinuousClock.Instant?
        while true {
            let (stopping, toWatch, alarm) = state.withLock { state in
                defer { state.toWatch = [] }
                return (state.stopping, state.toWatch, state.alarm)
            }
            if stopping { break }
            for folder in toWatch where !folders.values.contains(folder) {
                let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)
                let descriptor = inotify_add_watch(inotify, folder, mask)
                if descriptor >= 0 { folders[descriptor] = folder }
            }
            let now = ContinuousClock.now
            let next = [alarm, quietUntil].compactMap { $0 }.min()
            let timeout: Int32 = next.map { Int32(min(86_400_000, max(0, ($0 - now) / .milliseconds(1)).rounded(.up))) } ?? -1
            var polled = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                          pollfd(fd: descriptors.pipeRead, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&polled, 2, timeout)
            if ready < 0 && errno != EINTR { break }
            if polled[1].revents != 0 { descriptors.drainPipe() }
            if polled[0].revents != 0 {
                pending.formUnion(drain(folders))
                quietUntil = ContinuousClock.now + .milliseconds(100)
            }
            let later = ContinuousClock.now
            var wake = false
            if let quiet = quietUntil, later >= quiet {
                quietUntil = nil
                let written = pending
                pending = []
                state.withLock { $0.changed.formUnion(written) }
                wake = !written.isEmpty
            }
            if let alarm, later >= alarm {
                state.withLock { if $0.alarm == alarm { $0.alarm = nil } }
                wake = true
            }
            if wake { wakeUp() }
        }
        state.withLock { state in
            descriptors.closeAll()
            state.finished = true
        }
    }

    /// The `.lua` files the queued events name, as paths.
    private func drain(_ folders: [Int32: String]) -> Set<String> {
        var paths: Set<String> = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            guard count > 0 else { return paths }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (descriptor, length, name) = buffer.withUnsafeBytes { raw -> (Int32, Int, String) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let start = offset + MemoryLayout<inotify_event>.size
                    let bytes = raw[start..<min(count, start + Int(event.len))].prefix { $0 != 0 }
                    return (event.wd, Int(event.len), String(decoding: bytes, as: UTF8.self))
                }
                if name.hasSuffix(".lua"), let folder = folders[descriptor] { paths.insert(folder + "/" + name) }
                offset += MemoryLayout<inotify_event>.size + length
            }
        }
    }
}
