import Foundation

/// A real ngIRCd (RFC 2812, classic) from a temporary directory on a free loopback port.
public final class NgircdServer: @unchecked Sendable {
    // @unchecked: the process handle changes only in init/stop, called by one test.
    public let directory: URL
    public let clientPort: UInt16
    public private(set) var process: ChildProcess?

    /// Writes the config, starts ngircd and waits until it answers.
    public init(readyTimeout: Double = 10) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("natter-ngircd-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        clientPort = try LoopbackPorts.free(1)[0]
        let config = """
        [Global]
        Name = irc.ngircd.example
        Info = Natter test server
        Listen = 127.0.0.1
        Ports = \(clientPort)
        PidFile = \(directory.path)/ngircd.pid
        MotdPhrase = Natter test server
        [Limits]
        MaxConnections = 1000
        MaxConnectionsIP = 1000
        MaxJoins = 100
        MaxNickLength = 30
        [Options]
        PAM = no
        Ident = no
        DNS = no

        """
        let configPath = directory.appendingPathComponent("ngircd.conf").path
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        do {
            process = try ChildProcess.startListening("ngircd", try locateExecutable("ngircd"), ["-n", "-f", configPath],
                                                      logPath: directory.appendingPathComponent("ngircd.out").path,
                                                      port: clientPort, readyTimeout: readyTimeout)
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// The running ngircd's process id.
    public var serverPID: pid_t? { process?.pid }

    /// Stops ngircd by pid and removes the directory.
    public func stop() {
        process?.stop()
        process = nil
        removeServerDirectory(directory)
    }
}
