import ArgumentParser
import Configuration
import DesktopIntegration
import FoundationEssentials
import FoundationExtras
import IRCProtocol

/// `natter`: launches the desktop app (``OpenCommand``, the default); `natter render` draws
/// frames to PNG with no display.
public struct NatterCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "natter",
        abstract: "A graphical IRC client for Linux desktops.",
        version: NatterVersion.string,
        // A subcommand of its own (the default) rather than the root's options: the root
        // would read `render` as the link argument.
        subcommands: [OpenCommand.self, RenderCommand.self],
        defaultSubcommand: OpenCommand.self
    )

    public init() {}
}

/// `natter [open] [LINK] [--server …]`: the window, connected as configured or as the flags say;
/// an irc:// link goes to the running Natter if there is one.
public struct OpenCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the window (the default): natter [irc://HOST/#CHANNEL] [--server …]."
    )

    @Option(name: .customLong("window-size"), help: "Window size in logical pixels, WIDTHxHEIGHT (default: as last time).")
    var size: WindowSize?

    @Option(help: "Connect to this server at start: HOST, HOST:PORT, or a bouncer's ircs://USER@HOST:PORT/NETWORK (irc:// without TLS).")
    var server: String?

    @Option(name: .customLong("password-command"), help: "A command that prints the server password (a bouncer's), for --server.")
    var passwordCommand: String?

    @Flag(inversion: .prefixedNo, help: "Use TLS (default; port 6697, or 6667 with --no-tls).")
    var tls = true

    @Flag(help: "Accept the server's TLS certificate without checking it (shown as insecure).")
    var insecure = false

    @Option(help: "Your nick on --server.")
    var nick: String?

    @Option(help: "Channels to join on --server, comma-separated: '#a,#b'.")
    var join: String?

    @Argument(help: "An irc:// or ircs:// link to open: joins its channel in the running Natter, or starts one.")
    var link: String?

    public init() {}

    public func validate() throws {
        if let link {
            guard IRCLink(link) != nil else { throw ValidationError("\(link) is not an irc:// or ircs:// link with a host") }
            if server != nil { throw ValidationError("give a link or --server, not both") }
        }
        if server == nil, nick != nil || join != nil || insecure || passwordCommand != nil {
            throw ValidationError("--nick, --join, --insecure and --password-command go with --server")
        }
        if let server, try QuickStart.location(server) == nil { _ = try QuickStart.address(server, tls: tls) }
        if let nick, nick.isEmpty || nick.contains(" ") || nick.hasPrefix("#") || nick.hasPrefix(":") {
            throw ValidationError("--nick: \(nick) is not a valid nick")
        }
    }

    /// The network given by the flags, if any.
    var quickStart: QuickStart? {
        guard let server else { return nil }
        let channels = (join ?? "").split(separator: ",").map {
            let name = $0.trimmingBlanks
            return name.hasPrefix("#") || name.hasPrefix("&") ? name : "#" + name
        }.filter { $0.count > 1 }
        if let location = try? QuickStart.location(server) {
            return QuickStart(host: location.host, port: location.port, tls: location.tls, verifyCertificate: !insecure,
                              nick: nick ?? location.login ?? ProcessEnvironment.userName, channels: channels,
                              login: location.login, bouncerNetwork: location.network, passwordCommand: passwordCommand)
        }
        guard let address = try? QuickStart.address(server, tls: tls) else { return nil }
        return QuickStart(host: address.host, port: address.port, tls: tls, verifyCertificate: !insecure,
                          nick: nick ?? ProcessEnvironment.userName, channels: channels, passwordCommand: passwordCommand)
    }

    public func run() throws {
        MallocPolicy.apply()
        do {
            let size = self.size, quickStart = self.quickStart, link = self.link.flatMap(IRCLink.init)
            // One Natter per user: a running one takes the link (or comes to the front), and
            // this process is done. --server asks for a session of its own.
            if quickStart == nil, InstanceSocket.send(link.map { .open($0) } ?? .raise, path: InstanceSocket.defaultPath()) {
                return
            }
            try MainActor.assumeIsolated { try DesktopApp(size: size, quickStart: quickStart, link: link).run() }
        } catch {
            printError("natter: \(error)")
            throw ExitCode.failure
        }
    }
}
