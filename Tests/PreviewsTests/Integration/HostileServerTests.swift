import ChatModel
import Foundation
import IRCTestServers
@testable import Previews
import Testing

/// The issue's hostile cases against a real server on loopback: each ends with no preview, a
/// line in the debug log, and no hang (every test is bounded by the harness's wait).
struct HostileServerTests {
    private func expectRefused(_ outcome: PreviewOutcome?, _ words: String, log: Harness.Lines,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(outcome != nil, "no outcome: a hang", sourceLocation: sourceLocation)
        #expect(outcome?.preview == nil, sourceLocation: sourceLocation)
        #expect(outcome?.reason?.contains(words) == true, "\(outcome?.reason ?? "no reason")", sourceLocation: sourceLocation)
        #expect(log.all.contains { $0.contains(words) }, "\(log.all)", sourceLocation: sourceLocation)
    }

    /// A listening socket whose backlog is full: the kernel drops the SYN, the connection is
    /// never made, and the connect limit ends it (well before the total limit).
    @Test func theConnectLimit() throws {
        let port = try LoopbackPorts.free(1)[0]
        let listener = try FullBacklog(port: port)
        defer { listener.close() }
        let harness = Harness(limits: Harness.limits(allowing: ["127.0.0.1:\(port)"], total: .seconds(30), connect: .seconds(1)))
        let started = ContinuousClock.now
        let outcome = harness.fetch("http://127.0.0.1:\(port)/")
        expectRefused(outcome, "connect limit", log: harness.log)
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    /// A server that takes the request and never answers: the total limit ends it.
    @Test func theTotalLimit() throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint], total: .seconds(2)))
        let started = ContinuousClock.now
        expectRefused(harness.fetch(server.url("/silent")), "total limit", log: harness.log)
        #expect(ContinuousClock.now - started < .seconds(15))
    }

    /// A byte every 100 ms, for a minute: ended by the total limit, not by a read timeout.
    @Test func aSlowlorisTrickle() throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint], total: .seconds(2)))
        let started = ContinuousClock.now
        expectRefused(harness.fetch(server.url("/trickle")), "total limit", log: harness.log)
        #expect(ContinuousClock.now - started < .seconds(15))
    }

    /// /loop/0 → /loop/1 → …: five redirects followed, the sixth refused.
    @Test func aRedirectLoop() throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        expectRefused(harness.fetch(server.url("/loop/0")), "more than 5 redirects", log: harness.log)
        let hops = server.stats().paths.filter { $0.key.hasPrefix("/loop/") }
        #expect(hops.values.reduce(0, +) == 6)
        #expect(server.count("/loop/6") == 0)
    }

    /// A redirect to another server on loopback, with private addresses refused (only the first
    /// server is allowed): the second is never contacted.
    @Test func aRedirectToLoopbackIsRefused() throws {
        let server = try WebServer(), target = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        let outcome = harness.fetch(server.url("/redirect?to=" + target.url("/page")))
        expectRefused(outcome, "127.0.0.1 is a loopback address", log: harness.log)
        #expect(server.count("/redirect") == 1)
        #expect(target.stats().paths.isEmpty)
    }

    /// A redirect to the cloud's metadata address: refused by its address, never connected to.
    @Test func aRedirectToLinkLocalIsRefused() throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        let outcome = harness.fetch(server.url("/redirect?to=http://169.254.169.254/latest/meta-data/"))
        expectRefused(outcome, "169.254.169.254 is a link-local address", log: harness.log)
    }

    /// With the setting off and no exception, the loopback server itself is not contacted, by
    /// address or by name.
    @Test func privateAddressesAreRefusedByDefault() throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits())
        expectRefused(harness.fetch(server.url("/page")), "loopback", log: harness.log)
        expectRefused(harness.fetch("http://localhost:\(server.port)/page"), "loopback", log: harness.log)
        #expect(server.stats().paths.isEmpty)
        // Turned on, it is reached.
        let allowed = Harness(limits: Harness.limits(allowsPrivate: true))
        #expect(allowed.fetch(server.url("/page"))?.preview?.title == "A page")
    }

    /// 16 MiB of zeros gzip'd to 16 KiB, sent though no compression was asked for: not
    /// unpacked, so it is bytes of no known kind.
    @Test func aDecompressionBomb() throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        expectRefused(harness.fetch(server.url("/bomb")), "neither HTML nor an image", log: harness.log)
        #expect(server.stats().headers["/bomb"]?["accept-encoding"] == "identity")
    }

    /// A PNG header of 50,000×50,000: refused from the header, the thumbnailer never called.
    @Test func aHugeImageHeader() throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        expectRefused(harness.fetch(server.url("/huge.png")), "50000×50000", log: harness.log)
        #expect(harness.thumbnailer.calls.isEmpty)
    }

    /// An image that never ends: reading stops at the image bound (1 MiB here), refused.
    @Test func anEndlessBody() throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        expectRefused(harness.fetch(server.url("/endless")), "larger than 1048576 bytes", log: harness.log)
        #expect(harness.thumbnailer.calls.isEmpty)
    }
}

/// A listening socket with a backlog of one, filled by connections that are never accepted, so
/// that a further connection's SYN is dropped and its connect never completes.
final class FullBacklog {
    private var sockets: [Int32] = []

    init(port: UInt16) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        sockets.append(listener)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 0) == 0 else { throw TestFailure("could not listen on \(port)") }
        // Fill the queue: connections made without waiting (the later ones stay half-open).
        for _ in 0..<3 {
            let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            sockets.append(client)
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        usleep(200_000)
    }

    func close() {
        for fd in sockets { Glibc.close(fd) }
        sockets = []
    }
}
