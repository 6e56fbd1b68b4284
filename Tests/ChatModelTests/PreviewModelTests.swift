import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// The model's side of link previews: which line previews which link, one fetch per URL asked
/// only when a row wants it, the rows told when it lands, and what the reader hides.
@MainActor
struct PreviewModelTests {
    /// Records what the model asks.
    final class Fetcher: PreviewFetching {
        var requests: [PreviewRequest] = []
        func fetchPreview(_ request: PreviewRequest) { requests.append(request) }
    }

    let fixture = IgnoreFixture()
    let fetcher = Fetcher()
    var model: ChatModel { fixture.model }
    var channel: ChatBuffer { model.buffer(fixture.channel)! }

    init() {
        fixture.model.previewFetcher = fetcher
    }

    func say(_ text: String, from nick: String = "ada", to target: String = "#natter") -> ChatLine? {
        fixture.recv(":\(nick)!\(nick)@host PRIVMSG \(target) :\(text)")
        return model.network("Test")!.buffers.flatMap(\.lines).last { $0.text == text }
    }

    static let card = LinkPreview(url: "https://example.org/a", siteName: "Example", title: "A page", summary: "About it",
                                  thumbnail: PreviewThumbnail(path: "/tmp/t.png", width: 360, height: 200,
                                                              imageURL: "https://example.org/a.png", pixelWidth: 720, pixelHeight: 400))

    @Test func theFirstWebLinkOfAMessageIsPreviewed() {
        let line = say("see mailto:x@y.z and \u{2}https://example.org/a\u{2}, then https://example.org/b")!
        #expect(model.previewURL(for: line, in: channel) == "https://example.org/a")
        let plain = say("no link here, only a/b")!
        #expect(model.previewURL(for: plain, in: channel) == nil)
        let www = say("www.example.net/x is good")!
        #expect(model.previewURL(for: www, in: channel) == "https://www.example.net/x")
    }

    @Test func oneFetchPerURLAndEveryRowToldWhenItLands() {
        let first = say("https://example.org/a")!
        let second = say("again: https://example.org/a")!
        #expect(model.preview(for: first, in: channel) == .pending(reservedHeight: nil))
        #expect(model.preview(for: second, in: channel) == .pending(reservedHeight: nil))
        #expect(model.preview(for: first, in: channel) == .pending(reservedHeight: nil))
        #expect(fetcher.requests == [PreviewRequest(url: "https://example.org/a", wantsImages: true)])
        _ = model.takeChanges()
        model.previewArrived(PreviewOutcome(url: "https://example.org/a", preview: Self.card))
        let changed = Set(model.takeChanges().compactMap { change -> String? in
            if case .lineChanged(let buffer, let id) = change, buffer == fixture.channel { id } else { nil }
        })
        #expect(changed == [first.id, second.id])
        #expect(model.preview(for: second, in: channel) == .ready(Self.card))
        #expect(fetcher.requests.count == 1)
    }

    @Test func aFailedFetchShowsNothingAndIsNotAskedAgain() {
        let line = say("https://example.org/broken")!
        _ = model.preview(for: line, in: channel)
        model.previewArrived(PreviewOutcome(url: "https://example.org/broken", preview: nil, reason: "404"))
        #expect(model.preview(for: line, in: channel) == PreviewState.none)
        #expect(fetcher.requests.count == 1)
    }

    @Test func noFetcherNoPreview() {
        model.previewFetcher = nil
        let line = say("https://example.org/a")!
        #expect(model.preview(for: line, in: channel) == nil)
    }

    @Test func modesPerBufferAndNetwork() {
        let line = say("https://example.org/a")!
        model.previewArrived(PreviewOutcome(url: "https://example.org/a", preview: Self.card))
        model.previewSettings.networkModes["test"] = .links
        guard case .ready(let card)? = model.preview(for: line, in: channel) else { Issue.record("no card"); return }
        #expect(card.thumbnail == nil && card.title == "A page")
        let image = LinkPreview(url: "https://example.org/cat.png", thumbnail: Self.card.thumbnail)
        let cat = say("https://example.org/cat.png")!
        model.previewArrived(PreviewOutcome(url: "https://example.org/cat.png", preview: image))
        #expect(model.preview(for: cat, in: channel) == nil, "links only: an image shows nothing")
        model.previewSettings.bufferModes["test/#natter"] = .all
        #expect(model.preview(for: cat, in: channel) == .ready(image))
        model.previewSettings.bufferModes["test/#natter"] = .off
        #expect(model.preview(for: line, in: channel) == nil)
    }

    @Test func deniedHostsAndTheirSubdomainsAreSkipped() {
        model.previewSettings.deniedHosts = ["example.org"]
        let line = say("https://img.example.org/x https://other.net/y")!
        #expect(model.previewURL(for: line, in: channel) == "https://other.net/y")
        let only = say("https://example.org/x")!
        #expect(model.previewURL(for: only, in: channel) == nil)
        #expect(PreviewSettings.host(of: "https://user@[::1]:8080/x") == "::1")
        #expect(PreviewSettings.host(of: "HTTP://Example.ORG:80?q") == "example.org")
        #expect(PreviewSettings.host(of: "irc://example.org/#x") == nil)
        // Read as the fetcher reads it: a trailing dot and a backslash do not pass the list.
        #expect(PreviewSettings.host(of: "http://tracker.example.org./x") == "tracker.example.org")
        #expect(PreviewSettings.host(of: "http://example.org\\@evil.test/") == "example.org")
        let dotted = say("https://img.example.org./x")!
        #expect(model.previewURL(for: dotted, in: channel) == nil)
        let other = say("https://other.net/y")!
        _ = model.preview(for: other, in: channel)
        #expect(fetcher.requests.last?.deniedHosts == ["example.org"], "the fetcher checks every hop against the list")
    }

    @Test func aStrangersQueryPreviewsNothingUntilWeAnswer() {
        let line = say("https://example.org/a", from: "eve", to: "me")!
        let query = model.network("Test")!.buffer(named: "eve")!
        #expect(query.kind == .query)
        #expect(model.preview(for: line, in: query) == nil)
        #expect(fetcher.requests.isEmpty, "nothing fetched for a stranger")
        Commands(model: model).run(line: "hello", in: query.id, now: fixture.now)
        fixture.recv(":me!me@host PRIVMSG eve :hello")   // the echo: the line is ours, sent
        #expect(query.lines.last?.isOwn == true)
        #expect(model.previewURL(for: line, in: query) == "https://example.org/a")
    }

    @Test func ignoredSendersPreviewNothing() {
        let line = say("https://example.org/a", from: "bob")!
        fixture.command("/ignore bob")
        #expect(model.previewURL(for: line, in: channel) == nil)
    }

    @Test func hidingAPreviewAndAHost() {
        let line = say("https://example.org/a")!
        _ = model.preview(for: line, in: channel)
        _ = model.takeChanges()
        model.hidePreview(ofLine: line.id, in: fixture.channel)
        #expect(model.preview(for: line, in: channel) == nil)
        #expect(model.takeChanges().contains(.lineChanged(fixture.channel, id: line.id)))
        let other = say("https://example.org/b")!
        _ = model.preview(for: other, in: channel)
        _ = model.takeChanges()
        model.hidePreviews(fromHost: "example.org")
        #expect(model.previewURL(for: other, in: channel) == nil)
        #expect(model.previewSettings.deniedHosts == ["example.org"])
        #expect(model.takeChanges().contains(.previewsChanged), "every row is laid out again, watched or not")
    }

    @Test func theBookForgetsFinishedLinksPastItsBound() {
        for i in 0..<5000 {
            model.previewArrived(PreviewOutcome(url: "https://example.org/\(i)", preview: nil))
        }
        let line = say("https://example.org/0")!
        #expect(model.preview(for: line, in: channel) == .pending(reservedHeight: nil), "forgotten: asked again")
        #expect(fetcher.requests.count == 1)
    }
}

extension PreviewModelTests {
    @Test func aCardWhoseImageIsComingKeepsItsRowsWaiting() {
        let line = say("https://example.org/a")!
        _ = model.preview(for: line, in: channel)
        var first = Self.card
        first.thumbnail = .coming(width: 1200, height: 630, imageURL: "https://example.org/a.png")
        #expect(first.thumbnail?.width == 360 && first.thumbnail?.height == 189)
        #expect(!first.isComplete)
        _ = model.takeChanges()
        model.previewArrived(PreviewOutcome(url: "https://example.org/a", preview: first))
        #expect(model.takeChanges() == [.lineChanged(fixture.channel, id: line.id)])
        model.previewArrived(PreviewOutcome(url: "https://example.org/a", preview: Self.card))
        #expect(model.takeChanges() == [.lineChanged(fixture.channel, id: line.id)], "told again when the image came")
        model.previewArrived(PreviewOutcome(url: "https://example.org/a", preview: Self.card))
        #expect(model.takeChanges().isEmpty, "the same answer twice changes nothing")
    }
}

extension PreviewModelTests {
    @Test func aLinkFirstAskedWithoutImagesIsAskedAgainWithThem() {
        model.previewSettings.networkModes["test"] = .links
        let line = say("https://example.org/a")!
        _ = model.preview(for: line, in: channel)
        var card = Self.card
        card.thumbnail = nil
        model.previewArrived(PreviewOutcome(url: "https://example.org/a", preview: card))
        #expect(fetcher.requests.map(\.wantsImages) == [false])
        model.previewSettings.bufferModes["test/#natter"] = .all
        #expect(model.preview(for: line, in: channel) == .ready(card), "what was fetched shows meanwhile")
        #expect(fetcher.requests.map(\.wantsImages) == [false, true])
        _ = model.preview(for: line, in: channel)
        #expect(fetcher.requests.count == 2, "asked with images once")
        model.previewArrived(PreviewOutcome(url: "https://example.org/a", preview: Self.card))
        #expect(model.preview(for: line, in: channel) == .ready(Self.card))
    }

    @Test func aCardWaitingForItsImageIsForgottenWithTheFetcher() {
        let line = say("https://example.org/a")!
        _ = model.preview(for: line, in: channel)
        var first = Self.card
        first.thumbnail = .coming(width: 1200, height: 630, imageURL: "https://example.org/a.png")
        model.previewArrived(PreviewOutcome(url: "https://example.org/a", preview: first))
        model.forgetPendingPreviews()
        #expect(model.preview(for: line, in: channel) == .pending(reservedHeight: nil), "asked again, not left an empty frame")
        #expect(fetcher.requests.count == 2)
    }
}
