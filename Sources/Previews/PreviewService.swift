import AsyncHTTPClient
import ChatModel
import IRCTransport
import NIOCore
import NIOSSL
import Glibc
import Synchronization

/// The app's preview fetcher (``PreviewFetching``): answers from the disk cache at once when it
/// can, else fetches over HTTP with the bounds of ``PreviewFetchLimits``, a few at a time, one
/// fetch per URL. Outcomes wait in a queue: `wakeUp` is called (from a network thread) when
/// one is added, and the app's frame hands them to the model through ``drain()``, as the
/// network hub does with its links' events.
///
/// Not tied to the main actor, as the model's protocol is not: every member is safe from any
/// thread (the cache and the queue are locked). The fetches' Swift code runs on threads of
/// their own (``PreviewExecutor``) and their timers on the network loop, so that nothing waits
/// for the cooperative pool, whose few threads blocking work elsewhere could hold.
public final class PreviewService: PreviewFetching, Sendable {
    /// The cache answers come from and go to.
    public let cache: PreviewCache
    /// The bounds every fetch keeps.
    public let limits: PreviewFetchLimits
    private let fetcher: PreviewFetcher
    private let state: FetchQueue

    /// The User-Agent header for a version of Natter: `Natter/VERSION (link preview)`.
    public static func userAgent(version: String) -> String { "Natter/\(version) (link preview)" }

    /// A service over the cache in `cacheFolder`. `thumbnailer` decodes and scales images (the
    /// SDL backend's); a cached preview is answered without the network for `cacheFreshness`,
    /// then asked for again with its validators. `log` takes a line for the debug log on each failure, `wakeUp` is called
    /// from any thread when outcomes wait. `tlsConfiguration`: nil for the system's trust
    /// (certificates verified); tests pass their own CA.
    public init(cacheFolder: String, limits: PreviewFetchLimits = PreviewFetchLimits(), cacheCapacity: Int = 200 << 20,
                cacheFreshness: Duration = .seconds(86_400), userAgent: String, thumbnailer: @escaping ThumbnailMaker, tlsConfiguration: TLSConfiguration? = nil,
                eventLoopGroup: any EventLoopGroup = IRCTransport.sharedEventLoopGroup,
                log: @escaping @Sendable (String) -> Void, wakeUp: @escaping @Sendable () -> Void) {
        cache = PreviewCache(folder: cacheFolder, capacity: cacheCapacity, freshness: cacheFreshness)
        self.limits = limits
        fetcher = PreviewFetcher(limits: limits, group: eventLoopGroup, tls: tlsConfiguration, userAgent: userAgent,
                                 cache: cache, thumbnailer: thumbnailer, log: log)
        state = FetchQueue(maxRunning: limits.maxConcurrentFetches, wakeUp: wakeUp)
    }

    /// Starts `request`'s preview: a cached one is queued at once, fresh or not (a stale one
    /// shows while it is asked for again, rather than after a revalidation that takes up to the
    /// total limit offline; what comes then replaces it if it differs); a URL already being
    /// fetched (or waiting) is joined, not fetched twice.
    public func fetchPreview(_ request: PreviewRequest) {
        let hit = cache.lookUp(PreviewCache.key(for: request))
        if let hit {
            state.post(PreviewOutcome(url: request.url, preview: hit.preview))
            if !hit.isStale { return }
        }
        if let ready = state.admit(request, cached: hit) { start(ready) }
    }

    /// The outcomes that arrived since the last drain, oldest first.
    public func drain() -> [PreviewOutcome] { state.drain() }

    /// Fetches running and waiting (for tests and the debug overlay).
    public var pending: (running: Int, waiting: Int) { state.counts }

    private func start(_ job: FetchQueue.Job) {
        let fetcher = self.fetcher, state = self.state
        Task.detached(executorPreference: PreviewExecutor.shared) {
            var next: FetchQueue.Job? = job
            while let current = next {
                let outcome = await fetcher.outcome(for: current.request, cached: current.cached, interim: { state.post($0) })
                next = state.finish(current.request.url, outcome: outcome)
            }
        }
    }
}

/// The fetches' shared state: what runs, what waits, the outcomes not yet drained.
final class FetchQueue: Sendable {
    struct Job: Sendable {
        var request: PreviewRequest
        var cached: PreviewCache.Hit?
    }

    private struct State {
        var running: Set<String> = []
        var waiting: [Job] = []
        var outcomes: [PreviewOutcome] = []
        var wakeUpPending = false
    }

    private let state = Mutex(State())
    private let maxRunning: Int
    private let wakeUp: @Sendable () -> Void

    init(maxRunning: Int, wakeUp: @escaping @Sendable () -> Void) {
        self.maxRunning = maxRunning
        self.wakeUp = wakeUp
    }

    /// The job to start now, or nil: it waits, or its URL is already on its way.
    func admit(_ request: PreviewRequest, cached: PreviewCache.Hit?) -> Job? {
        state.withLock { state in
            guard !state.running.contains(request.url), !state.waiting.contains(where: { $0.request.url == request.url }) else {
                return nil
            }
            let job = Job(request: request, cached: cached)
            guard state.running.count < maxRunning else {
                state.waiting.append(job)
                return nil
            }
            state.running.insert(request.url)
            return job
        }
    }

    /// Records a finished fetch's outcome; the next waiting job, which the caller runs.
    func finish(_ url: String, outcome: PreviewOutcome) -> Job? {
        let (next, wake) = state.withLock { state -> (Job?, Bool) in
            state.running.remove(url)
            state.outcomes.append(outcome)
            var next: Job?
            if !state.waiting.isEmpty {
                // The newest first: the row the reader looks at now, not those a fling passed.
                let job = state.waiting.removeLast()
                state.running.insert(job.request.url)
                next = job
            }
            defer { state.wakeUpPending = true }
            return (next, !state.wakeUpPending)
        }
        if wake { wakeUp() }
        return next
    }

    func post(_ outcome: PreviewOutcome) {
        let wake = state.withLock { state in
            state.outcomes.append(outcome)
            defer { state.wakeUpPending = true }
            return !state.wakeUpPending
        }
        if wake { wakeUp() }
    }

    func drain() -> [PreviewOutcome] {
        state.withLock { state in
            state.wakeUpPending = false
            defer { state.outcomes = [] }
            return state.outcomes
        }
    }

    var counts: (running: Int, waiting: Int) { state.withLock { ($0.running.count, $0.waiting.count) } }
}

/// Runs the fetches' jobs on two threads of its own, shared by every service: not the
/// cooperative pool's nor dispatch's global workers, which blocking work elsewhere (a test's
/// wait, a synchronous call) can occupy for as long as it likes, so fetches (and their
/// thumbnails, decoded here) make progress however busy those are, and never occupy them.
final class PreviewExecutor: TaskExecutor, Sendable {
    static let shared = PreviewExecutor(threads: 2)

    private let jobs = Mutex<[UnownedJob]>([])
    /// Counts the jobs waiting; a POSIX semaphore is safe from any thread by design.
    nonisolated(unsafe) private let ready: UnsafeMutablePointer<sem_t>

    private init(threads: Int) {
        ready = .allocate(capacity: 1)
        sem_init(ready, 0, 0)
        for _ in 0..<threads {
            BackgroundThread.start { [self] in
                while true {
                    while sem_wait(ready) != 0 {}   // EINTR
                    guard let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
                    job.runSynchronously(on: asUnownedTaskExecutor())
                }
            }
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        sem_post(ready)
    }
}
