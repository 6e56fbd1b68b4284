import ChatModel
import Foundation
@testable import Previews
import Testing

/// Bodies turned into outcomes: cards, thumbnails, refusals; the synchronous local-file entry.
struct PreviewBuilderTests {
    /// A stand-in for the SDL thumbnailer: reads the header only, copies the file as the
    /// "thumbnail", and counts its calls; or, given `real`, counts the calls of that one.
    final class HeaderThumbnailer: @unchecked Sendable {
        private let lock = NSLock()
        private var _calls: [(String, String, Int, Int)] = []
        private let real: ThumbnailMaker?
        var calls: [(String, String, Int, Int)] { lock.withLock { _calls } }

        init(real: ThumbnailMaker? = nil) { self.real = real }

        var maker: ThumbnailMaker {
            { source, destination, width, height in
                self.lock.withLock { self._calls.append((source, destination, width, height)) }
                if let real = self.real { return try real(source, destination, width, height) }
                let bytes = Array(FileManager.default.contents(atPath: source) ?? Data())
                guard let header = ImageHeader.read(bytes) else { throw PreviewFailure("cannot decode") }
                try Data(bytes).write(to: URL(fileURLWithPath: destination))
                return (header.width, header.height)
            }
        }
    }

    private func write(_ text: String, in folder: String, name: String = "page.html") -> String {
        let path = folder + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    @Test func anImageLinkGivesAThumbnail() throws {
        let folder = Fixture.temporaryFolder()
        let thumbs = HeaderThumbnailer()
        let outcome = PreviewBuilder.preview(url: "https://x.test/cat.jpg", file: Fixture.path("sample.jpg"), imageFile: nil,
                                             folder: folder, thumbnailer: thumbs.maker)
        let preview = try #require(outcome.preview)
        #expect(preview.isImage)
        let thumbnail = try #require(preview.thumbnail)
        #expect(thumbnail.pixelWidth == 80 && thumbnail.pixelHeight == 40)
        #expect(thumbnail.width == 80 && thumbnail.height == 40)
        #expect(thumbnail.imageURL == "https://x.test/cat.jpg")
        #expect(FileManager.default.fileExists(atPath: thumbnail.path))
        let original = try #require(thumbnail.originalPath)
        #expect(FileManager.default.contents(atPath: original) == FileManager.default.contents(atPath: Fixture.path("sample.jpg")))
        #expect(thumbs.calls.count == 1)
        #expect(thumbs.calls.first?.2 == 720 && thumbs.calls.first?.3 == 480)
    }

    @Test func aPageGivesACardWithItsImage() throws {
        let folder = Fixture.temporaryFolder()
        let page = write("""
            <html><head><title>T</title><meta property=og:description content=D>
            <meta property=og:image content=/pic.png></head>
            """, in: folder)
        let thumbs = HeaderThumbnailer()
        let outcome = PreviewBuilder.preview(url: "https://site.test/post", file: page, imageFile: Fixture.path("sample.png"),
                                             folder: folder, thumbnailer: thumbs.maker)
        let preview = try #require(outcome.preview)
        #expect(preview.title == "T" && preview.summary == "D" && preview.siteName == "site.test")
        #expect(!preview.isImage)
        #expect(preview.thumbnail?.imageURL == "https://site.test/pic.png")
        #expect(preview.thumbnail?.pixelWidth == 64)
        // Without an image file: a card without a thumbnail.
        let bare = PreviewBuilder.preview(url: "https://site.test/post", file: page, imageFile: nil, folder: folder,
                                          thumbnailer: thumbs.maker)
        #expect(bare.preview?.title == "T" && bare.preview?.thumbnail == nil)
    }

    @Test func aHugeImageIsRefusedBeforeDecoding() {
        let folder = Fixture.temporaryFolder()
        var png = Array(Fixture.bytes("sample.png"))
        png.replaceSubrange(16..<24, with: [0, 0, 0xC3, 0x50, 0, 0, 0xC3, 0x50])
        let path = folder + "/huge.png"
        _ = FileManager.default.createFile(atPath: path, contents: Data(png))
        let thumbs = HeaderThumbnailer()
        let outcome = PreviewBuilder.preview(url: "https://x.test/huge.png", file: path, imageFile: nil, folder: folder,
                                             thumbnailer: thumbs.maker)
        #expect(outcome.preview == nil)
        #expect(outcome.reason?.contains("50000×50000") == true)
        #expect(thumbs.calls.isEmpty)
    }

    @Test func nothingToShow() {
        let folder = Fixture.temporaryFolder()
        let thumbs = HeaderThumbnailer()
        let empty = write("<html><head></head><body>text</body>", in: folder)
        #expect(PreviewBuilder.preview(url: "https://x.test/", file: empty, imageFile: nil, folder: folder,
                                       thumbnailer: thumbs.maker).preview == nil)
        let binary = folder + "/blob"
        _ = FileManager.default.createFile(atPath: binary, contents: Data([0, 1, 2, 3]))
        #expect(PreviewBuilder.preview(url: "https://x.test/", file: binary, imageFile: nil, folder: folder,
                                       thumbnailer: thumbs.maker).preview == nil)
        #expect(PreviewBuilder.preview(url: "https://x.test/", file: folder + "/missing", imageFile: nil, folder: folder,
                                       thumbnailer: thumbs.maker).preview == nil)
        // A file the decoder refuses (a truncated PNG past its header): no preview, no file left.
        let broken = folder + "/broken.png"
        _ = FileManager.default.createFile(atPath: broken, contents: Data(Fixture.bytes("sample.png").prefix(40)))
        let failing: ThumbnailMaker = { _, _, _, _ in throw PreviewFailure("corrupt") }
        let outcome = PreviewBuilder.preview(url: "https://x.test/b.png", file: broken, imageFile: nil, folder: folder, thumbnailer: failing)
        #expect(outcome.preview == nil && outcome.reason?.contains("corrupt") == true)
    }

    @Test func noImagesWhenNotWanted() {
        let metadata = PageMetadata(title: "T", imageURL: "https://x.test/i.png", imageWidth: 720, imageHeight: 960)
        let thumbnail = PreviewThumbnail(path: "/t.png", width: 180, height: 240, imageURL: "https://x.test/i.png",
                                         pixelWidth: 720, pixelHeight: 960)
        let request = PreviewRequest(url: "https://x.test/", wantsImages: false)
        #expect(PreviewBuilder.card(metadata, request: request, pageURL: "https://x.test/", thumbnail: thumbnail).preview?.thumbnail == nil)
        #expect(PreviewBuilder.reservedHeight(for: metadata) == 240)
        #expect(PreviewBuilder.reservedHeight(for: PageMetadata(title: "T")) == nil)
    }

    @Test func theServersTypeIsNotTrusted() {
        let png = Fixture.bytes("sample.png")
        guard case .image(let header) = PreviewBuilder.examine(png, contentType: "text/html", pageURL: "https://x.test/") else {
            Issue.record("a PNG served as text/html is a PNG")
            return
        }
        #expect(header.kind == .png)
        guard case .page(let metadata) = PreviewBuilder.examine(Array("<title>x</title>".utf8), contentType: "image/png",
                                                                 pageURL: "https://x.test/") else {
            Issue.record("a page served as image/png is a page")
            return
        }
        #expect(metadata.title == "x")
    }

    @Test func fileStemsAreFixedAndDistinct() {
        #expect(PreviewBuilder.fileStem(for: "https://a.test/") != PreviewBuilder.fileStem(for: "https://b.test/"))
        #expect(PreviewBuilder.fileStem(for: "https://a.test/../../etc/passwd").count == 32)
        #expect(PreviewBuilder.fileStem(for: "x").allSatisfy { $0.isHexDigit })
    }
}
