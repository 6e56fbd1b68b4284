#if canImport(Glibc)
import Glibc
#endif
import ChatModel
import Dispatch
import NIOCore
import NIOHTTP1

/// One upload's channel handler, on the event loop: sends the head once connected, then the
/// file a chunk at a time (each read on another thread, so a slow disk or a stalled network
/// mount does not stall the loop the IRC links share) while the channel is writable and no
/// more than ``aheadLimit`` bytes
/// wait to be written (a TLS handshake holds every write back without making the channel
/// unwritable: without the bound, the whole file was read into memory before it), a chunk's
/// progress counted when it is written to the socket, and reads the answer. A server may
/// answer before it has the whole body (413 at once): the answer ends the upload all the
/// same. A server that neither takes nor answers for ``idleLimit`` ends it.
final class UploadHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundIn = HTTPClientRequestPart
    typealias OutboundOut = HTTPClientRequestPart

    /// Bytes read from the file per body part.
    static let chunkSize = 64 * 1024
    /// Bytes of an answer's body kept (only a short text is shown).
    static let bodyLimit = 4096
    /// Most bytes read from the file and not yet written to the socket.
    static let aheadLimit: Int64 = 4 * 64 * 1024
    /// How long the file host may take nothing and answer nothing.
    static let idleLimit = TimeAmount.seconds(60)
    /// Ends the upload when the file host has been idle for ``idleLimit``.
    private var idle: Scheduled<Void>?

    private let request: UploadRequest
    private let head: HTTPRequestHead
    private let reporter: UploadReporter
    private var file: Int32 = -1
    private var queued: Int64 = 0
    private var sent: Int64 = 0
    private var bodyDone = false
    /// A chunk is being read off the loop; the file is closed once it is back.
    private var reading = false
    private var closeAfterRead = false
    private var status: Int?
    private var answerHeaders = HTTPHeaders()
    private var answerBody: [UInt8] = []

    init(request: UploadRequest, head: HTTPRequestHead, reporter: UploadReporter) {
        self.request = request
        self.head = head
        self.reporter = reporter
    }

    func channelActive(context: ChannelHandlerContext) {
        // Without waiting (a FIFO put in the file's place since it was checked would block the
        // loop every connection shares), and only a regular file as large as announced.
        file = open(request.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        var info = stat()
        guard file >= 0, fstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int64(info.st_size) >= request.size else {
            reporter.finish(.failed("the file could not be opened as it was (is it still the same file?)"))
            context.close(promise: nil)
            return
        }
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        rearmIdle(context: context)
        pump(context: context)
        context.fireChannelActive()
    }

    /// Starts the idle limit again (something went out, or came in).
    private func rearmIdle(context: ChannelHandlerContext) {
        idle?.cancel()
        let reporter = reporter
        idle = context.eventLoop.assumeIsolated().scheduleTask(in: Self.idleLimit) { [weak self] in
            guard let self, status == nil else { return }
            reporter.finish(.failed("the file host stopped answering"))
            context.close(promise: nil)
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { pump(context: context) }
        context.fireChannelWritabilityChanged()
    }

    /// Reads the next chunk (off the event loop) while the channel takes them; the end once
    /// the file is all sent.
    private func pump(context: ChannelHandlerContext) {
        guard !reading, file >= 0, !bodyDone, status == nil, context.channel.isWritable, queued - sent < Self.aheadLimit else {
            return
        }
        let want = Int(min(Int64(Self.chunkSize), request.size - queued))
        if want == 0 {
            bodyDone = true
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            return
        }
        // The read happens on a thread of the readers' queue: a file on a stalled network
        // mount must not stall the loop every IRC link shares.
        reading = true
        let file = self.file, allocator = context.channel.allocator
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        Self.readers.async {
            var buffer = allocator.buffer(capacity: want)
            let count = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: want) { raw in
                Glibc.read(file, raw.baseAddress, want)
            }
            loopBound.eventLoop.execute {
                let (handler, context) = loopBound.value
                handler.chunkRead(buffer, count: count, context: context)
            }
        }
    }

    /// Where the file's chunks are read.
    private static let readers = DispatchQueue(label: "natter.uploads.read", attributes: .concurrent)

    /// A chunk came from the file (`count` bytes, or -1): written, or the upload ends.
    private func chunkRead(_ buffer: ByteBuffer, count: Int, context: ChannelHandlerContext) {
        reading = false
        if closeAfterRead {
            Glibc.close(file)
            file = -1
            return
        }
        guard status == nil, !bodyDone else { return }
        guard count > 0 else {
            reporter.finish(.failed(count == 0 ? "the file became shorter while it was read" : "the file could not be read"))
            context.close(promise: nil)
            return
        }
        queued += Int64(count)
        let promise = context.eventLoop.makePromise(of: Void.self)
        let total = request.size, reporter = reporter, written = Int64(count)
        promise.futureResult.assumeIsolated().whenSuccess { [weak self] _ in
            guard let self else { return }
            sent += written
            reporter.progress(sent: sent, total: total)
            rearmIdle(context: context)
            pump(context: context)   // room under the bound again
        }
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: promise)
        pump(context: context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        rearmIdle(context: context)
        switch unwrapInboundIn(data) {
        case .head(let answer):
            // 100 Continue and other interim answers say nothing yet.
            guard answer.status.code >= 200 else { return }
            status = Int(answer.status.code)
            answerHeaders = answer.headers
        case .body(var part):
            if status != nil, answerBody.count < Self.bodyLimit,
               let bytes = part.readBytes(length: min(part.readableBytes, Self.bodyLimit - answerBody.count)) {
                answerBody += bytes
            }
        case .end:
            guard let status else { return }
            reporter.finish(UploadHTTP.outcome(status: status, headers: answerHeaders, body: answerBody,
                                               uploadURL: request.uploadURL))
            context.close(promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // An answer already read ends the upload as it says (a refusal closes early, and the
        // rest of the body then fails to go).
        if status == nil { reporter.finish(.failed("the upload broke off (\(FileUploader.words(error)))")) }
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        idle?.cancel()
        idle = nil
        if reading {
            closeAfterRead = true   // its read still uses the descriptor
        } else if file >= 0 {
            Glibc.close(file)
            file = -1
        }
        if let status {
            reporter.finish(UploadHTTP.outcome(status: status, headers: answerHeaders, body: answerBody, uploadURL: request.uploadURL))
        } else {
            reporter.finish(.failed("the server closed the connection before answering"))
        }
        context.fireChannelInactive()
    }
}
