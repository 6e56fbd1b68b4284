import IRCProtocol
import NIOCore
import NIOTLS

/// The pipeline's only IRC handler: frames bytes into lines with ``IRCLineDecoder`` (a tiny
/// framer; the parsing is IRCProtocol's) and reports the link's life as ``Event``s. It decides
/// nothing: ``IRCTransport`` turns the events into ``TransportMachine`` inputs. Runs on the
/// channel's event loop; tested in NIO's `EmbeddedChannel`.
///
/// It also holds the channel's reads while the owner's event queue is backlogged
/// (``IRCTransportEventQueue/isBacklogged``): the read NIO asks for next is kept back until
/// the owner drains, so a flood waits in the socket, not in memory.
final class IRCLineHandler: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// What the handler reports, in the order the channel sees it.
    enum Event {
        /// The link carries lines: at activation, or after the TLS handshake when there is one.
        case ready(any Channel)
        /// Lines framed from one read (never empty).
        case lines([Result<String, IRCLineError>])
        case writabilityChanged(Bool)
        /// An error; the handler closes the channel after it.
        case failed(any Error)
        /// The channel closed.
        case closed
    }

    private let waitsForTLSHandshake: Bool
    private var decoder: IRCLineDecoder
    private let report: (Event) -> Void
    /// The queue whose backlog holds reads back (none: reads are never held).
    private let backlog: IRCTransportEventQueue?
    /// Reads are held until the backlog drains; a read NIO asked for meanwhile is pending.
    private var holding = false
    private var readPending = false

    init(waitsForTLSHandshake: Bool, limits: IRCLineLimits, backlog: IRCTransportEventQueue? = nil,
         report: @escaping (Event) -> Void) {
        self.waitsForTLSHandshake = waitsForTLSHandshake
        decoder = IRCLineDecoder(limits: limits)
        self.backlog = backlog
        self.report = report
    }

    /// Whether reads are being held for the owner to catch up (tests).
    var isHoldingReads: Bool { holding }

    func channelActive(context: ChannelHandlerContext) {
        if !waitsForTLSHandshake { report(.ready(context.channel)) }
        context.fireChannelActive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let tls = event as? TLSUserEvent, case .handshakeCompleted = tls {
            report(.ready(context.channel))
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        let lines = buffer.withUnsafeReadableBytes { decoder.decode(buffer: $0.bindMemory(to: UInt8.self)) }
        if !lines.isEmpty { report(.lines(lines)) }
        if !holding, let backlog, backlog.isBacklogged {
            holding = true
            let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            let loop = context.eventLoop
            backlog.whenDrained { loop.execute { handler.value.resume(context: bound.value) } }
        }
    }

    func read(context: ChannelHandlerContext) {
        if holding {
            readPending = true
        } else {
            context.read()
        }
    }

    /// The owner drained: the read held back goes out now.
    private func resume(context: ChannelHandlerContext) {
        holding = false
        guard readPending else { return }
        readPending = false
        if context.channel.isActive { context.read() }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        report(.writabilityChanged(context.channel.isWritable))
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // An unterminated last line at a drop is a truncated line, not a line: it is not reported.
        report(.failed(error))
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        report(.closed)
        context.fireChannelInactive()
    }
}
