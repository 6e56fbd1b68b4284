import Foundation
import IRCTestServers

/// Tests/PreviewsTests/Server/preview_server.py on a loopback port picked here, with what it
/// counted (requests by path, the most at once, the headers last seen per path).
final class WebServer: @unchecked Sendable {
    let port: UInt16
    let isSecure: Bool
    private let process = Process()
    private let statsPath: String

    struct Stats: Decodable {
        var paths: [String: Int]
        var most: Int
        var agents: [String]
        var headers: [String: [String: String]]
    }

    /// A server on a free port; with `tls` (a certificate and its key, PEM files), HTTPS.
    init(tls: (certificate: String, key: String)? = nil) throws {
        port = try LoopbackPorts.free(1)[0]
        isSecure = tls != nil
        statsPath = Fixture.temporaryFolder() + "/stats.json"
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Server/preview_server.py").path
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, String(port), Fixture.folder, statsPath] + (tls.map { [$0.certificate, $0.key] } ?? [])
        // Not the test's own output: swift test would wait for a server that holds it open.
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while !LoopbackPorts.isListening(port) {
            guard Date() < deadline, process.isRunning else { throw TestFailure("the web server did not start") }
            usleep(20_000)
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// HTTPS by the certificate's name (localhost), HTTP by address.
    var base: String { isSecure ? "https://localhost:\(port)" : "http://127.0.0.1:\(port)" }
    var endpoint: String { "127.0.0.1:\(port)" }

    func url(_ path: String) -> String { base + path }

    func stats() -> Stats {
        guard let data = FileManager.default.contents(atPath: statsPath),
              let stats = try? JSONDecoder().decode(Stats.self, from: data) else {
            return Stats(paths: [:], most: 0, agents: [], headers: [:])
        }
        return stats
    }

    func count(_ path: String) -> Int { stats().paths[path] ?? 0 }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
