import ChatModel
import Foundation
@testable import Previews
import Testing

/// The service against a real web server on loopback: what a page and an image give, and the
/// headers sent. (The hostile cases are HostileServerTests'.)
@MainActor
struct FetchTests {
    @Test func aPageGivesACardWithItsImage() async throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        let outcome = try #require(await harness.fetch(server.url("/page")))
        let preview = try #require(outcome.preview, "\(outcome.reason ?? "")")
        #expect(preview.title == "A page" && preview.summary == "About A page" && preview.siteName == "127.0.0.1")
        let thumbnail = try #require(preview.thumbnail)
        #expect(thumbnail.imageURL == server.url("/img/sample.png"))
        #expect(thumbnail.pixelWidth == 64 && thumbnail.pixelHeight == 48)
        #expect(thumbnail.path.hasPrefix(harness.folder) && FileManager.default.fileExists(atPath: thumbnail.path))
        let headers = try #require(server.stats().headers["/page"])
        #expect(headers["user-agent"] == "Natter/9.9.9 (link preview)")
        #expect(headers["accept-encoding"] == "identity")
        #expect(headers["accept"]?.hasPrefix("text/html") == true)
        #expect(headers["referer"] == nil && headers["cookie"] == nil)
        #expect(server.stats().headers["/img/sample.png"]?["referer"] == nil)
    }

    @Test func anImageLinkGivesAThumbnail() async throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        for (name, width) in [("sample.webp", 50), ("sample.jpg", 80), ("sample.gif", 30)] {
            let outcome = try #require(await harness.fetch(server.url("/img/" + name)))
            #expect(outcome.preview?.isImage == true, "\(name): \(outcome.reason ?? "")")
            #expect(outcome.preview?.thumbnail?.pixelWidth == width)
            #expect(outcome.preview?.thumbnail?.originalPath.map(FileManager.default.fileExists(atPath:)) == true)
        }
    }

    @Test func noImagesWhenNotWanted() async throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        let outcome = try #require(await harness.fetch(server.url("/page"), wantsImages: false))
        #expect(outcome.preview?.title == "A page" && outcome.preview?.thumbnail == nil)
        #expect(server.count("/img/sample.png") == 0)
    }

    /// The Content-Type is not believed: a page labelled image/png is a page, a GIF labelled
    /// text/html an image.
    @Test func theBytesDecideNotTheContentType() async throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        let page = try #require(await harness.fetch(server.url("/mislabelled-page")))
        #expect(page.preview?.title == "Mislabelled")
        let image = try #require(await harness.fetch(server.url("/mislabelled-image")))
        #expect(image.preview?.isImage == true && image.preview?.thumbnail?.pixelWidth == 30)
    }

    @Test func invalidUTF8InATitleIsReplaced() async throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        let outcome = try #require(await harness.fetch(server.url("/bad-utf8")))
        #expect(outcome.preview?.title == "caf\u{FFFD} \u{FFFD}\u{FFFD} ok")
    }

    /// 10 MiB of title: read up to the head bound, kept to 300 characters.
    @Test func aTenMebibyteTitleIsCut() async throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        let outcome = try #require(await harness.fetch(server.url("/big-title")))
        #expect(outcome.preview?.title == String(repeating: "t", count: HTMLHeadReader.titleLimit))
    }

    /// The defaults are the issue's numbers.
    @Test func theDefaultLimits() {
        let limits = PreviewFetchLimits()
        #expect(limits.connectTimeout == .seconds(5) && limits.totalTimeout == .seconds(15) && limits.maxRedirects == 5)
        #expect(limits.maxHTMLBytes == 2 << 20 && limits.maxImageBytes == 10 << 20 && limits.maxConcurrentFetches == 4)
        #expect(limits.maxImagePixels == 40_000_000 && limits.maxImageSide == 16_384 && !limits.allowsPrivateAddresses)
        #expect(PreviewCache(folder: Fixture.temporaryFolder()).capacity == 200 << 20)
    }
}
