import ChatModel
import FoundationEssentials
import FoundationExtras
import Glibc
import Synchronization

/// Watches config.toml with inotify on a thread of its own and hands each new version of its
/// text to the window's loop. The file's folder is watched, not the file: editors replace it
/// by a rename (vim writes a backup and renames, others a temporary file), which a watch on the
/// file itself would lose; some write in place. When the file is a symlink (dotfiles kept
/// elsewhere; ``ConfigFile`` writes through it), the target's folder is watched too. A burst of
/// events (a write, a rename, a chmod) is read once, after ``quiet`` without events; a text
/// equal to the last one read is not handed over again.
public final class ConfigWatcher: Sendable {
    /// What the file holds now: its text, or nothing (deleted, or not readable).
    public enum Reading: Equatable, Sendable {
        case text(String)
        case missing
    }

    private struct State {
        var latest: Reading?
        var stopping = false
        var finished = false
    }
    private let state = Mutex(State())
    private let path: String
    private let quiet: Int32
    private let inotify: Int32
    /// Written to by ``stop()`` to end the thread's `poll`.
    private let stopPipe: (read: Int32, write: Int32)

    /// Watches the file at `path`; `changed` is called on the watching thread when a new
    /// reading waits in ``take()`` (the window passes its wake-up). `quietMilliseconds`: how
    /// long events must pause before the file is read. Nil when inotify or a thread cannot be
    /// had, or the folder does not exist: the file is then read at the next start only.
    public init?(path: String, quietMilliseconds: Int32 = 100, changed: @escaping @Sendable () -> Void) {
        self.path = path
        quiet = quietMilliseconds
        guard let descriptors = WatchDescriptors.make() else { return nil }
        var watched: [String] = []
        guard !Self.watch(Self.folders(of: path), adding: &watched, inotify: descriptors.inotify).isEmpty else {
            descriptors.closeAll()
            return nil
        }
        inotify = descriptors.inotify
        stopPipe = (descriptors.pipeRead, descriptors.pipeWrite)
        let initial = Self.readFile(path), folders = watched
        let started = BackgroundThread.start { [self] in
            self.run(watched: folders, last: initial, changed: changed)
        }
        guard started else {
            // Nothing runs: stop (from deinit) has nothing to wake or wait for.
            state.withLock { state in
                closeAll()
                state.stopping = true
                state.finished = true
            }
            return nil
        }
    }

    /// The newest reading since the last call, if the file changed.
    public func take() -> Reading? {
        state.withLock { state in
            defer { state.latest = nil }
            return state.latest
        }
    }

    /// Ends the watching thread and waits (a second at most) until it closed its descriptors.
    public func stop() {
        // Under the lock the thread closes its descriptors with: the pipe is written to only
        // while it is open.
        state.withLock { state in
            if !state.stopping && !state.finished {
                var byte: UInt8 = 1
                _ = write(stopPipe.write, &byte, 1)
            }
            state.stopping = true
        }
        let deadline = ContinuousClock.now + .seconds(1)
        while !state.withLock({ $0.finished }), ContinuousClock.now < deadline { usleep(1_000) }
    }

    deinit { stop() }

    private func closeAll() {
        close(inotify)
        close(stopPipe.read)
        close(stopPipe.write)
    }

    private func run(watched: [String], last: Reading, changed: @Sendable () -> Void) {
        var watched = watched, last = last
        var pending = false
        while !state.withLock({ $0.stopping }) {
            var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)]
            // Waiting for the burst to end, or for the next one.
            let ready = poll(&fds, 2, pending ? quiet : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if fds[1].revents != 0 { break }
            if ready > 0 {
                if drain(watched: watched) { pending = true }
                continue
            }
            pending = false
            // A symlink may point somewhere else now: its new folder is watched as well.
            _ = Self.watch(Self.folders(of: path), adding: &watched, inotify: inotify)
            let reading = Self.readFile(path)
            guard reading != last else { continue }
            last = reading
            state.withLock { $0.latest = reading }
            changed()
        }
        state.withLock { state in
            closeAll()
            state.finished = true
        }
    }

    /// Reads the waiting events; whether one of them names the file (or its target).
    private func drain(watched: [String]) -> Bool {
        let names = Set([path, Self.target(of: path)].compactMap { $0.map(Self.fileName) })
        var concerned = false
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(inotify, $0.baseAddress, $0.count) }
            guard count > 0 else { return concerned }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (length, name) = buffer.withUnsafeBytes { raw -> (Int, String) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let start = offset + MemoryLayout<inotify_event>.size
                    let bytes = raw[start..<min(count, start + Int(event.len))].prefix { $0 != 0 }
                    return (Int(event.len), String(decoding: bytes, as: UTF8.self))
                }
                // An event of the folder itself (its watch gone, the queue overflowing) may
                // mean anything: the file is read again.
                if name.isEmpty || names.contains(name) { concerned = true }
                offset += MemoryLayout<inotify_event>.size + length
            }
        }
    }

    /// What follows the last `/` of `path`.
    static func fileName(_ path: String) -> String {
        String(path[(path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex)...])
    }

    /// The folder of `path`, and of the file it links to when it is a symlink.
    static func folders(of path: String) -> [String] {
        var folders = [path.parentPath]
        if let target = target(of: path), !folders.contains(target.parentPath) { folders.append(target.parentPath) }
        return folders
    }

    /// Where the symlink at `path` ends (every link followed), nil when it is not one.
    static func target(of path: String) -> String? {
        guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { return nil }
        guard let resolved = realpath(path, nil) else {
            return destination.hasPrefix("/") ? destination : path.parentPath + "/" + destination
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Adds a watch for each of `folders` not watched yet; returns every folder watched.
    private static func watch(_ folders: [String], adding watched: inout [String], inotify: Int32) -> [String] {
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB)
        for folder in folders where !watched.contains(folder) {
            if inotify_add_watch(inotify, folder, mask) >= 0 { watched.append(folder) }
        }
        return watched
    }

    private static func readFile(_ path: String) -> Reading {
        guard let data = FileManager.default.contents(atPath: path) else { return .missing }
        return .text(String(decoding: data, as: UTF8.self))
    }
}
