import Configuration
import Foundation
import Synchronization
import Testing

/// `ConfigWatcher` on real files in a temporary folder: each way an editor saves, a deletion,
/// a symlink, and a clean stop.
@Suite(.serialized)
struct ConfigWatcherTests {
    private let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-watch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// Waits (10 s at most, far beyond the 100 ms of quiet) for the watcher's next reading.
    private func next(_ watcher: ConfigWatcher, _ woken: Woken) -> ConfigWatcher.Reading? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let reading = watcher.take() { return reading }
            woken.wait(until: deadline)
        }
        return nil
    }

    @Test(.timeLimit(.minutes(1))) func eachWayOfSavingIsSeenOnce() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/config.toml"
        try "a = 1\n".write(toFile: file, atomically: false, encoding: .utf8)
        let woken = Woken()
        let watcher = try #require(ConfigWatcher(path: file) { woken.signal() })
        defer { watcher.stop() }

        // Written in place.
        try "a = 2\n".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(next(watcher, woken) == .text("a = 2\n"))
        // A temporary file renamed over it.
        try "a = 3\n".write(toFile: folder + "/.config.toml.tmp", atomically: false, encoding: .utf8)
        #expect(rename(folder + "/.config.toml.tmp", file) == 0)
        #expect(next(watcher, woken) == .text("a = 3\n"))
        // vim's way: the file moved to a backup, a new one written, the backup deleted.
        #expect(rename(file, file + "~") == 0)
        try "a = 4\n".write(toFile: file, atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: file + "~")
        #expect(next(watcher, woken) == .text("a = 4\n"))
        // Another file of the folder is not the configuration; a touch changes no text.
        try "other".write(toFile: folder + "/notes.txt", atomically: false, encoding: .utf8)
        #expect(utimes(file, nil) == 0)
        // Deleted, then written again.
        try FileManager.default.removeItem(atPath: file)
        #expect(next(watcher, woken) == .missing)
        try "a = 5\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(next(watcher, woken) == .text("a = 5\n"))
        // Nothing else was handed over on the way.
        #expect(watcher.take() == nil)
    }

    @Test(.timeLimit(.minutes(1))) func aSymlinksTargetIsWatchedInItsOwnFolder() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let dotfiles = folder + "/dotfiles", config = folder + "/config"
        try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "a = 1\n".write(toFile: dotfiles + "/natter.toml", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: config + "/config.toml", withDestinationPath: dotfiles + "/natter.toml")
        let woken = Woken()
        let watcher = try #require(ConfigWatcher(path: config + "/config.toml") { woken.signal() })
        defer { watcher.stop() }
        // The target replaced by a rename in its own folder: nothing happens in the link's.
        try "a = 2\n".write(toFile: dotfiles + "/natter.toml", atomically: true, encoding: .utf8)
        #expect(next(watcher, woken) == .text("a = 2\n"))
    }

    @Test func stoppingClosesWhatItOpened() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Counted by kind: other suites open and close descriptors meanwhile, but none inotify's.
        func inotifyDescriptors() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").filter {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == "anon_inode:inotify"
            }.count
        }
        let before = try inotifyDescriptors()
        let open = try #require(ConfigWatcher(path: folder + "/config.toml") {})
        #expect(try inotifyDescriptors() == before + 1)
        open.stop()
        for _ in 0..<20 {
            let watcher = try #require(ConfigWatcher(path: folder + "/config.toml") {})
            watcher.stop()
        }
        #expect(try inotifyDescriptors() == before)
        // A folder that does not exist cannot be watched.
        #expect(ConfigWatcher(path: folder + "/none/config.toml") {} == nil)
    }
}

/// The watcher's wake-up, waited on by the test.
private final class Woken: Sendable {
    private let count = Mutex(0)

    func signal() { count.withLock { $0 += 1 } }

    /// Returns after a signal since the last wait, or at `deadline`.
    func wait(until deadline: Date) {
        while Date() < deadline {
            if count.withLock({ value in defer { value = 0 }; return value > 0 }) { return }
            usleep(5_000)
        }
    }
}
