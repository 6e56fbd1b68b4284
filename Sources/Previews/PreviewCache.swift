import ChatModel
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Finished previews kept on disk (the app's `$XDG_CACHE_HOME/natter/previews/`): each URL's
/// card or thumbnail record with its files (the thumbnail, the original image for the viewer)
/// and the validators of its response, so a later run shows it with no network and a stale one
/// is asked for with a conditional request.
///
/// The index is one JSON file of ours in the folder, written to a temporary file renamed over
/// it; one that cannot be read is dropped (the previews are fetched again), never fatal. The
/// folder is kept under a size cap: the least recently used entries go first; an entry
/// replaced takes its files with it, and files no entry names (a fetch cut short after its
/// image was kept, a crash) are swept once they are an hour old. The index is written on a
/// queue of its own, never under the lock a row's lookup takes. Safe from any thread.
public final class PreviewCache: Sendable {
    /// The folder the index and files are in.
    public let folder: String
    /// Most bytes the entries' files may take together (200 MiB by default).
    public let capacity: Int
    /// How long an entry is answered without asking the server again (a day by default).
    public let freshness: Duration

    /// A response's validators, for `If-None-Match` / `If-Modified-Since`.
    public struct Validator: Sendable, Hashable, Codable {
        public var etag: String?
        public var lastModified: String?
        /// Creates validators.
        public init(etag: String?, lastModified: String?) {
            self.etag = etag
            self.lastModified = lastModified
        }
    }

    /// A cached answer.
    public struct Hit: Sendable, Hashable {
        /// The preview as it was built.
        public var preview: LinkPreview
        /// Whether it is older than ``freshness`` (to be asked for again, conditionally).
        public var isStale: Bool
        public var validator: Validator?
    }

    struct Entry: Codable, Sendable {
        var url: String
        var siteName: String?
        var title: String?
        var summary: String?
        var thumbnail: Thumb?
        var validator: Validator?
        var storedAt: Double
        var lastUsed: UInt64
        var bytes: Int

        struct Thumb: Codable, Sendable {
            var path: String, width: Double, height: Double, imageURL: String, originalPath: String?
            var pixelWidth: Int, pixelHeight: Int
        }

        var files: [String] { [thumbnail?.path, thumbnail?.originalPath].compactMap { $0 } }
    }

    private struct Index: Codable {
        var version = 1
        var clock: UInt64 = 0
        var entries: [String: Entry] = [:]
    }

    private let index: Mutex<Index>
    private var indexPath: String { folder + "/index.json" }
    /// Where the index is written, in the order its snapshots were taken.
    private let writer = DispatchQueue(label: "natter.previews.index")
    /// The latest snapshot's number, and the last one written (an older one is not written
    /// over a newer).
    private let generations = Mutex<(taken: Int, written: Int)>((0, 0))

    /// Opens the cache in `folder` (made when missing), reading the index left by an earlier run.
    public init(folder: String, capacity: Int = 200 << 20, freshness: Duration = .seconds(86_400)) {
        self.folder = folder
        self.capacity = capacity
        self.freshness = freshness
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var loaded = Index()
        if let data = FileManager.default.contents(atPath: folder + "/index.json"),
           let decoded = try? JSONDecoder().decode(Index.self, from: data), decoded.version == 1 {
            loaded = decoded
            // An entry whose files are gone (removed by hand, a crash between writes) is dropped.
            loaded.entries = loaded.entries.filter { $0.value.files.allSatisfy(FileManager.default.fileExists(atPath:)) }
        }
        index = Mutex(loaded)
        sweep()
    }

    /// Removes, on another thread, the files of the folder that no entry names and that are
    /// an hour old (younger ones may be a fetch's, not yet stored).
    private func sweep() {
        let folder = self.folder
        DispatchQueue.global(qos: .utility).async { [self] in
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
            let named = index.withLock { Set($0.entries.values.flatMap(\.files)) }
            let hourAgo = Date().timeIntervalSince1970 - 3_600
            for name in names where name != "index.json" && !name.hasPrefix(".") {
                let path = folder + "/" + name
                var info = stat()
                guard !named.contains(path), stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
                      Double(info.st_mtim.tv_sec) < hourAgo else { continue }
                try? FileManager.default.removeItem(atPath: path)
            }
        }
    }

    /// What a request's preview is kept under: its URL, apart for a request without images
    /// (a card fetched without its image must not answer a buffer that shows images).
    public static func key(for request: PreviewRequest) -> String {
        request.wantsImages ? request.url : request.url + " (no images)"
    }

    /// The cached preview kept under `key` (a URL, or ``key(for:)``), marked as just used; nil
    /// when there is none.
    public func lookUp(_ key: String) -> Hit? {
        index.withLock { index in
            guard var entry = index.entries[key] else { return nil }
            index.clock += 1
            entry.lastUsed = index.clock
            index.entries[key] = entry
            let thumbnail = entry.thumbnail.map {
                PreviewThumbnail(path: $0.path, width: $0.width, height: $0.height, imageURL: $0.imageURL,
                                 originalPath: $0.originalPath, pixelWidth: $0.pixelWidth, pixelHeight: $0.pixelHeight)
            }
            let preview = LinkPreview(url: entry.url, siteName: entry.siteName, title: entry.title, summary: entry.summary,
                                      thumbnail: thumbnail)
            let age = Date().timeIntervalSince1970 - entry.storedAt
            let fresh = Double(freshness.components.seconds)
            return Hit(preview: preview, isStale: age > fresh || age < 0, validator: entry.validator)
        }
    }

    /// Keeps `preview` (its files already in the folder) for its URL, then evicts the least
    /// recently used entries past the cap and writes the index.
    public func store(_ preview: LinkPreview, validator: Validator?, key: String? = nil) {
        let key = key ?? preview.url
        let thumb = preview.thumbnail.map {
            Entry.Thumb(path: $0.path, width: $0.width, height: $0.height, imageURL: $0.imageURL,
                        originalPath: $0.originalPath, pixelWidth: $0.pixelWidth, pixelHeight: $0.pixelHeight)
        }
        var entry = Entry(url: preview.url, siteName: preview.siteName, title: preview.title, summary: preview.summary,
                          thumbnail: thumb, validator: validator, storedAt: Date().timeIntervalSince1970, lastUsed: 0, bytes: 0)
        entry.bytes = entry.files.reduce(0) { $0 + Self.size(of: $1) } + 512
        let doomed = index.withLock { index -> [String] in
            index.clock += 1
            entry.lastUsed = index.clock
            // The entry it replaces takes its files along (an image whose URL changed).
            var doomed: [String] = index.entries[key]?.files ?? []
            index.entries[key] = entry
            var total = index.entries.values.reduce(0) { $0 + $1.bytes }
            while total > capacity, index.entries.count > 1,
                  let oldest = index.entries.filter({ $0.key != key }).min(by: { $0.value.lastUsed < $1.value.lastUsed }) {
                index.entries[oldest.key] = nil
                total -= oldest.value.bytes
                doomed += oldest.value.files
            }
            // A file another entry still names (two pages with one image) stays.
            let kept = Set(index.entries.values.flatMap(\.files))
            write(index)
            return doomed.filter { !kept.contains($0) }
        }
        for file in doomed { try? FileManager.default.removeItem(atPath: file) }
    }

    /// Marks `url`'s entry as fresh again (the server answered 304 Not Modified).
    public func refresh(_ url: String) {
        index.withLock { index in
            guard index.entries[url] != nil else { return }
            index.entries[url]?.storedAt = Date().timeIntervalSince1970
            write(index)
        }
    }

    /// The URLs cached, least recently used first.
    public var urls: [String] {
        index.withLock { $0.entries.values.sorted { $0.lastUsed < $1.lastUsed }.map(\.url) }
    }

    /// Bytes the entries take (their files, and a little for each record).
    public var totalBytes: Int { index.withLock { $0.entries.values.reduce(0) { $0 + $1.bytes } } }

    private static func size(of path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Writes `snapshot` (taken under the lock) on the writer's queue: encoding a large index
    /// must not hold the lock a row's lookup on the main thread waits for. A snapshot older
    /// than one already written is skipped.
    private func write(_ snapshot: Index) {
        let number = generations.withLock { state -> Int in
            state.taken += 1
            return state.taken
        }
        let path = indexPath
        writer.async { [self] in
            guard generations.withLock({ number > $0.written }) else { return }
            guard let data = try? JSONEncoder().encode(snapshot) else { return }
            try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
            generations.withLock { $0.written = max($0.written, number) }
        }
    }

    /// Waits until every snapshot taken so far is on disk (tests, and before a second cache
    /// opens the folder).
    public func flush() {
        writer.sync {}
    }
}
