import Foundation
import IRCTestServers

/// A scripted server that records every line the client sends, for tests that read the exact
/// lines a command put on the wire.
class RecordingServer: ScriptedServer, @unchecked Sendable {
    // @unchecked: the record is guarded by the base's lock.
    private var _received: [String] = []
    /// Every line received, in order.
    var received: [String] { lock.withLock { _received } }

    /// Keeps `line` as received (the script calls it for each line it reads).
    func record(_ line: String) { lock.withLock { _received.append(line) } }

    /// The commands received after the first `index` lines, without keepalive PING and PONG.
    func commands(after index: Int) -> [String] {
        received.dropFirst(index).filter { !$0.hasPrefix("PING ") && !$0.hasPrefix("PONG ") }
    }

    /// Waits (running the client's frames) until `count` commands came after `index`; returns them.
    @MainActor
    func lines(after index: Int, count: Int, client: LiveClient, typed: String) async throws -> [String] {
        try await client.pump("\(count) line(s) for \(typed)") { commands(after: index).count >= count }
        return commands(after: index)
    }
}
