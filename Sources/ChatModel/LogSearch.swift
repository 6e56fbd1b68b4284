import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A line of the logs that a find-bar query matched: its id (`log:DAY:N`, as
/// ``LogStore/lines(network:buffer:before:limit:)`` names it) and its time, enough to open the
/// page around it (``ChatModel/requestAround(_:lineID:time:now:)``).
public struct LogHit: Sendable, Hashable {
    public var id: String
    public var time: Date
    public init(id: String, time: Date) { self.id = id; self.time = time }
}

/// Searching a buffer's logs on disk for a find-bar query, newest day first, from a time
/// backwards (what is older than the loaded lines).
///
/// Each day file is read whole and first checked for the query's lead word in its bytes as
/// they are (both cases of its rarest letter found with `memchr`): a day that lacks it is
/// skipped without looking at a line, so a rare word runs at about the speed the disk gives,
/// and the next day is read ahead meanwhile. In the days that pass, only the lines holding the
/// lead word are looked at, in their bytes (``LogDaySearch``). Invalid UTF-8 is read with
/// replacement characters, never dropped; a file that grows while it is read is searched as it
/// was when read.
///
/// The byte check assumes the logs are Natter's own (``LogLineFormat``: formatting stripped
/// when written): a word split by formatting codes in a foreign file may be missed in a day
/// that has it nowhere else.
public enum LogSearch {
    /// Runs the query `text` over the logs in `folder` (one buffer's), for lines before
    /// `before`, calling `found` with each day's hits, newest first, until done, until `limit`
    /// hits were given or until `isCancelled()` says so. Returns the number of bytes read.
    @discardableResult
    public static func run(folder: URL, timeZone: LocalZone, query text: String, before: Date, limit: Int = .max,
                           isCancelled: () -> Bool = { false }, found: ([LogHit]) -> Void) throws(SearchQueryError) -> Int {
        let query = try SearchQuery(parsing: text)
        guard !query.isEmpty else { return 0 }
        let search = LogDaySearch(query: query)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let days = names.filter { $0.hasSuffix(".log") }.map { String($0.dropLast(4)) }.sorted(by: >)
        var bytesRead = 0
        var total = 0
        for (k, day) in days.enumerated() {
            if isCancelled() || total >= limit { break }
            // The disk reads the next day while this one is checked: the search then runs at
            // the speed of whichever is slower, not of both one after the other.
            if k + 1 < days.count { prefetch(folder.appendingPathComponent(days[k + 1] + ".log")) }
            let parts = day.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 3, case let start = timeZone.startOfDay(year: parts[0], month: parts[1], day: parts[2]),
                  start < before,
                  let data = try? Data(contentsOf: folder.appendingPathComponent(day + ".log")) else { continue }
            bytesRead += data.count
            let hits = data.withUnsafeBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                return search.mayMatch(bytes) ? search.hits(in: bytes, name: day, start: start, before: before) : []
            }
            guard !hits.isEmpty else { continue }
            let newest = Array(hits.reversed().prefix(limit - total))
            total += newest.count
            found(newest)
        }
        return bytesRead
    }
}

extension LogSearch {
    /// Asks the kernel to read `file` into the page cache in the background.
    static func prefetch(_ file: URL) {
        let fd = open(file.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = posix_fadvise(fd, 0, 0, POSIX_FADV_WILLNEED)
        close(fd)
    }
}

/// A ``LogSearch`` on a thread of its own: hits gather behind a lock and are taken on the main
/// thread (``take()``), which `wakeUp` is called to do; ``cancel()`` stops it at the next day.
/// It stops after ``hitLimit`` hits: a word in every line of a year of logs would otherwise keep
/// millions of hits nobody steps through (the bar says "10000+").
public final class BackgroundLogSearch: Sendable {
    /// The most hits one search gives.
    public static let hitLimit = 10_000

    /// What a search found since it was last asked.
    public struct Progress: Sendable {
        /// The new hits, newest first.
        public var hits: [LogHit]
        /// Whether the search is over.
        public var isDone: Bool
        /// Whether it stopped at ``BackgroundLogSearch/hitLimit`` (there may be more).
        public var isTruncated: Bool
    }

    private struct State {
        var hits: [LogHit] = []
        var given = 0
        var isDone = false
        var isCancelled = false
    }
    private let state = Mutex(State())

    /// Starts searching `folder` for `query` before `before` at once.
    public init(folder: URL, timeZone: LocalZone, query: String, before: Date, wakeUp: @escaping @Sendable () -> Void) {
        let search: @Sendable () -> Void = { [self] in
            _ = try? LogSearch.run(folder: folder, timeZone: timeZone, query: query, before: before, limit: Self.hitLimit,
                                   isCancelled: { self.state.withLock { $0.isCancelled } }) { hits in
                self.state.withLock { $0.hits += hits; $0.given += hits.count }
                wakeUp()
            }
            self.state.withLock { $0.isDone = true }
            wakeUp()
        }
        // Without a thread of its own the search runs here: slower for this frame, but the
        // user's search is answered.
        if !BackgroundThread.start(search) { search() }
    }

    /// The hits found since the last call (newest first), whether the search is over, and
    /// whether it stopped at the limit.
    public func take() -> Progress {
        state.withLock { state in
            defer { state.hits.removeAll() }
            return Progress(hits: state.hits, isDone: state.isDone, isTruncated: state.isDone && state.given >= Self.hitLimit)
        }
    }

    /// Stops the search at the next day file.
    public func cancel() { state.withLock { $0.isCancelled = true } }
}

/// A search of loaded lines' keys on a thread of its own, for queries with patterns (up to
/// about 70 ms for 100,000 lines, see ``SearchPattern``: too long to hold a frame). The query is parsed again on the thread from its
/// text, since a parsed one holds compiled expressions made for one thread's use at a time.
public final class BackgroundCorpusSearch: Sendable {
    private struct State {
        var result: [Int]?
        var isCancelled = false
    }
    private let state = Mutex(State())

    /// Starts searching `corpus` for `query` at once; `wakeUp` is called when done.
    public init(corpus: SearchCorpus, query: String, wakeUp: @escaping @Sendable () -> Void) {
        let search: @Sendable () -> Void = { [self] in
            let found = (try? SearchQuery(parsing: query))?.matchingIndices(in: corpus) ?? []
            let delivered = self.state.withLock { state -> Bool in
                guard !state.isCancelled else { return false }
                state.result = found
                return true
            }
            if delivered { wakeUp() }
        }
        if !BackgroundThread.start(search) { search() }
    }

    /// The matching line indices (newest first) once the search is over, else `nil`.
    public func take() -> [Int]? { state.withLock { $0.result } }

    /// Drops the result (the query or the lines changed).
    public func cancel() { state.withLock { $0.isCancelled = true } }
}
