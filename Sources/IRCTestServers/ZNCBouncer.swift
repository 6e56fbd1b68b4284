import Foundation

/// A real ZNC (Debian's `znc` package) from a temporary directory on a free loopback port, with
/// one user and one network pointing at an IRC server (the tests' InspIRCd). The generated
/// `znc.conf` keeps channel and query buffers after playback (`AutoClearChanBuffer = false`),
/// so that every attach replays them: a client that does not deduplicate shows them again.
///
/// Clients log in with `PASS user/network:password` (``loginPassword``). ZNC offers
/// `server-time`, `znc.in/self-message` and `batch` itself.
public final class ZNCBouncer: @unchecked Sendable {
    // @unchecked: the process handle changes only in init/stop, called by one test.
    public let directory: URL
    public let port: UInt16
    public let user: String
    public let network: String
    public let password: String
    public private(set) var process: ChildProcess?

    /// What a client sends as the server password to reach ``network`` as ``user``.
    public var loginPassword: String { "\(user)/\(network):\(password)" }

    /// Writes `znc.conf` for `user` on `network` (at `serverPort` on loopback, joining
    /// `channels`), starts ZNC and waits until it listens and has connected upstream.
    public init(serverPort: UInt16, user: String = "natter", network: String = "upstream",
                password: String = "bouncer-secret", nick: String = "natter", channels: [String] = [],
                bufferSize: Int = 500, readyTimeout: Double = 15) throws {
        self.user = user
        self.network = network
        self.password = password
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("natter-znc-\(UUID().uuidString.prefix(8))")
        let configs = directory.appendingPathComponent("configs")
        try FileManager.default.createDirectory(at: configs, withIntermediateDirectories: true)
        port = try LoopbackPorts.free(1)[0]
        let chans = channels.map { "        <Chan \($0)>\n        </Chan>" }.joined(separator: "\n")
        // Method "plain": ZNC compares the password as written (a test password, no secret).
        let config = """
        Version = 1.8.2
        <Listener listener0>
            AllowIRC = true
            AllowWeb = false
            IPv4 = true
            IPv6 = false
            Host = 127.0.0.1
            Port = \(port)
            SSL = false
        </Listener>
        <User \(user)>
            <Pass password>
                Method = plain
                Hash = \(password)
            </Pass>
            Admin = true
            Nick = \(nick)
            AltNick = \(nick)_
            Ident = \(nick)
            RealName = Natter through ZNC
            ChanBufferSize = \(bufferSize)
            QueryBufferSize = \(bufferSize)
            AutoClearChanBuffer = false
            AutoClearQueryBuffer = false
            MultiClients = true
            <Network \(network)>
                Server = 127.0.0.1 \(serverPort)
                FloodRate = 100.00
                FloodBurst = 100
        \(chans)
            </Network>
        </User>

        """
        try config.write(to: configs.appendingPathComponent("znc.conf"), atomically: true, encoding: .utf8)
        var executable = try locateExecutable("znc")
        var arguments = ["--foreground", "--datadir", directory.path]
        // As root (CI containers run tests as root), ZNC waits 30 s before starting: it runs as
        // nobody instead, in a folder it owns.
        if geteuid() == 0 {
            try runTool(locateExecutable("chown"), ["-R", "65534:65534", directory.path],
                        logPath: "/dev/null")
            arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", executable] + arguments
            executable = try locateExecutable("setpriv")
        }
        do {
            process = try ChildProcess.startListening("znc", executable, arguments,
                                                      logPath: directory.appendingPathComponent("znc.out").path,
                                                      port: port, readyTimeout: readyTimeout)
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// Stops ZNC by pid and removes the directory.
    public func stop() {
        process?.stop()
        process = nil
        removeServerDirectory(directory)
    }

    /// ZNC's own output, for failure messages.
    public var log: String {
        (try? String(contentsOf: directory.appendingPathComponent("znc.out"), encoding: .utf8)) ?? ""
    }
}
