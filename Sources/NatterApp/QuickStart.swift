import ArgumentParser
import Foundation

/// A network given on the command line: `--server HOST[:PORT] [--tls|--no-tls] --nick NICK
/// --join '#a,#b'`. TLS is the default (port 6697; 6667 without TLS).
struct QuickStart: Hashable, Sendable {
    var host: String
    var port: Int
    var tls: Bool
    var verifyCertificate: Bool
    var nick: String
    var channels: [String]

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

enum ProcessEnvironment {
    /// The login name, as a default nick.
    static var userName: String {
        let env = ProcessInfo.processInfo.environment
        let name = env["USER"] ?? env["LOGNAME"] ?? "natter"
        let cleaned = String(name.filter { $0.isLetter || $0.isNumber || "_-[]{}\\|^`".contains($0) }.prefix(16))
        return cleaned.isEmpty || cleaned.first!.isNumber ? "natter" : cleaned
    }
}
