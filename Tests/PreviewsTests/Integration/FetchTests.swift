import ChatModel
import Foundation
@testable import Previews
import Testing

/// The service against a real web server on loopback: what a page and an image give, and the
/// headers sent. (The hostile cases are HostileServerTests'.)
struct FetchTests {
    @Test func aPageGivesACardWithItsImage() throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        let outcome = try #require(harness.fetch(server.url("/page")))
        let preview = try #require(outcome.preview, "\(outcome.reason ?? "")")
        #expect(preview.title == "A page" && preview.summary == "About A page" && preview.siteName == "127.0.0.1")
        let thumbnail = try #require(preview.thumbnail)
        #expect(thumbnail.imageURL == server.url("/img/sample.png"))
        #expect(thumbnail.pixelWidth == 64 && thumbnail.pixelHeight == 48)
        #expect(thumbnail.path.hasPrefix(harness.folder) && FileManager.default.fileExists(atPath: thumbnail.path))
        // Made by the SDL thumbnailer: a PNG within the 720×480 box (64×48 is not enlarged).
        #expect(ImageHeader.read(Array(FileManager.default.contents(atPath: thumbnail.path) ?? Data()))
                == ImageHeader(kind: .png, width: 64, height: 48))
        let headers = try #require(server.stats().headers["/page"])
        #expect(headers["user-agent"] == "Natter/9.9.9 (link preview)")
        #expect(headers["accept-encoding"] == "identity")
        #expect(headers["accept"]?.hasPrefix("text/html") == true)
        #expect(headers["referer"] == nil && headers["cookie"] == nil)
        #expect(server.stats().headers["/img/sample.png"]?["referer"] == nil)
    }

    /// A page that declares its image's size is answered twice: the card with an empty frame
    /// of that size as soon as its head is read, then the card with its thumbnail.
    @Test func aDeclaredImageSizeGivesAFirstAnswer() throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        harness.service.fetchPreview(PreviewRequest(url: server.url("/sized-page"), wantsImages: true))
        let outcomes = harness.outcomes(2, within: .seconds(20))
        try #require(outcomes.count == 2)
        let first = try #require(outcomes[0].preview), last = try #require(outcomes[1].preview)
        #expect(first.title == "Sized" && !first.isComplete)
        #expect(first.thumbnail?.width == 320 && first.thumbnail?.height == 240)
        #expect(last.isComplete && last.thumbnail?.pixelWidth == 64)
    }

    @Test func anImageLinkGivesAThumbnail() throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        for (name, width) in [("sample.webp", 50), ("sample.jpg", 80), ("sample.gif", 30)] {
            let outcome = try #require(harness.fetch(server.url("/img/" + name)))
            #expect(outcome.preview?.isImage == true, "\(name): \(outcome.reason ?? "")")
            #expect(outcome.preview?.thumbnail?.pixelWidth == width)
            #expect(outcome.preview?.thumbnail?.originalPath.map(FileManager.default.fileExists(atPath:)) == true)
            let made = outcome.preview?.thumbnail.flatMap { FileManager.default.contents(atPath: $0.path) }
            #expect(made.flatMap { ImageHeader.read(Array($0)) }?.kind == .png, "\(name)'s thumbnail is a PNG")
        }
    }

    @Test func noImagesWhenNotWanted() throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        let outcome = try #require(harness.fetch(server.url("/page"), wantsImages: false))
        #expect(outcome.preview?.title == "A page" && outcome.preview?.thumbnail == nil)
        #expect(server.count("/img/sample.png") == 0)
    }

    /// The Content-Type is not believed: a page labelled image/png is a page, a GIF labelled
    /// text/html an image.
    @Test func theBytesDecideNotTheContentType() throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        let page = try #require(harness.fetch(server.url("/mislabelled-page")))
        #expect(page.preview?.title == "Mislabelled")
        let image = try #require(harness.fetch(server.url("/mislabelled-image")))
        #expect(image.preview?.isImage == true && image.preview?.thumbnail?.pixelWidth == 30)
    }

    @Test func invalidUTF8InATitleIsReplaced() throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        let outcome = try #require(harness.fetch(server.url("/bad-utf8")))
        #expect(outcome.preview?.title == "caf\u{FFFD} \u{FFFD}\u{FFFD} ok")
    }

    /// 10 MiB of title: read up to the head bound, kept to 300 characters.
    @Test func aTenMebibyteTitleIsCut() throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        let outcome = try #require(harness.fetch(server.url("/big-title")))
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
