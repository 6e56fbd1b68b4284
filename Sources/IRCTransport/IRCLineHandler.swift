import IRCProtocol
import NIOCore
import NIOTLS

/// The pipeline's only IRC handler: frames bytes into lines with ``IRCLineDecoder`` (a tiny
/// framer; the parsing is IRCProtocol's) and reports the link's life to its ``IRCTransport``.
/// Runs on the transport's event loop.
final class IRCLineHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let transport: IRCTransport
    private let connection: Int
    private let waitsForTLSHandshake: Bool
    private var decoder: IRCLineDecoder

    init(transport: IRCTransport, connection: Int, waitsForTLSHandshake: Bool, limits: IRCLineLimits) {
        self.transport = transport
        self.connection = connection
        self.waitsForTLSHandshake = waitsForTLSHandshake
        decoder = IRCLineDecoder(limits: limits)
    }

    func channelActive(context: ChannelHandlerContext) {
        if !waitsForTLSHandshake { transport.linkReady(connection, channel: context.channel) }
        context.fireChannelActive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let tls = event as? TLSUserEvent, case .handshakeCompleted = tls {
            transport.linkReady(connection, channel: context.channel)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        let lines = buffer.withUnsafeReadableBytes { decoder.decode(buffer: $0.bindMemory(to: UInt8.self)) }
        transport.linesReceived(lines, connection: connection)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        transport.writabilityChanged(connection)
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // An unterminated last line at a drop is a truncated line, not a line: it is not reported.
        transport.linkFailed(connection, error: error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        transport.linkClosed(connection)
        context.fireChannelInactive()
    }
}
