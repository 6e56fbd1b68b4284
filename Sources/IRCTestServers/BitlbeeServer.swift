import Foundation

/// A real bitlbee (the IRC gateway to other chat networks) from a temporary directory on a
/// free loopback port, its accounts kept in that directory. Its control channel `&bitlbee`
/// takes commands with passwords (`register`, `identify`, `account add`).
public final class BitlbeeServer: @unchecked Sendable {
    // @unchecked: the process handle changes only in init/stop, called by one test.
    public let directory: URL
    public let clientPort: UInt16
    public private(set) var process: ChildProcess?

    /// Writes the config, starts bitlbee in the foreground and waits until it answers.
    public init(readyTimeout: Double = 10) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("natter-bitlbee-\(UUID().uuidString.prefix(8))")
        let users = directory.appendingPathComponent("users")
        try FileManager.default.createDirectory(at: users, withIntermediateDirectories: true)
        clientPort = try LoopbackPorts.free(1)[0]
        let config = """
        [settings]
        RunMode = Daemon
        DaemonInterface = 127.0.0.1
        DaemonPort = \(clientPort)
        AuthMode = Open
        ConfigDir = \(users.path)
        PidFile = \(directory.path)/bitlbee.pid

        """
        let configPath = directory.appendingPathComponent("bitlbee.conf").path
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        do {
            process = try ChildProcess.startListening("bitlbee", try locateExecutable("bitlbee"),
                                                      ["-D", "-n", "-c", configPath, "-d", users.path],
                                                      logPath: directory.appendingPathComponent("bitlbee.out").path,
                                                      port: clientPort, readyTimeout: readyTimeout)
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// Stops bitlbee and removes the directory.
    public func stop() {
        process?.stop()
        process = nil
        removeServerDirectory(directory)
    }
}
