import Foundation
import IRCProtocol

/// A real InspIRCd 3 server, optionally linked to atheme-services (NickServ, SaslServ), running
/// from a temporary directory on free loopback ports.
///
/// Ports: ``clientPort`` (plain clients), ``tlsPort`` (TLS clients, self-signed certificate made
/// with `openssl req` for `CN=irc.example`), ``floodPort`` (plain clients in a connect class with
/// flood limits lifted, for peers that send thousands of lines), and a server-link port for
/// atheme. Start it once per suite: InspIRCd registers clients on its one-second tick.
///
///     let network = try InspIRCdNetwork(services: true)
///     defer { network.stop() }
///     try network.registerAccount("alice", password: "secret")
public final class InspIRCdNetwork: @unchecked Sendable {
    // @unchecked: the process handles change only in start/restart/stop, called by one test.
    public let directory: URL
    public let clientPort: UInt16
    public let tlsPort: UInt16
    public let floodPort: UInt16
    public let linkPort: UInt16
    public let hasServices: Bool
    /// PEM files of the server's self-signed certificate and its key.
    public var certificatePath: String { directory.appendingPathComponent("cert.pem").path }
    public var keyPath: String { directory.appendingPathComponent("key.pem").path }
    public private(set) var inspircd: ChildProcess?
    public private(set) var atheme: ChildProcess?

    /// Makes the directory, certificate and configs, starts the daemons and waits until ready.
    public init(services: Bool = true, readyTimeout: Double = 15) throws {
        hasServices = services
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("natter-inspircd-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let ports = try LoopbackPorts.free(4)
        (clientPort, tlsPort, floodPort, linkPort) = (ports[0], ports[1], ports[2], ports[3])
        do {
            try runTool(locateExecutable("openssl"),
                        ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                         "-nodes", "-keyout", keyPath, "-out", certificatePath, "-days", "2",
                         "-subj", "/CN=irc.example",
                         "-addext", "subjectAltName=DNS:irc.example"],
                        logPath: directory.appendingPathComponent("openssl.log").path)
            try inspircdConfig.write(to: directory.appendingPathComponent("inspircd.conf"),
                                     atomically: true, encoding: .utf8)
            if services {
                try FileManager.default.createDirectory(at: directory.appendingPathComponent("atheme-data"),
                                                        withIntermediateDirectories: true)
                try athemeConfig.write(to: directory.appendingPathComponent("atheme.conf"),
                                       atomically: true, encoding: .utf8)
            }
            try startInspIRCd(readyTimeout: readyTimeout)
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// The running InspIRCd's process id.
    public var serverPID: pid_t? { inspircd?.pid }

    /// Stops both daemons (SIGTERM by pid, SIGKILL if needed) and removes the directory.
    ///
    /// InspIRCd 3.15 with `ssl_gnutls` may segfault while exiting on SIGTERM; that counts as a
    /// stop (its hard core limit is 0, so no core file is written).
    public func stop() {
        atheme?.stop()
        inspircd?.stop()
        atheme = nil
        inspircd = nil
        if ProcessInfo.processInfo.environment["NATTER_KEEP_SERVER_DIRS"] == nil {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// Makes a self-signed client certificate (PEM files in the server's directory) and returns
    /// its paths and its SHA-256 fingerprint as lowercase hex, as InspIRCd's `sslinfo` shows it.
    public func makeClientCertificate(name: String) throws -> (certificate: String, key: String, fingerprint: String) {
        let certificate = directory.appendingPathComponent("\(name)-cert.pem").path
        let key = directory.appendingPathComponent("\(name)-key.pem").path
        let log = directory.appendingPathComponent("openssl-\(name).log").path
        let openssl = try locateExecutable("openssl")
        try runTool(openssl, ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                              "-nodes", "-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=\(name)"],
                    logPath: log)
        let fingerprintFile = directory.appendingPathComponent("\(name)-fp.txt").path
        try runTool(openssl, ["x509", "-in", certificate, "-noout", "-fingerprint", "-sha256", "-out", fingerprintFile],
                    logPath: log)
        let text = try String(contentsOfFile: fingerprintFile, encoding: .utf8)
        guard let hex = text.split(separator: "=").last else { throw TestServerError("no fingerprint: \(text)") }
        return (certificate, key, hex.replacingOccurrences(of: ":", with: "")
            .trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
    }

    /// Kills InspIRCd at once (SIGKILL), as a crash would; atheme keeps running and relinks later.
    public func killServer() {
        inspircd?.killNow()
    }

    /// Starts InspIRCd again on the same ports and waits until it is ready (with services:
    /// until atheme has relinked).
    public func restartServer(readyTimeout: Double = 15) throws {
        inspircd?.killNow()
        try startInspIRCd(readyTimeout: readyTimeout)
    }

    /// Freezes InspIRCd (SIGSTOP): connections stay open but nothing is answered.
    public func suspendServer() { inspircd?.signal(SIGSTOP) }

    /// Thaws InspIRCd after ``suspendServer()``.
    public func resumeServer() { inspircd?.signal(SIGCONT) }

    /// Registers a NickServ account `name` with `password` from a raw client.
    public func registerAccount(_ name: String, password: String) throws {
        guard hasServices else { throw TestServerError("this network runs without services") }
        let client = try RawIRCClient(port: clientPort)
        defer { client.close() }
        try client.register(nick: name)
        try client.send("PRIVMSG NickServ :REGISTER \(password) \(name)@example.org")
        let reply = try client.waitFor(timeout: 10, "NickServ's reply to REGISTER") {
            $0.command == "NOTICE" && ($0.source ?? "").hasPrefix("NickServ")
                && ($0.parameters.last ?? "").lowercased().contains("registered")
        }
        let text = reply.parameters.last ?? ""
        guard !text.contains("already") && !text.lowercased().contains("not") else {
            throw TestServerError("NickServ refused REGISTER: \(text)")
        }
        try client.send("QUIT")
    }

    private func startInspIRCd(readyTimeout: Double) throws {
        let binary = try locateExecutable("inspircd")
        // The hard core limit 0: with ssl_gnutls it segfaults on exit and raises its soft limit.
        inspircd = try ChildProcess("/bin/sh",
                                    ["-c", "ulimit -H -c 0; exec \"$0\" \"$@\"", binary, "--nofork", "--runasroot",
                                     "--config", directory.appendingPathComponent("inspircd.conf").path],
                                    logPath: directory.appendingPathComponent("inspircd.out").path,
                                    outlivesNoTestRunner: true)
        if hasServices && (atheme == nil || atheme?.isRunning == false) {
            atheme = try ChildProcess(try locateExecutable("atheme-services"),
                                      ["-n", "-c", directory.appendingPathComponent("atheme.conf").path,
                                       "-D", directory.appendingPathComponent("atheme-data").path,
                                       "-l", directory.appendingPathComponent("atheme.log").path,
                                       "-p", directory.appendingPathComponent("atheme.pid").path],
                                      logPath: directory.appendingPathComponent("atheme.out").path,
                                      outlivesNoTestRunner: true)
        }
        try waitUntilReady(timeout: readyTimeout)
    }

    /// Ready when `CAP LS 302` answers (and lists `sasl` once atheme has linked).
    private func waitUntilReady(timeout: Double) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var lastProblem = "no answer"
        while Date() < deadline {
            guard inspircd?.isRunning == true else {
                throw TestServerError("inspircd exited: \(log("inspircd.out"))")
            }
            if hasServices, atheme?.isRunning != true {
                throw TestServerError("atheme-services exited: \(log("atheme.out")) \(log("atheme.log"))")
            }
            if LoopbackPorts.isListening(clientPort), LoopbackPorts.isListening(tlsPort) {
                do {
                    let client = try RawIRCClient(port: clientPort, timeout: 1)
                    defer { client.close() }
                    try client.send("CAP LS 302")
                    var capabilities = ""
                    while true {
                        let reply = try client.waitFor(timeout: 2, "CAP LS") { $0.command == "CAP" }
                        capabilities += " " + (reply.parameters.last ?? "")
                        if reply.parameters.count < 4 || reply.parameters[2] != "*" { break }
                    }
                    try? client.send("QUIT")
                    let names = capabilities.split(separator: " ").map { $0.split(separator: "=")[0] }
                    if !hasServices || names.contains("sasl") { return }
                    lastProblem = "CAP LS without sasl (atheme not linked yet)"
                } catch {
                    lastProblem = "\(error)"
                }
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TestServerError("inspircd not ready after \(timeout) s: \(lastProblem); \(log("inspircd.out"))")
    }

    private func log(_ name: String) -> String {
        (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    private var inspircdConfig: String {
        let d = directory.path
        let modules = ["cap", "ircv3", "ircv3_servertime", "ircv3_msgid", "ircv3_echomessage", "ircv3_batch",
                       "ircv3_labeledresponse", "ircv3_ctctags", "ircv3_accounttag", "ircv3_chghost",
                       "ircv3_invitenotify", "ircv3_capnotify", "namesx", "uhnames", "setname", "monitor",
                       "chanhistory", "ssl_gnutls", "sslinfo"]
            + (hasServices ? ["sasl", "services_account", "spanningtree"] : [])
        var lines = [
            #"<server name="irc.example" description="Test IRCd" network="TestNet">"#,
            #"<admin name="Test" nick="Test" email="test@example.org">"#,
            #"<path configdir="\#(d)" datadir="\#(d)" logdir="\#(d)">"#,
            #"<pid file="\#(d)/inspircd.pid">"#,
            #"<log method="file" type="* -USERINPUT -USEROUTPUT" level="default" target="\#(d)/ircd.log">"#,
            #"<bind address="127.0.0.1" port="\#(clientPort)" type="clients">"#,
            #"<bind address="127.0.0.1" port="\#(floodPort)" type="clients">"#,
            #"<bind address="127.0.0.1" port="\#(tlsPort)" type="clients" sslprofile="Clients">"#,
            // The flood port's class first: a class is chosen by the first match.
            #"<connect name="flood" allow="*" port="\#(floodPort)" localmax="1000" globalmax="1000" maxconnwarn="no" threshold="1000000" commandrate="100000000" fakelag="no" recvq="4M" softsendq="4M" hardsendq="16M" useident="no" resolvehostnames="no">"#,
            #"<connect name="main" allow="*" localmax="1000" globalmax="1000" maxconnwarn="no" threshold="1000" hardsendq="16M" useident="no" resolvehostnames="no">"#,
            #"<dns server="127.0.0.1" timeout="1">"#,
            #"<sslprofile name="Clients" provider="gnutls" hash="sha256" certfile="\#(d)/cert.pem" keyfile="\#(d)/key.pem">"#,
            #"<chanhistory maxlines="50" prefixmsg="yes" bots="yes">"#,
            #"<options defaultmodes="ntoH 50:1d">"#,
        ]
        lines += modules.map { #"<module name="\#($0)">"# }
        if hasServices {
            lines += [
                #"<bind address="127.0.0.1" port="\#(linkPort)" type="servers">"#,
                #"<link name="services.example" ipaddr="127.0.0.1" port="\#(linkPort)" allowmask="127.0.0.0/8" sendpass="ircd2svc" recvpass="svc2ircd">"#,
                #"<uline server="services.example" silent="yes">"#,
                #"<sasl target="services.example" requiressl="no">"#,
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private var athemeConfig: String {
        """
        loadmodule "modules/protocol/inspircd";
        loadmodule "modules/backend/opensex";
        loadmodule "modules/crypto/pbkdf2v2";
        loadmodule "modules/nickserv/main";
        loadmodule "modules/nickserv/register";
        loadmodule "modules/nickserv/identify";
        loadmodule "modules/nickserv/info";
        loadmodule "modules/saslserv/main";
        loadmodule "modules/saslserv/plain";
        serverinfo {
            name = "services.example"; desc = "Test Services"; numeric = "42S"; recontime = 1;
            netname = "TestNet"; hidehostsuffix = "users.testnet"; adminname = "Test";
            adminemail = "admin@example.org"; registeremail = "noreply@example.org"; auth = none;
            casemapping = rfc1459; loglevel = { error; info; admin; network; wallops; };
            maxusers = 50; maxlogins = 50;
        };
        uplink "irc.example" {
            host = "127.0.0.1"; port = \(linkPort); send_password = "svc2ircd"; receive_password = "ircd2svc";
        };
        nickserv { nick = "NickServ"; user = "NickServ"; host = "services.example"; real = "Nickname Services"; };
        saslserv { nick = "SaslServ"; user = "SaslServ"; host = "services.example"; real = "SASL Authentication Agent"; };
        general { commit_interval = 1; };

        """
    }
}
