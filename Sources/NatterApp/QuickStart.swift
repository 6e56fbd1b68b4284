import ArgumentParser
import Configuration
import FoundationEssentials
import FoundationExtras

/// A network given on the command line: `--server HOST[:PORT] [--tls|--no-tls] --nick NICK
/// --join '#a,#b'`. TLS is the default (port 6697; 6667 without TLS). `--server` also takes a
/// URL, `ircs://USER@HOST[:PORT][/NETWORK]` (or `irc://` without TLS), the form bouncers give:
/// USER is the login and the default nick, and NETWORK picks the bouncer's network (sent as the
/// username `USER/NETWORK`, which ZNC and soju both read). A password never goes in the URL (the
/// process list shows it): `--password-command` prints it.
struct QuickStart: Hashable, Sendable {
    var host: String
    var port: Int
    var tls: Bool
    var verifyCertificate: Bool
    var nick: String
    var channels: [String]
    /// The login (`USER`), when the URL names one; the nick otherwise.
    var login: String?
    /// The bouncer's network, from the URL's path.
    var bouncerNetwork: String?
    /// A command printing the server password (`PASS`), e.g. for a bouncer.
    var passwordCommand: String?

    /// What a `--server` URL holds.
    struct Location: Hashable, Sendable {
        var host: String
        var port: Int
        var tls: Bool
        var login: String?
        var network: String?
    }

    /// Parses `irc://` and `ircs://` URLs: `ircs://[USER@]HOST[:PORT][/NETWORK]`. Not a URL:
    /// `nil`. A password in the URL, a query, a fragment or a deeper path is an error.
    static func location(_ text: String) throws -> Location? {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("irc://") || lowered.hasPrefix("ircs://") else { return nil }
        let tls = lowered.hasPrefix("ircs://")
        guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty else {
            throw ValidationError("--server: \(text) is not an irc:// or ircs:// URL with a host")
        }
        if components.password != nil {
            throw ValidationError("--server: no password in the URL (other users see the process list): use --password-command")
        }
        if components.query != nil || components.fragment != nil {
            throw ValidationError("--server: a URL here is ircs://USER@HOST:PORT/NETWORK, without ? or #")
        }
        let path = components.path.split(separator: "/").map(String.init)
        guard path.count <= 1 else { throw ValidationError("--server: only one /NETWORK after the host, not \(components.path)") }
        if let port = components.port, !(1...65535).contains(port) { throw ValidationError("--server: bad port in \(text)") }
        let login = components.user.flatMap { $0.percentDecoded ?? $0 }
        if let login, login.isEmpty || login.contains(" ") { throw ValidationError("--server: bad user in \(text)") }
        return Location(host: host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host,
                        port: components.port ?? (tls ? 6697 : 6667), tls: tls, login: login,
                        network: path.first.map { $0.percentDecoded ?? $0 })
    }

    /// Parses `HOST`, `HOST:PORT`, `[IPv6]` or `[IPv6]:PORT`.
    static func address(_ text: String, tls: Bool) throws -> (host: String, port: Int) {
        let defaultPort = tls ? 6697 : 6667
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            let host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            guard !host.isEmpty else { throw ValidationError("--server: empty host in \(text)") }
            if rest.isEmpty { return (host, defaultPort) }
            guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()), (1...65535).contains(port) else {
                throw ValidationError("--server: bad port in \(text)")
            }
            return (host, port)
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard let host = parts.first, !host.isEmpty, parts.count <= 2 else {
            throw ValidationError("--server takes HOST or HOST:PORT (IPv6 as [ADDRESS]:PORT), not \(text)")
        }
        if parts.count == 1 { return (String(host), defaultPort) }
        guard let port = Int(parts[1]), (1...65535).contains(port) else { throw ValidationError("--server: bad port in \(text)") }
        return (String(host), port)
    }
}

extension QuickStart {
    /// The network the command-line flags describe.
    /// A bouncer's network is chosen by the username `LOGIN/NETWORK` (ZNC and soju).
    var network: NatterConfig.Network {
        let user = login ?? nick
        var network = NatterConfig.Network(name: bouncerNetwork ?? host, host: host, port: port, tls: tls,
                                           verifyCertificate: verifyCertificate, nick: nick, alternativeNicks: [],
                                           user: bouncerNetwork.map { "\(user)/\($0)" } ?? user, realName: nick,
                                           channels: channels.map { ($0, nil) }, password: passwordCommand.map { .command($0) },
                                           sasl: nil, clientCertificate: nil, clientKey: nil, autoConnect: true)
        // For this run only: its joins must not rewrite a configured network of the same name.
        network.rememberChannels = false
        return network
    }
}
