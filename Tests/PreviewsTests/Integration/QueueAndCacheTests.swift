import ChatModel
import Foundation
@testable import Previews
import Testing

/// How many fetches run, one per URL, and the disk cache across a restart.
struct QueueAndCacheTests {
    /// Ten slow pages asked for at once: all answered, the server never sees more than four.
    @Test func fourFetchesAtMost() throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        let urls = (0..<10).map { server.url("/slow?s=0.4&id=\($0)") }
        for url in urls { harness.service.fetchPreview(PreviewRequest(url: url, wantsImages: true)) }
        #expect(harness.service.pending.running == 4 && harness.service.pending.waiting == 6)
        let outcomes = harness.outcomes(10, within: .seconds(40))
        #expect(Set(outcomes.compactMap { $0.preview?.title }) == Set((0..<10).map { "Slow \($0)" }))
        #expect(server.stats().most <= 4)
        #expect(server.count("/slow") == 10)
    }

    /// The same URL asked for while it is on its way: fetched once, answered once.
    @Test func oneFetchPerURL() throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        let url = server.url("/slow?s=0.5&id=once")
        for _ in 0..<3 { harness.service.fetchPreview(PreviewRequest(url: url, wantsImages: true)) }
        let outcomes = harness.outcomes(1, within: .seconds(20))
        #expect(outcomes.map(\.url) == [url])
        usleep(300_000)
        #expect(harness.service.drain().isEmpty)
        #expect(server.count("/slow") == 1)
    }

    /// A new service over the same folder answers a cached URL at once, with no request.
    @Test func aCachedPreviewAfterARestart() throws {
        let server = try WebServer()
        let folder = Fixture.temporaryFolder()
        let first = Harness(limits: Harness.limits(allowing: [server.endpoint]), folder: folder)
        let fetched = try #require(first.fetch(server.url("/page"))?.preview)
        #expect(server.count("/page") == 1 && server.count("/img/sample.png") == 1)

        let second = Harness(limits: Harness.limits(allowing: [server.endpoint]), folder: folder)
        second.service.fetchPreview(PreviewRequest(url: server.url("/page"), wantsImages: true))
        let answered = second.service.drain()   // no waiting: answered during the call
        #expect(answered.map(\.preview) == [fetched])
        #expect(server.count("/page") == 1 && server.count("/img/sample.png") == 1)
        #expect(fetched.thumbnail.map { FileManager.default.fileExists(atPath: $0.path) } == true)
    }

    /// A stale entry is asked for with its ETag; a 304 answers with the cached preview.
    @Test func aStaleEntryIsRevalidated() throws {
        let server = try WebServer()
        let folder = Fixture.temporaryFolder()
        let first = Harness(limits: Harness.limits(allowing: [server.endpoint]), folder: folder, freshness: .zero)
        let fetched = try #require(first.fetch(server.url("/cached"))?.preview)
        #expect(server.stats().headers["/cached"]?["if-none-match"] == nil)
        let second = Harness(limits: Harness.limits(allowing: [server.endpoint]), folder: folder, freshness: .zero)
        // The stale preview at once, then the revalidated one.
        let shown = second.fetch(server.url("/cached"))
        #expect(shown?.preview == fetched && server.count("/cached") <= 2)
        let again = second.outcomes(1, within: .seconds(20)).first
        #expect(again?.preview == fetched)
        #expect(server.count("/cached") == 2)
        #expect(server.stats().headers["/cached"]?["if-none-match"] == "\"v1\"")
    }

    /// Under a cap that holds one image, the older is evicted with its files: a restarted
    /// service fetches it again and answers the newer from the cache.
    @Test func theCacheCapEvictsTheLeastRecentlyUsed() throws {
        let server = try WebServer()
        let folder = Fixture.temporaryFolder()
        let (older, newer) = (server.url("/img/sample.jpg"), server.url("/img/sample.gif"))
        let first = Harness(limits: Harness.limits(allowing: [server.endpoint]), folder: folder, cacheCapacity: 4_000)
        let evicted = try #require(first.fetch(older)?.preview?.thumbnail)
        _ = first.fetch(newer)
        #expect(first.service.cache.urls == [newer])
        #expect(!FileManager.default.fileExists(atPath: evicted.path))
        #expect(!FileManager.default.fileExists(atPath: evicted.originalPath ?? ""))

        let second = Harness(limits: Harness.limits(allowing: [server.endpoint]), folder: folder, cacheCapacity: 4_000)
        let answered = second.fetch([newer, older])
        #expect(Set(answered.map(\.url)) == [newer, older] && answered.allSatisfy { $0.preview != nil })
        #expect(server.count("/img/sample.gif") == 1 && server.count("/img/sample.jpg") == 2)
    }

    /// A stale entry whose server is gone: the cached preview stands.
    @Test func aStaleEntryStandsWhenTheServerIsGone() throws {
        let folder = Fixture.temporaryFolder()
        var server: WebServer? = try WebServer()
        let endpoint = server!.endpoint, url = server!.url("/page-no-image")
        let first = Harness(limits: Harness.limits(allowing: [endpoint]), folder: folder, freshness: .zero)
        let fetched = try #require(first.fetch(url)?.preview)
        server = nil   // killed
        let second = Harness(limits: Harness.limits(allowing: [endpoint]), folder: folder, freshness: .zero)
        let shown = try #require(second.fetch(url))
        #expect(shown.preview == fetched, "shown at once, before the server is asked")
        let again = try #require(second.outcomes(1, within: .seconds(20)).first)
        #expect(again.preview == fetched && again.reason?.hasPrefix("stale") == true)
        #expect(second.log.all.count == 1)
    }
}

/// The cache's own rules, on files made here.
struct PreviewCacheTests {
    private func preview(_ name: String, in folder: String, bytes: Int) -> LinkPreview {
        let path = folder + "/" + name + ".thumb.png"
        _ = FileManager.default.createFile(atPath: path, contents: Data(repeating: 7, count: bytes))
        let thumbnail = PreviewThumbnail(path: path, width: 10, height: 10, imageURL: "https://x.test/" + name,
                                         pixelWidth: 10, pixelHeight: 10)
        return LinkPreview(url: "https://x.test/" + name, thumbnail: thumbnail)
    }

    /// Past the cap, the least recently used go (a lookup counts as a use), files and all.
    @Test func leastRecentlyUsedEntriesAreEvicted() {
        let folder = Fixture.temporaryFolder()
        let cache = PreviewCache(folder: folder, capacity: 35_000)
        for name in ["a", "b", "c"] { cache.store(preview(name, in: folder, bytes: 10_000), validator: nil) }
        #expect(cache.urls == ["a", "b", "c"].map { "https://x.test/" + $0 })
        #expect(cache.lookUp("https://x.test/a") != nil)   // a is now the most recent
        cache.store(preview("d", in: folder, bytes: 10_000), validator: nil)
        #expect(cache.urls == ["c", "a", "d"].map { "https://x.test/" + $0 })
        #expect(!FileManager.default.fileExists(atPath: folder + "/b.thumb.png"))
        #expect(FileManager.default.fileExists(atPath: folder + "/a.thumb.png"))
        #expect(cache.totalBytes <= 35_000)
        // The order and the entries survive a restart.
        cache.flush()
        let reopened = PreviewCache(folder: folder, capacity: 35_000)
        #expect(reopened.urls == cache.urls)
    }

    @Test func aCorruptIndexIsDropped() {
        let folder = Fixture.temporaryFolder()
        _ = FileManager.default.createFile(atPath: folder + "/index.json", contents: Data("{not json".utf8))
        let cache = PreviewCache(folder: folder)
        #expect(cache.urls.isEmpty)
        cache.store(preview("a", in: folder, bytes: 10), validator: .init(etag: "\"e\"", lastModified: nil))
        cache.flush()
        let reopened = PreviewCache(folder: folder)
        #expect(reopened.lookUp("https://x.test/a")?.validator?.etag == "\"e\"")
    }

    /// An entry whose files were removed is dropped when the index is read.
    @Test func entriesWithoutTheirFilesAreDropped() throws {
        let folder = Fixture.temporaryFolder()
        let cache = PreviewCache(folder: folder)
        cache.store(preview("a", in: folder, bytes: 10), validator: nil)
        cache.flush()
        try FileManager.default.removeItem(atPath: folder + "/a.thumb.png")
        #expect(PreviewCache(folder: folder).lookUp("https://x.test/a") == nil)
    }
    /// An entry stored again with other files (a page whose image URL changed) takes its old
    /// files with it; files no entry names are swept at the next start once an hour old.
    @Test func replacedAndOrphanedFilesGo() throws {
        let folder = Fixture.temporaryFolder()
        let cache = PreviewCache(folder: folder)
        var first = preview("a", in: folder, bytes: 100)
        cache.store(first, validator: nil)
        let old = try #require(first.thumbnail?.path)
        first = preview("a2", in: folder, bytes: 100)
        first.url = "https://x.test/a"
        cache.store(first, validator: nil)
        #expect(!FileManager.default.fileExists(atPath: old), "the replaced entry's file stayed")
        #expect(FileManager.default.fileExists(atPath: folder + "/a2.thumb.png"))
        // Orphans: one old enough to go, one too young (a fetch's, not stored yet).
        for name in ["stale.png", "young.png"] {
            _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(count: 10))
        }
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, folder + "/stale.png", &times, 0) == 0)
        cache.flush()
        _ = PreviewCache(folder: folder)
        let deadline = Date().addingTimeInterval(5)
        while FileManager.default.fileExists(atPath: folder + "/stale.png"), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(!FileManager.default.fileExists(atPath: folder + "/stale.png"))
        #expect(FileManager.default.fileExists(atPath: folder + "/young.png"))
        #expect(FileManager.default.fileExists(atPath: folder + "/a2.thumb.png"))
    }
}

/// Which addresses a preview may reach.
struct AddressPolicyTests {
    @Test func refusedAndAllowed() {
        let refused: [[UInt8]] = [
            [127, 0, 0, 1], [10, 1, 2, 3], [172, 16, 0, 1], [172, 31, 255, 255], [192, 168, 1, 1], [169, 254, 169, 254],
            [100, 64, 0, 1], [100, 127, 255, 255], [0, 0, 0, 0], [224, 0, 0, 1], [255, 255, 255, 255],
            [UInt8](repeating: 0, count: 16), [UInt8](repeating: 0, count: 15) + [1],
            [0xFC] + [UInt8](repeating: 0, count: 15), [0xFD, 0x12] + [UInt8](repeating: 0, count: 14),
            [0xFE, 0x80] + [UInt8](repeating: 0, count: 14), [0xFF, 0x02] + [UInt8](repeating: 0, count: 14),
            [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF, 127, 0, 0, 1],
            [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF, 169, 254, 169, 254],
            [0, 0x64, 0xFF, 0x9B] + [UInt8](repeating: 0, count: 8) + [10, 0, 0, 1],
        ]
        for address in refused { #expect(AddressPolicy.refusal(of: address) != nil, "\(AddressPolicy.text(of: address))") }
        let allowed: [[UInt8]] = [
            [93, 184, 216, 34], [172, 32, 0, 1], [100, 128, 0, 1], [8, 8, 8, 8],
            [0x26, 0x06, 0x28, 0x00] + [UInt8](repeating: 0, count: 11) + [1],
            [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF, 93, 184, 216, 34],
        ]
        for address in allowed { #expect(AddressPolicy.refusal(of: address) == nil, "\(AddressPolicy.text(of: address))") }
        #expect(AddressPolicy.text(of: [UInt8](repeating: 0, count: 15) + [1]) == "::1")
    }

}
