import ChatModel
import IRCTransport
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// What an upload reports to the main thread.
public enum UploadEvent: Hashable, Sendable {
    /// `sent` of `total` bytes have gone to the socket.
    case progress(id: Int, sent: Int64, total: Int64)
    /// It ended (uploaded, refused, failed or cancelled); nothing more comes for `id`.
    case finished(id: Int, UploadOutcome)
}

/// Uploads files to file hosts (``UploadHTTP``) over SwiftNIO on the transports' event loop:
/// the file read from disk a chunk at a time as the socket takes it, never whole into memory.
/// Events wait in a queue; `wakeUp` is called (from the loop's thread) when the queue gains
/// one after a ``drain()``, and the owner drains on its own thread. Progress is kept as the
/// newest figure only, so a fast upload wakes the owner once per drain, not once per chunk.
public final class FileUploader: Sendable {
    private struct State {
        var events: [UploadEvent] = []
        var wakeUpPending = false
        var nextID = 1
        var channels: [Int: any Channel] = [:]
        var finished: Set<Int> = []
    }

    private let state = Mutex(State())
    private let group: any EventLoopGroup
    private let wakeUp: @Sendable () -> Void
    /// Seconds a connection may take to open.
    private let connectTimeout: Int64

    /// Creates an uploader on `eventLoopGroup` (the transports' by default); `wakeUp` must not block.
    public init(eventLoopGroup: any EventLoopGroup = IRCTransport.sharedEventLoopGroup, connectTimeout: Int64 = 15,
                wakeUp: @escaping @Sendable () -> Void) {
        self.group = eventLoopGroup
        self.wakeUp = wakeUp
        self.connectTimeout = connectTimeout
    }

    /// Starts uploading `request`, authenticated with `credentials`; returns its id for
    /// ``cancel(_:)`` and the events. The credentials go into the request's header only.
    @discardableResult
    public func start(_ request: UploadRequest, credentials: UploadCredentials?) -> Int {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        guard let target = UploadHTTP.target(request.uploadURL) else {
            finish(id, .failed("the file host's address cannot be used"))
            return id
        }
        let sslContext: NIOSSLContext?
        do {
            sslContext = target.isTLS ? try NIOSSLContext(configuration: .makeClientConfiguration()) : nil
        } catch {
            finish(id, .failed("TLS could not be set up (\(error))"))
            return id
        }
        let head = UploadHTTP.head(for: request, target: target, credentials: credentials)
        let serverName = target.isTLS && !Self.isAddress(target.host) ? target.host : nil
        let reporter = UploadReporter(id: id, uploader: self)
        let bootstrap = ClientBootstrap(group: group)
            .connectTimeout(.seconds(connectTimeout))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    if let sslContext { try sync.addHandler(try NIOSSLClientHandler(context: sslContext, serverHostname: serverName)) }
                    try sync.addHTTPClientHandlers()
                    try sync.addHandler(UploadHandler(request: request, head: head, reporter: reporter))
                }
            }
        bootstrap.connect(host: target.host, port: target.port).whenComplete { [self] result in
            switch result {
            case .success(let channel):
                let cancelled = state.withLock { state in
                    if state.finished.contains(id) { return true }
                    state.channels[id] = channel
                    return false
                }
                if cancelled { channel.close(promise: nil) }
            case .failure(let error):
                finish(id, .failed("\(target.host) could not be reached (\(Self.words(error)))"))
            }
        }
        return id
    }

    /// Cancels upload `id`: its connection closes and it ends as cancelled (unless it had
    /// already ended).
    public func cancel(_ id: Int) {
        finish(id, .cancelled)
    }

    /// Takes the events that came since the last drain, oldest first.
    public func drain() -> [UploadEvent] {
        state.withLock { state in
            defer { state.events.removeAll(keepingCapacity: true); state.wakeUpPending = false }
            return state.events
        }
    }

    func progress(_ id: Int, sent: Int64, total: Int64) {
        let wake = state.withLock { state -> Bool in
            guard !state.finished.contains(id) else { return false }
            if let last = state.events.lastIndex(where: { if case .progress(id, _, _) = $0 { true } else { false } }) {
                state.events.remove(at: last)
            }
            state.events.append(.progress(id: id, sent: sent, total: total))
            defer { state.wakeUpPending = true }
            return !state.wakeUpPending
        }
        if wake { wakeUp() }
    }

    /// Ends upload `id` with `outcome`, the first time only; closes its connection.
    func finish(_ id: Int, _ outcome: UploadOutcome) {
        let (wake, channel) = state.withLock { state -> (Bool, (any Channel)?) in
            guard state.finished.insert(id).inserted else { return (false, nil) }
            state.events.append(.finished(id: id, outcome))
            defer { state.wakeUpPending = true }
            return (!state.wakeUpPending, state.channels.removeValue(forKey: id))
        }
        channel?.close(promise: nil)
        if wake { wakeUp() }
    }

    static func isAddress(_ host: String) -> Bool {
        host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
    }

    /// An error in words: NIO's own descriptions, without the type names around them.
    static func words(_ error: any Error) -> String {
        if let io = error as? IOError { return io.description }
        if error is ChannelError { return "the connection failed" }
        return "\(error)"
    }
}

/// What the channel's handler reports through: the upload's id and its uploader.
struct UploadReporter: Sendable {
    let id: Int
    let uploader: FileUploader

    func progress(sent: Int64, total: Int64) { uploader.progress(id, sent: sent, total: total) }
    func finish(_ outcome: UploadOutcome) { uploader.finish(id, outcome) }
}
