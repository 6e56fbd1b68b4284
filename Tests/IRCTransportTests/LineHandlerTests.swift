import IRCProtocol
import NIOCore
import NIOEmbedded
import NIOTLS
import Testing
@testable import IRCTransport

/// The pipeline's line handler in NIO's `EmbeddedChannel`: what it reports for bytes, TLS
/// events, writability, errors and the close, with no socket.
@Suite("IRC line handler (EmbeddedChannel)")
struct LineHandlerTests {
    /// Records the handler's events as short names and lines.
    final class Log {
        var entries: [String] = []
        func record(_ event: IRCLineHandler.Event) {
            switch event {
            case .ready: entries.append("ready")
            case .lines(let lines):
                entries += lines.map { result in
                    switch result {
                    case .success(let line): "line \(line)"
                    case .failure(let error): "error \(error)"
                    }
                }
            case .writabilityChanged(let writable): entries.append("writable \(writable)")
            case .failed(let error): entries.append("failed \(error)")
            case .closed: entries.append("closed")
            }
        }
    }

    func channel(tls: Bool = false, limits: IRCLineLimits = .incoming) throws -> (EmbeddedChannel, Log) {
        let log = Log()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(IRCLineHandler(waitsForTLSHandshake: tls, limits: limits) {
            log.record($0)
        })
        return (channel, log)
    }

    func bytes(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    /// Closes `channel` and runs what its close leaves on the loop. Until then the channel and
    /// its pipeline hold each other, and with them the handler and the log: every test that
    /// left its channel open leaked them (LeakSanitizer, `make sanitize`).
    func finish(_ channel: EmbeddedChannel) {
        _ = try? channel.finish(acceptAlreadyClosed: true)
    }

    @Test func aPlainLinkIsReadyWhenActiveAndFramesLinesAcrossReads() throws {
        let (channel, log) = try channel()
        defer { finish(channel) }
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 6667)).wait()
        #expect(log.entries == ["ready"])
        try channel.writeInbound(bytes(":srv 001 me :Wel"))
        #expect(log.entries == ["ready"], "half a line reports nothing")
        try channel.writeInbound(bytes("come\r\nPING :a\nPING :b\r"))
        try channel.writeInbound(bytes("\n"))
        #expect(log.entries == ["ready", "line :srv 001 me :Welcome", "line PING :a", "line PING :b"])
    }

    @Test func aTLSLinkIsReadyOnlyAfterTheHandshake() throws {
        let (channel, log) = try channel(tls: true)
        defer { finish(channel) }
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 6697)).wait()
        #expect(log.entries.isEmpty)
        channel.pipeline.fireUserInboundEventTriggered(TLSUserEvent.handshakeCompleted(negotiatedProtocol: nil))
        #expect(log.entries == ["ready"])
    }

    @Test func anOverlongLineIsReportedAndTheNextOneStillArrives() throws {
        let (channel, log) = try channel(limits: IRCLineLimits(maxTagSectionBytes: 0, maxBodyBytes: 20))
        defer { finish(channel) }
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 6667)).wait()
        try channel.writeInbound(bytes(String(repeating: "x", count: 40) + "\r\nPING :ok\r\n"))
        #expect(log.entries.count == 3)
        #expect(log.entries[1].hasPrefix("error lineTooLong"))
        #expect(log.entries[2] == "line PING :ok")
    }

    @Test func anErrorIsReportedThenTheChannelClosesWithoutATruncatedLine() throws {
        let (channel, log) = try channel()
        defer { finish(channel) }
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 6667)).wait()
        try channel.writeInbound(bytes("PRIVMSG #c :cut off mid"))
        channel.pipeline.fireErrorCaught(ChannelError.ioOnClosedChannel)
        #expect(log.entries.first == "ready")
        #expect(log.entries.dropFirst().first?.hasPrefix("failed") == true)
        #expect(log.entries.last == "closed")
        #expect(!channel.isActive)
    }

    @Test func writabilityIsPassedOn() throws {
        let (channel, log) = try channel()
        defer { finish(channel) }
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 6667)).wait()
        channel.isWritable = false
        channel.pipeline.fireChannelWritabilityChanged()
        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
        #expect(log.entries == ["ready", "writable false", "writable true"])
    }

    @Test func theServerClosingIsReportedOnce() throws {
        let (channel, log) = try channel()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 6667)).wait()
        _ = try channel.finish()
        #expect(log.entries == ["ready", "closed"])
    }

    /// Counts the reads that pass the line handler towards the socket.
    final class ReadCounter: ChannelOutboundHandler {
        typealias OutboundIn = ByteBuffer
        var reads = 0
        func read(context: ChannelHandlerContext) {
            reads += 1
            context.read()
        }
    }

    @Test func readsWaitWhileTheOwnersQueueIsBackloggedAndResumeAtTheDrain() throws {
        let queue = IRCTransportEventQueue(backlogLimit: 3) {}
        let counter = ReadCounter()
        let channel = EmbeddedChannel()
        defer { finish(channel) }
        let handler = IRCLineHandler(waitsForTLSHandshake: false, limits: .incoming, backlog: queue) { event in
            guard case .lines(let lines) = event else { return }
            queue.post(lines.map { _ in IRCTransportEvent(transport: IRCTransportID(rawValue: 1), connection: 1, kind: .stopped) })
        }
        try channel.pipeline.syncOperations.addHandler(counter)
        try channel.pipeline.syncOperations.addHandler(handler)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 6667)).wait()
        channel.read()
        #expect(counter.reads == 1, "reads pass while the owner keeps up")

        try channel.writeInbound(bytes("PING :a\r\nPING :b\r\n"))
        channel.read()
        #expect(counter.reads == 2, "two queued events: under the limit")
        #expect(!handler.isHoldingReads)

        try channel.writeInbound(bytes("PING :c\r\n"))
        #expect(handler.isHoldingReads, "three queued events: the owner is behind")
        channel.read()
        channel.read()
        #expect(counter.reads == 2, "NIO's reads are held, not passed to the socket")

        #expect(queue.drain().count == 3)
        channel.embeddedEventLoop.run()
        #expect(!handler.isHoldingReads)
        #expect(counter.reads == 3, "the held read goes out once after the drain")
        channel.read()
        #expect(counter.reads == 4)
    }
}
