import AsyncHTTPClient
import Dispatch
import ChatModel
import NIOCore
import NIOHTTP1
import NIOSSL
import Synchronization

/// One preview fetched: the link's hops (each host resolved here and checked, then connected to
/// at the address that was checked), its body streamed up to a bound, sniffed, and a page's
/// image fetched the same way. Runs off the main thread; every step within the total limit.
struct PreviewFetcher: Sendable {
    let limits: PreviewFetchLimits
    let group: any EventLoopGroup
    let tls: TLSConfiguration?
    let userAgent: String
    let cache: PreviewCache
    let thumbnailer: ThumbnailMaker
    let log: @Sendable (String) -> Void

    /// A body as it came: where it came from after redirects, its type and validators.
    struct Download {
        var url: PreviewURL
        var status: Int
        var contentType: String?
        var validator: PreviewCache.Validator?
        var body: [UInt8]
    }

    /// The outcome of `request`, given up at the total limit.
    /// `interim` takes a first answer (a card whose image's size its page declares) before the
    /// image is fetched. A stale cached preview stands when the fetch fails.
    ///
    /// The limit is a timer on the network loop that shuts the fetch's clients down (and drops
    /// a lookup), rather than a cancelled task: the client's own cancellation goes through an
    /// actor on the cooperative pool, which blocking work elsewhere can hold.
    func outcome(for request: PreviewRequest, cached: PreviewCache.Hit?,
                 interim: @escaping @Sendable (PreviewOutcome) -> Void) async -> PreviewOutcome {
        let total = limits.totalTimeout
        let deadline = FetchDeadline()
        group.next().scheduleTask(in: .nanoseconds(total.nanoseconds)) { deadline.expire() }
        // A first answer already shown (a card waiting for its image) is what stays if the rest
        // fails: the row keeps the card, without the image, rather than lose it.
        let shown = Mutex<LinkPreview?>(nil)
        let fetched = await FetchDeadline.$current.withValue(deadline) {
            await fetch(request, cached: cached, interim: { first in
                shown.withLock { $0 = first.preview }
                interim(first)
            })
        }
        let outcome = fetched.preview == nil && deadline.isExpired
            ? PreviewOutcome(url: request.url, preview: nil, reason: "gave up after \(total) (the total limit)") : fetched
        guard outcome.preview == nil else { return outcome }
        log("preview of \(request.url): \(outcome.reason ?? "nothing to show")")
        if let cached { return PreviewOutcome(url: request.url, preview: cached.preview, reason: "stale: " + (outcome.reason ?? "")) }
        if var card = shown.withLock({ $0 }) {
            card.thumbnail = nil
            return PreviewOutcome(url: request.url, preview: card, reason: outcome.reason)
        }
        return outcome
    }

    private func fetch(_ request: PreviewRequest, cached: PreviewCache.Hit?,
                       interim: @Sendable (PreviewOutcome) -> Void) async -> PreviewOutcome {
        guard let url = PreviewURL(request.url) else {
            return PreviewOutcome(url: request.url, preview: nil, reason: "not an http(s) URL")
        }
        let page: Download
        do {
            page = try await download(url, image: false, validator: cached?.validator, denied: request.deniedHosts)
        } catch {
            return PreviewOutcome(url: request.url, preview: nil, reason: error.reason)
        }
        if page.status == 304, let cached {
            cache.refresh(PreviewCache.key(for: request))
            return PreviewOutcome(url: request.url, preview: cached.preview)
        }
        let body = PreviewBuilder.examine(page.body, contentType: page.contentType, pageURL: page.url.text,
                                          maxPixels: limits.maxImagePixels, maxSide: limits.maxImageSide)
        let outcome: PreviewOutcome
        switch body {
        case .refused(let reason):
            return PreviewOutcome(url: request.url, preview: nil, reason: reason)
        case .image(let header):
            guard request.wantsImages else { return PreviewOutcome(url: request.url, preview: nil, reason: "images are not wanted") }
            outcome = PreviewBuilder.imageOutcome(
                PreviewBuilder.thumbnail(of: page.body, header: header, imageURL: page.url.text, folder: cache.folder,
                                         thumbnailer: thumbnailer),
                request: request)
        case .page(let metadata):
            var thumbnail: PreviewThumbnail?
            var note: String?
            if let first = PreviewBuilder.firstAnswer(for: metadata, request: request, pageURL: page.url.text) { interim(first) }
            if request.wantsImages, let imageURL = metadata.imageURL.flatMap(PreviewURL.init) {
                switch await image(imageURL, denied: request.deniedHosts) {
                case .success(let made): thumbnail = made
                case .failure(let failure):
                    note = "no image: " + failure.reason
                    log("preview of \(request.url): its image \(imageURL.text): \(failure.reason)")
                }
            }
            outcome = PreviewBuilder.card(metadata, request: request, pageURL: page.url.text, thumbnail: thumbnail, note: note)
        }
        if let preview = outcome.preview { cache.store(preview, validator: page.validator, key: PreviewCache.key(for: request)) }
        return outcome
    }

    /// A page's image: fetched, checked and made into a thumbnail.
    private func image(_ url: PreviewURL, denied: [String]) async -> Result<PreviewThumbnail, PreviewFailure> {
        do {
            let download = try await download(url, image: true, validator: nil, denied: denied)
            switch PreviewBuilder.examine(download.body, contentType: download.contentType, pageURL: download.url.text,
                                          maxPixels: limits.maxImagePixels, maxSide: limits.maxImageSide) {
            case .image(let header):
                return PreviewBuilder.thumbnail(of: download.body, header: header, imageURL: download.url.text,
                                                folder: cache.folder, thumbnailer: thumbnailer)
            case .page: return .failure(PreviewFailure("the image is a page"))
            case .refused(let reason): return .failure(PreviewFailure(reason))
            }
        } catch {
            return .failure(error)
        }
    }

    /// GET `start`, following redirects here (each hop's host checked again), the body read up
    /// to its bound: an HTML page's head bound (the rest is not read) or the image bound (past
    /// it, refused); an image whose header is too large is refused as soon as the header is in.
    /// A host on `denied` (the user's `previews.deny_hosts`) is never contacted, on any hop.
    func download(_ start: PreviewURL, image: Bool, validator: PreviewCache.Validator?,
                  denied: [String] = []) async throws(PreviewFailure) -> Download {
        var url = start
        var redirects = 0
        while true {
            if FetchDeadline.current?.isExpired == true { throw PreviewFailure("the total limit passed") }
            if denied.contains(where: { url.host == $0 || url.host.hasSuffix("." + $0) }) {
                throw PreviewFailure("\(url.host) is on the deny list")
            }
            let address = try await checkedAddress(of: url.host, port: url.port)
            let client = makeClient(host: url.host, address: address)
            FetchDeadline.current?.onExpiry { Self.close(client) }
            do {
                let response = try await get(url, validator: redirects == 0 ? validator : nil, with: client)
                let status = Int(response.status.code)
                if (300..<400).contains(status), status != 304, let location = response.headers.first(name: "location") {
                    redirects += 1
                    guard redirects <= limits.maxRedirects else {
                        throw PreviewFailure("more than \(limits.maxRedirects) redirects")
                    }
                    guard let next = url.resolving(location) else { throw PreviewFailure("a redirect to \(location), not http(s)") }
                    Self.close(client)
                    url = next
                    continue
                }
                let contentType = response.headers.first(name: "content-type")
                let tag = response.headers.first(name: "etag"), modified = response.headers.first(name: "last-modified")
                let validators = tag == nil && modified == nil ? nil : PreviewCache.Validator(etag: tag, lastModified: modified)
                var body: [UInt8] = []
                if status != 304 {
                    guard (200..<300).contains(status) else { throw PreviewFailure("the server answered \(status)") }
                    body = try await read(response.body, image: image)
                }
                Self.close(client)
                return Download(url: url, status: status, contentType: contentType, validator: validators, body: body)
            } catch {
                Self.close(client)
                if let failure = error as? PreviewFailure { throw failure }
                throw PreviewFailure(Task.isCancelled ? "cancelled" : "\(url.text): " + Self.words(for: error))
            }
        }
    }

    /// Shuts `client` down without waiting: its callback comes through a dispatch queue, and
    /// global dispatch workers can be all busy with blocking work elsewhere for long. A serial
    /// queue of our own gets a thread of its own; the callback keeps the client alive until then.
    private static func close(_ client: HTTPClient) {
        client.shutdown(queue: shutdownQueue) { _ in _ = client }
    }

    private static let shutdownQueue = DispatchQueue(label: "natter.previews.shutdown")

    /// An error of the client in words for the debug log.
    private static func words(for error: any Error) -> String {
        guard let error = error as? HTTPClientError else { return "\(error)" }
        switch error {
        case .connectTimeout: return "no connection within the connect limit"
        case .deadlineExceeded: return "no answer within the total limit"
        case .readTimeout: return "the server stopped sending"
        case .remoteConnectionClosed: return "the server closed the connection"
        default: return "\(error)"
        }
    }

    private func get(_ url: PreviewURL, validator: PreviewCache.Validator?, with client: HTTPClient) async throws -> HTTPClientResponse {
        var request = HTTPClientRequest(url: url.text)
        request.method = .GET
        request.headers.add(name: "User-Agent", value: userAgent)
        request.headers.add(name: "Accept", value: "text/html,application/xhtml+xml;q=0.9,image/png,image/jpeg,image/gif,image/webp;q=0.8,*/*;q=0.1")
        // No compression: a small gzip body could unpack to gigabytes.
        request.headers.add(name: "Accept-Encoding", value: "identity")
        if let etag = validator?.etag { request.headers.add(name: "If-None-Match", value: etag) }
        if let modified = validator?.lastModified { request.headers.add(name: "If-Modified-Since", value: modified) }
        return try await client.execute(request, timeout: .nanoseconds(limits.totalTimeout.nanoseconds))
    }

    /// The body up to its bound; stops reading there (an endless body is cut, not buffered).
    /// How far into an image its header is looked for while it streams in.
    static let headerWindow = 1 << 20

    private func read(_ body: HTTPClientResponse.Body, image: Bool) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        var bound = image ? limits.maxImageBytes : limits.maxHTMLBytes
        var kind: ContentKind?
        var headerChecked = false
        for try await chunk in body {
            bytes += chunk.readableBytesView.prefix(bound + 1 - bytes.count)
            if kind == nil, bytes.count >= 512 {
                let sniffed = ContentSniffer.kind(of: Array(bytes.prefix(512)))
                kind = sniffed
                bound = sniffed.isImage ? limits.maxImageBytes : limits.maxHTMLBytes
            }
            // The header is read until it is found, once a chunk, and only within its first
            // MiB: read again from the start on every chunk of a body with no frame header
            // (a JPEG of nothing but segments), it cost seconds, quadratic in the body's size.
            if let kind, kind.isImage, !headerChecked {
                if let header = ImageHeader.read(bytes) {
                    headerChecked = true
                    if let refusal = header.refusal(maxPixels: limits.maxImagePixels, maxSide: limits.maxImageSide) {
                        throw PreviewFailure(refusal)
                    }
                } else if bytes.count > Self.headerWindow {
                    throw PreviewFailure("no image header in the first \(Self.headerWindow >> 20) MiB")
                }
            }
            if bytes.count > bound {
                if kind?.isImage == true || (kind == nil && image) {
                    throw PreviewFailure("the image is larger than \(bound) bytes")
                }
                bytes.removeLast(bytes.count - bound)
                break
            }
        }
        return bytes
    }

    /// The address to connect to for `host`: the first that is public, or any when private
    /// addresses are allowed. An IP literal is checked as it is.
    private func checkedAddress(of host: String, port: Int) async throws(PreviewFailure) -> String {
        let addresses: [[UInt8]]
        switch await HostResolver.resolve(host) {
        case .success(let found): addresses = found
        case .failure(let failure): throw failure
        }
        if limits.allowsPrivateAddresses { return AddressPolicy.text(of: addresses[0]) }
        var refusals: [String] = []
        for address in addresses {
            let text = AddressPolicy.text(of: address)
            let endpoint = (address.count == 16 ? "[\(text)]" : text) + ":\(port)"
            guard let refusal = AddressPolicy.refusal(of: address), !limits.allowedPrivateEndpoints.contains(endpoint) else {
                return text
            }
            refusals.append("\(text) is \(refusal)")
        }
        throw PreviewFailure("refused \(host): " + refusals.joined(separator: ", "))
    }

    /// A client for one hop: connects to `address` (the checked one) whatever the host's name
    /// resolves to now, with TLS still verified for the name; no redirects, no decompression,
    /// no cookies (it keeps none), the connect limit.
    private func makeClient(host: String, address: String) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .disallow,
            timeout: .init(connect: .nanoseconds(limits.connectTimeout.nanoseconds)),
            connectionPool: .init(idleTimeout: .seconds(1)), decompression: .disabled)
        if address != host { configuration.dnsOverride = [host: address] }
        return HTTPClient(eventLoopGroup: group, configuration: configuration)
    }
}

extension Duration {
    /// The duration in nanoseconds (saturating).
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds.multipliedReportingOverflow(by: 1_000_000_000).overflow ? .max : seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

extension Error {
    var reason: String { (self as? PreviewFailure)?.reason ?? "\(self)" }
}

/// The end of one fetch's time. When it comes (a timer on the network loop), what the fetch
/// waits on is ended from there: its clients shut down, a lookup dropped.
final class FetchDeadline: Sendable {
    private struct State {
        var expired = false
        var actions: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())
    /// The deadline of the fetch the current task runs.
    @TaskLocal static var current: FetchDeadline?

    var isExpired: Bool { state.withLock { $0.expired } }

    /// Runs `action` when the deadline comes (at once when it has).
    func onExpiry(_ action: @escaping @Sendable () -> Void) {
        let late = state.withLock { state in
            if !state.expired { state.actions.append(action) }
            return state.expired
        }
        if late { action() }
    }

    func expire() {
        let actions = state.withLock { state in
            state.expired = true
            defer { state.actions = [] }
            return state.actions
        }
        actions.forEach { $0() }
    }
}
