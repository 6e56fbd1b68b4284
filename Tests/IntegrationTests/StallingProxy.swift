import Foundation
import Glibc
import IRCTestServers
import Synchronization

/// A TCP proxy on loopback in front of a real server, for links that stall: after
/// ``stall()``, the connections open at that moment stop forwarding in both directions (what
/// arrives is read and dropped, as a dead path drops it), but a close from the client still
/// closes the server side. Connections made later forward normally.
final class StallingProxy: Sendable {
    private let listener: FakeIRCServer
    private let upstreamPort: UInt16
    private let state = Mutex<(stopped: Bool, generation: Int, stalledBelow: Int)>((false, 0, 0))

    var port: UInt16 { listener.port }

    init(upstreamPort: UInt16) throws {
        listener = try FakeIRCServer()
        self.upstreamPort = upstreamPort
        Thread { [self] in acceptLoop() }.start()
    }

    /// Stalls every connection open now.
    func stall() { state.withLock { $0.stalledBelow = $0.generation + 1 } }

    func stop() {
        state.withLock { $0.stopped = true }
        listener.close()
    }

    private func acceptLoop() {
        while !state.withLock({ $0.stopped }) {
            guard let client = try? listener.accept(timeout: 0.2) else { continue }
            let generation = state.withLock { s -> Int in s.generation += 1; return s.generation }
            guard let upstream = try? RawIRCClient(port: upstreamPort) else { client.close(); continue }
            let clientFD = client.fileDescriptor, serverFD = upstream.fileDescriptor
            let pump: @Sendable (Int32, Int32) -> Void = { [self] from, to in
                var buffer = [UInt8](repeating: 0, count: 16_384)
                while true {
                    var poller = pollfd(fd: from, events: Int16(POLLIN), revents: 0)
                    if poll(&poller, 1, 100) == 0 {
                        if state.withLock({ $0.stopped }) { break }
                        continue
                    }
                    let count = buffer.withUnsafeMutableBytes { recv(from, $0.baseAddress, $0.count, 0) }
                    if count <= 0 { break }
                    let stalled = state.withLock { generation < $0.stalledBelow }
                    if stalled { continue }   // read and dropped
                    _ = buffer.withUnsafeBytes { send(to, $0.baseAddress, count, Int32(MSG_NOSIGNAL)) }
                }
                shutdown(from, Int32(SHUT_RDWR))
                shutdown(to, Int32(SHUT_RDWR))
            }
            Thread { pump(clientFD, serverFD); withExtendedLifetime((client, upstream)) {} }.start()
            Thread { pump(serverFD, clientFD); withExtendedLifetime((client, upstream)) {} }.start()
        }
    }
}
