import Glibc

/// What a thread that watches files needs: an inotify instance and a pipe another thread
/// writes to to end its `poll` (or to make it look again), all close-on-exec and non-blocking.
/// The config file's watcher and the scripts' share it.
public struct WatchDescriptors: Sendable {
    public let inotify: Int32
    public let pipeRead: Int32
    public let pipeWrite: Int32

    /// New descriptors; nil when the process has none left. `requiringInotify` false: the pipe
    /// alone when inotify cannot be had (its limit of instances reached), `inotify` then -1,
    /// which `poll` passes over.
    public static func make(requiringInotify: Bool = true) -> WatchDescriptors? {
        let inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard inotify >= 0 || !requiringInotify else { return nil }
        var fds: [Int32] = [0, 0]
        // (pipe2 is not in Swift's Glibc: the flags follow at once, and a program started on
        // another thread meanwhile gets none of these anyway: `Subprocess` closes every
        // descriptor past stderr in the child.)
        guard pipe(&fds) == 0 else {
            if inotify >= 0 { close(inotify) }
            return nil
        }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        }
        return WatchDescriptors(inotify: inotify, pipeRead: fds[0], pipeWrite: fds[1])
    }

    /// Writes a byte to the pipe: the watching thread's `poll` returns.
    public func poke() {
        var byte: UInt8 = 1
        _ = write(pipeWrite, &byte, 1)
    }

    /// Reads what was written to the pipe.
    public func drainPipe() {
        var sink = [UInt8](repeating: 0, count: 64)
        while read(pipeRead, &sink, sink.count) > 0 {}
    }

    /// Closes all three.
    public func closeAll() {
        if inotify >= 0 { close(inotify) }
        close(pipeRead)
        close(pipeWrite)
    }
}
