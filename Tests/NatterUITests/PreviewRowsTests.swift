import ChatModel
import IRCProtocol
import IRCSession
import NatterUI
import Testing
import Widgets

/// A preview under its message in the list: the row asks the model (which asks the fetcher
/// once), grows when the preview lands, and its image and card answer clicks and right-clicks
/// through the row's hotspots: the image opens the viewer, the card its link, the menu hides
/// the preview or its host.
@MainActor
struct PreviewRowsTests {
    final class Fetcher: PreviewFetching {
        var requests: [PreviewRequest] = []
        func fetchPreview(_ request: PreviewRequest) { requests.append(request) }
    }

    static let url = "https://img.example.net/cat.png"
    static let thumbnail = PreviewThumbnail(path: "/nonexistent/cat.thumb.png", width: 320, height: 240, imageURL: url,
                                            pixelWidth: 640, pixelHeight: 480)

    func rig() throws -> (ChatStack, WidgetHost, Fetcher) {
        let fetcher = Fetcher()
        let (chat, host, _) = try chatRig([":srv 001 me :Welcome", ":srv 005 me CHANTYPES=# PREFIX=(ov)@+ :are supported",
                                           ":srv 376 me :End", ":me!u@h JOIN #c", ":srv 353 me = #c :@me sam", ":srv 366 me #c :End"])
        chat.model.previewFetcher = fetcher
        chat.model.deliver(.received(try IRCMessage(parsing: ":sam!s@h PRIVMSG #c :look \(Self.url)"), now: SessionTime(1)),
                           network: "Net")
        chat.controller.show(BufferID(network: "Net", name: "#c"))
        chat.controller.sync()
        host.layoutIfNeeded()
        return (chat, host, fetcher)
    }

    /// The link row's index, top (window coordinates) and layout.
    func linkRow(_ chat: ChatStack, _ host: WidgetHost) throws -> (index: Int, top: Double, layout: MessageRowLayout) {
        let list = chat.screen.messages
        let rows = try #require(list.dataSource as? BufferRows)
        let index = try #require((0..<rows.rowCount).last { rows.plainText(at: $0).contains(Self.url) })
        let context = LayoutContext(measurer: FixedMeasurer(), textCache: TextLayoutCache())
        let layout = rows.layoutRow(at: index, width: list.frame.width, context: context)
        let top = try #require(list.metrics.rows.first { $0.id == rows.rowID(at: index) }).top
        return (index, list.windowFrame.minY + top, layout)
    }

    @Test func theRowGrowsWhenThePreviewLandsAndItsImageOpensTheViewer() throws {
        let (chat, host, fetcher) = try rig()
        #expect(fetcher.requests == [PreviewRequest(url: Self.url, wantsImages: true)])
        let before = try linkRow(chat, host)
        #expect(before.layout.hotspots.isEmpty)
        chat.model.previewArrived(PreviewOutcome(url: Self.url, preview: LinkPreview(url: Self.url, thumbnail: Self.thumbnail)))
        chat.controller.sync()
        host.layoutIfNeeded()
        let after = try linkRow(chat, host)
        #expect(after.layout.height >= before.layout.height + 240)
        let image = try #require(after.layout.hotspots.first { $0.id == "preview-image" })
        #expect(image.rect.width == 320 && image.rect.height == 240)
        #expect(fetcher.requests.count == 1)

        let rows = try #require(chat.screen.messages.dataSource as? BufferRows)
        var opened: [PreviewThumbnail] = []
        rows.onOpenImage = { opened.append($0) }
        let point = Point(x: chat.screen.messages.windowFrame.minX + image.rect.midX, y: after.top + image.rect.midY)
        host.handle(.mouseDown(MouseEvent(position: point)))
        host.handle(.mouseUp(MouseEvent(position: point)))
        #expect(opened == [Self.thumbnail])
    }

    @Test func theMenuHidesThePreviewOrItsHost() throws {
        let (chat, host, _) = try rig()
        chat.model.previewArrived(PreviewOutcome(url: Self.url, preview: LinkPreview(url: Self.url, thumbnail: Self.thumbnail)))
        chat.controller.sync()
        host.layoutIfNeeded()
        let row = try linkRow(chat, host)
        let rows = try #require(chat.screen.messages.dataSource as? BufferRows)
        let items = rows.menu(forHotspot: "preview", row: row.index)
        #expect(items.map(\.title) == ["Hide this preview", "Hide previews from img.example.net", "Open link", "Copy link"])
        try #require(items.first).action()
        chat.controller.sync()
        host.layoutIfNeeded()
        let hidden = try linkRow(chat, host)
        #expect(hidden.layout.hotspots.isEmpty)
        #expect(hidden.layout.height < row.layout.height - 200)
        #expect(rows.menu(forHotspot: "preview", row: hidden.index).isEmpty)
    }
}
