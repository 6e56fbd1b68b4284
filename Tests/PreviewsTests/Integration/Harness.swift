import ChatModel
import Foundation
@testable import Previews
import SDLBackend
import Synchronization

/// A `PreviewService` over a fresh cache folder, its debug-log lines and wake-ups kept.
@MainActor
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
         freshness: Duration = .seconds(86_400)) {
        self.folder = folder
        let log = self.log
        service = PreviewService(cacheFolder: folder, limits: limits, cacheCapacity: cacheCapacity, cacheFreshness: freshness,
                                 userAgent: PreviewService.userAgent(version: "9.9.9"), thumbnailer: thumbnailer.maker,
                                 log: { log.append($0) }, wakeUp: {})
    }

    /// Asks for each URL and waits for as many outcomes (or `within` to pass).
    func fetch(_ urls: [String], wantsImages: Bool = true, within: Duration = .seconds(40)) async -> [PreviewOutcome] {
        for url in urls { service.fetchPreview(PreviewRequest(url: url, wantsImages: wantsImages)) }
        return await outcomes(Set(urls).count, within: within)
    }

    func fetch(_ url: String, wantsImages: Bool = true) async -> PreviewOutcome? {
        await fetch([url], wantsImages: wantsImages).first
    }

    func outcomes(_ count: Int, within: Duration) async -> [PreviewOutcome] {
        var outcomes: [PreviewOutcome] = []
        let deadline = ContinuousClock.now + within
        while outcomes.count < count, ContinuousClock.now < deadline {
            outcomes += service.drain()
            if outcomes.count < count { try? await Task.sleep(for: .milliseconds(20)) }
        }
        return outcomes
    }
}
