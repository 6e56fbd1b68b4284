import ChatModel
import Foundation
import NIOSSL
@testable import Previews
import SDLBackend
import Synchronization

/// A `PreviewService` over a fresh cache folder, its debug-log lines kept. Waits block the
/// test's thread (polling the queue as the app's frame does), so that nothing the tests wait
/// for needs a thread of the cooperative pool, which the whole suite shares.
final class Harness {
    let service: PreviewService
    let folder: String
    let log = Lines()
    /// The app's own thumbnailer (SDL_image), its calls counted.
    let thumbnailer = PreviewBuilderTests.HeaderThumbnailer(real: ImageThumbnailer.write)

    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// Short limits (their values are not the point of most tests); loopback reachable only at
    /// `allowing` unless `allowsPrivate`.
    static func limits(allowing endpoints: Set<String> = [], allowsPrivate: Bool = false, total: Duration = .seconds(10),
                       connect: Duration = .seconds(5)) -> PreviewFetchLimits {
        PreviewFetchLimits(connectTimeout: connect, totalTimeout: total, maxImageBytes: 1 << 20,
                           allowsPrivateAddresses: allowsPrivate, allowedPrivateEndpoints: endpoints)
    }

    init(limits: PreviewFetchLimits, folder: String = Fixture.temporaryFolder(), cacheCapacity: Int = 200 << 20,
         freshness: Duration = .seconds(86_400), tls: TLSConfiguration? = nil) {
        self.folder = folder
        let log = self.log
        service = PreviewService(cacheFolder: folder, limits: limits, cacheCapacity: cacheCapacity, cacheFreshness: freshness,
                                 userAgent: PreviewService.userAgent(version: "9.9.9"), thumbnailer: thumbnailer.maker,
                                 tlsConfiguration: tls,
                                 log: { log.append($0) }, wakeUp: {})
    }

    /// Asks for each URL and waits for as many outcomes (or `within` to pass).
    func fetch(_ urls: [String], wantsImages: Bool = true, within: Duration = .seconds(40)) -> [PreviewOutcome] {
        for url in urls { service.fetchPreview(PreviewRequest(url: url, wantsImages: wantsImages)) }
        return outcomes(Set(urls).count, within: within)
    }

    func fetch(_ url: String, wantsImages: Bool = true) -> PreviewOutcome? {
        fetch([url], wantsImages: wantsImages).first
    }

    func outcomes(_ count: Int, within: Duration) -> [PreviewOutcome] {
        var outcomes: [PreviewOutcome] = []
        let deadline = ContinuousClock.now + within
        while outcomes.count < count, ContinuousClock.now < deadline {
            outcomes += service.drain()
            if outcomes.count < count { usleep(20_000) }
        }
        return outcomes
    }
}
