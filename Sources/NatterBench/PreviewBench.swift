import ChatModel
import Foundation
import SDLBackend
import Widgets

/// Issue 35: what previews cost. The heap that 1,000 previews on a buffer take (their records
/// in the model, the rows laid out with them, the painter's textures of the thumbnails drawn),
/// and the frames of a fling during which a preview lands above the viewport every frame (the
/// row grows, the list keeps what the reader sees in place): no frame over 8 ms on the software
/// renderer at 1920×1080.
let previewBench = BenchSuite(id: "previews", title: "Link previews (software renderer, 1920×1080)") {
    MainActor.assumeIsolated { runPreviewBench() }
}

@MainActor
private func runPreviewBench() -> [BenchFigure] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-bench-previews-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let thumbnails = makeThumbnails(in: folder, count: 8)
    let memory = previewMemory(thumbnails)
    let fling = quietestRound { landingDuringFling(thumbnails) }
    return [
        BenchFigure(name: "heap of 1,000 previews on a buffer (records, rows, textures drawn)", value: memory.total / 1_048_576,
                    unit: "MiB", target: nil),
        BenchFigure(name: "of which the painter's thumbnail textures (bounded)", value: memory.textures / 1_048_576,
                    unit: "MiB", target: .atMost(memory.textureBound / 1_048_576)),
        BenchFigure(name: "frame during a fling with a preview landing above the viewport: median", value: fling.median,
                    unit: "ms", target: .atMost(4)),
        BenchFigure(name: "frame during a fling with a preview landing above the viewport: max", value: fling.samples.max() ?? .nan,
                    unit: "ms", target: .atMost(8)),
    ]
}

/// `count` thumbnails made by the app's thumbnailer from generated 1200×630 images, as cards'
/// images (360×189 logical px).
@MainActor
private func makeThumbnails(in folder: String, count: Int) -> [PreviewThumbnail] {
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return (0..<count).map { index in
        let (w, h) = (1200, 630)
        var pixels = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { pixels[y * w + x] = 0xFF00_0000 | UInt32((x * 255 / w) << 16) | UInt32((y * 255 / h) << 8) | UInt32(index * 30) } }
        let source = "\(folder)/source\(index).png", thumb = "\(folder)/thumb\(index).png"
        do {
            try PixelImage(width: w, height: h, pixels: pixels).writePNG(to: source)
            _ = try ImageThumbnailer.write(source: source, destination: thumb, maxPixelWidth: 720, maxPixelHeight: 480)
        } catch {
            fatalError("natter-bench: cannot make a thumbnail: \(error)")
        }
        let fitted = PreviewThumbnail.fitted(width: w, height: h)
        return PreviewThumbnail(path: thumb, width: fitted.width, height: fitted.height, imageURL: "https://img.example.org/\(index).png",
                                pixelWidth: w, pixelHeight: h)
    }
}

/// The card of link `index`.
private func card(_ index: Int, _ thumbnails: [PreviewThumbnail]) -> LinkPreview {
    LinkPreview(url: "https://news.example.org/story/\(index)", siteName: "Example News",
                title: "Story number \(index): what happened today, and why it matters",
                summary: "A description long enough to take its two lines in the card, as most pages' descriptions do, "
                    + "with a few more words that the card cuts off with an ellipsis.",
                thumbnail: thumbnails[index % thumbnails.count])
}

/// Heap bytes after 1,000 link messages with their previews landed and every row drawn once
/// (the list walked from the top back to the bottom), minus the same without previews.
@MainActor
private func previewMemory(_ thumbnails: [PreviewThumbnail]) -> (total: Double, textures: Double, textureBound: Double) {
    func run(withPreviews: Bool) -> (heap: Int, textures: Int, bound: Int) {
        let fixture = ChatFixture()
        let fetcher = IgnoringFetcher()
        fixture.model.previewFetcher = fetcher
        fixture.receive((0..<1_000).map { ":user\($0 % 50)!u@h PRIVMSG #natter :have a look https://news.example.org/story/\($0)" })
        if withPreviews {
            for index in 0..<1_000 {
                fixture.model.previewArrived(PreviewOutcome(url: "https://news.example.org/story/\(index)", preview: card(index, thumbnails)))
            }
        }
        let list = fixture.screen.messages
        list.scrollAnimated(by: -1e9)
        for _ in 0..<60 { fixture.frame() }
        while list.y < list.maxY - 1 {
            list.scrollAnimated(by: list.viewportHeight)
            for _ in 0..<20 { fixture.frame() }
        }
        return withExtendedLifetime(fixture) {
            (heapBytes(), fixture.canvas.painter.imageCacheUsage.bytes, fixture.canvas.painter.imageCacheByteLimit)
        }
    }
    let without = run(withPreviews: false)
    let with = run(withPreviews: true)
    return (Double(with.heap - without.heap), Double(with.textures), Double(with.bound))
}

/// Flings towards older messages over 3,000 link messages; every frame of the fling, the
/// preview of the link row just above the viewport lands.
@MainActor
private func landingDuringFling(_ thumbnails: [PreviewThumbnail]) -> FrameTimes {
    let fixture = ChatFixture()
    let fetcher = IgnoringFetcher()
    fixture.model.previewFetcher = fetcher
    let count = 3_000
    fixture.receive((0..<count).map { ":user\($0 % 50)!u@h PRIVMSG #natter :have a look https://news.example.org/story/\($0)" })
    for _ in 0..<10 { fixture.frame() }
    let list = fixture.screen.messages
    // The link row just above the viewport (three above the first shown) lands before each frame.
    return flingFrames(fixture, flings: 6) {
        guard let first = list.metrics.rows.first,
              let row = fixture.buffer.scrollback.lines.firstIndex(where: { $0.id == first.id }) else { return }
        let above = max(0, row - 3)
        fixture.model.previewArrived(PreviewOutcome(url: "https://news.example.org/story/\(above)", preview: card(above, thumbnails)))
    }
}

/// A fetcher that fetches nothing: the bench hands the previews to the model itself.
private final class IgnoringFetcher: PreviewFetching {
    func fetchPreview(_ request: PreviewRequest) {}
}
