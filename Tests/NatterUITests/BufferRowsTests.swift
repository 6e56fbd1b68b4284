import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import NatterUI
import Testing
import Widgets

@MainActor
struct BufferRowsTests {
    /// A wrapped message's continuation lines start where its text starts (after the nick and
    /// the two spaces that follow it), not where the nick ends.
    @Test func hangingIndentIsTheWholePrefixWidthIncludingTrailingSpaces() throws {
        let model = ChatModel()
        model.addNetwork(name: "Test", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        let now = SessionTime(monotonic: 0, wall: Date(timeIntervalSince1970: 1_700_000_000))
        _ = model.handle(.connected(now: now), network: "Test")
        for line in [":srv 001 me :Welcome", ":me!u@h JOIN #natter",
                     ":alice!a@h PRIVMSG #natter :" + String(repeating: "word ", count: 40)] {
            _ = model.handle(.received(try IRCMessage(parsing: line), now: now), network: "Test")
        }
        let buffer = try #require(model.network("Test")?.buffer(named: "#natter"))
        let styler = ChatLineStyler(timeZone: LocalZone.utc)
        let rows = BufferRows(buffer: buffer, styler: styler)
        let measurer = FixedMeasurer()
        let context = LayoutContext(measurer: measurer, textCache: TextLayoutCache())
        let index = rows.rowCount - 1
        let layout = rows.layoutRow(at: index, width: 600, context: context)
        let text = try #require(layout.text)
        #expect(text.lines.count > 1)
        let prefix = styler.style(buffer.scrollback.lines.last!).prefix
        let prefixWidth = prefix.spans.reduce(0.0) { $0 + measurer.width(of: Substring($1.text), font: $1.attributes.font) }
        #expect(prefix.spans.last?.text == "  ")
        #expect(text.hangingIndent == prefixWidth)
        // The first line's text run after the prefix starts at the same x.
        let firstBodyRun = try #require(text.lines[0].runs.first { $0.range.lowerBound >= prefix.spans.map(\.text.count).reduce(0, +) })
        #expect(firstBodyRun.x == text.lines[1].startX)
    }

    /// A reply's quote follows its parent: deleted, the quote says so, not the old text.
    @Test func aReplysQuoteFollowsItsParent() throws {
        let model = ChatModel()
        model.addNetwork(name: "Test", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        let now = SessionTime(monotonic: 0, wall: Date(timeIntervalSince1970: 1_700_000_000))
        _ = model.handle(.connected(now: now), network: "Test")
        func recv(_ line: String) throws { _ = model.handle(.received(try IRCMessage(parsing: line), now: now), network: "Test") }
        for line in [":srv CAP * LS :message-tags", ":srv CAP me ACK :message-tags", ":srv 001 me :Welcome", ":me!u@h JOIN #natter",
                     "@msgid=p1 :alice!a@h PRIVMSG #natter :the secret is 42", "@msgid=r1;+reply=p1 :bob!b@h PRIVMSG #natter :noted"] {
            try recv(line)
        }
        let buffer = try #require(model.network("Test")?.buffer(named: "#natter"))
        let rows = BufferRows(buffer: buffer, styler: ChatLineStyler(timeZone: LocalZone.utc))
        let context = LayoutContext(measurer: FixedMeasurer(), textCache: TextLayoutCache())
        func replyText() -> String {
            let layout = rows.layoutRow(at: rows.rowCount - 1, width: 600, context: context)
            return layout.text?.text.spans.map(\.text).joined() ?? ""
        }
        #expect(replyText().contains("↪ alice the secret is 42"))
        try recv(":alice!a@h REDACT #natter p1")
        #expect(!replyText().contains("secret"))
        #expect(replyText().contains("↪ a deleted message"))
    }

    @Test func cachedRowsAreStyledAgainForANewStyler() throws {
        let model = ChatModel()
        model.addNetwork(name: "N", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        for line in [":srv 001 me :hi", ":me!me@h JOIN #c",
                     "@time=2023-11-14T22:13:20Z;msgid=a1 :bob!b@h PRIVMSG #c :first words"] {
            _ = model.handle(.received(try IRCMessage(parsing: line), now: SessionTime(0)), network: "N")
        }
        let buffer = try #require(model.network("N")?.buffer(named: "#c"))
        let index = try #require(buffer.scrollback.lines.lastIndex { $0.id == "a1" })
        let rows = BufferRows(buffer: buffer, styler: ChatLineStyler(timeZone: LocalZone.utc))
        let context = LayoutContext(measurer: FixedMeasurer(), textCache: TextLayoutCache())
        func text(width: Double) -> String {
            rows.layoutRow(at: rows.rowIndex(ofLine: index)!, width: width, context: context).text?.text.spans
                .map(\.text).joined() ?? ""
        }
        #expect(text(width: 600).hasPrefix("22:13 bob"))
        #expect(text(width: 300) == text(width: 600))          // rewrapped from the cached style
        rows.styler = ChatLineStyler(timeZone: LocalZone(identifier: "UTC+1", fixedOffset: 3600))
        #expect(text(width: 600).hasPrefix("23:13 bob"))        // a new styler styles again
    }

    @Test func aClickOpensALinkAndCtrlClickCopiesIt() throws {
        let model = ChatModel()
        model.addNetwork(name: "N", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        for line in [":srv 001 me :hi", ":me!me@h JOIN #c", "@msgid=l1 :bob!b@h PRIVMSG #c :see https://example.org/x now"] {
            _ = model.handle(.received(try IRCMessage(parsing: line), now: SessionTime(0)), network: "N")
        }
        let buffer = try #require(model.network("N")?.buffer(named: "#c"))
        let rows = BufferRows(buffer: buffer, styler: ChatLineStyler(timeZone: LocalZone.utc))
        var opened: [String] = [], copied: [String] = []
        rows.onOpenLink = { opened.append($0) }
        rows.onCopyLink = { copied.append($0) }
        let index = try #require(rows.rowIndex(ofLine: buffer.scrollback.lines.count - 1))
        let layout = rows.layoutRow(at: index, width: 600, context: LayoutContext(measurer: FixedMeasurer(), textCache: TextLayoutCache()))
        let text = try #require(layout.text).text.spans.map(\.text).joined()
        let inLink = try #require(text.range(of: "example")).lowerBound
        let character = text.distance(from: text.startIndex, to: inLink)
        _ = rows.activateRow(at: index, character: character, layout: layout, modifiers: [])
        _ = rows.activateRow(at: index, character: character, layout: layout, modifiers: [.ctrl])
        _ = rows.activateRow(at: index, character: 2, layout: layout, modifiers: [])   // the timestamp: nothing
        #expect(opened == ["https://example.org/x"] && copied == ["https://example.org/x"])
    }
}

extension BufferRowsTests {
    /// A folded run of events reads in the order its groups began: a /cycle left, then joined.
    @Test func aFoldedRunReadsInTheOrderItHappened() throws {
        let model = ChatModel()
        model.addNetwork(name: "Test", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        let now = SessionTime(monotonic: 0, wall: Date(timeIntervalSince1970: 1_700_000_000))
        _ = model.handle(.connected(now: now), network: "Test")
        for line in [":srv 001 me :Welcome", ":me!u@h JOIN #natter", ":alice!a@h PRIVMSG #natter :hi",
                     ":kim!k@h PART #natter :cycling", ":kim!k@h JOIN #natter", ":lee!l@h JOIN #natter"] {
            _ = model.handle(.received(try IRCMessage(parsing: line), now: now), network: "Test")
        }
        let buffer = try #require(model.network("Test")?.buffer(named: "#natter"))
        let rows = BufferRows(buffer: buffer, styler: ChatLineStyler(timeZone: LocalZone.utc))
        let context = LayoutContext(measurer: FixedMeasurer(), textCache: TextLayoutCache())
        let text = rows.layoutRow(at: rows.rowCount - 1, width: 800, context: context).text?.text.spans.map(\.text).joined() ?? ""
        #expect(text.contains("⇄ kim left · kim and lee joined"), "\(text)")
    }

    /// The expander of a folded run ("▸ 3") stays on the line of the words before it at every
    /// width where they fit on a line: a wrap takes the last word along rather than leaving "▸"
    /// or "3" alone.
    @Test func aFoldedRunsExpanderStaysWithItsText() throws {
        let model = ChatModel()
        model.addNetwork(name: "Test", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        let now = SessionTime(monotonic: 0, wall: Date(timeIntervalSince1970: 1_700_000_000))
        _ = model.handle(.connected(now: now), network: "Test")
        for line in [":srv 001 me :Welcome", ":me!u@h JOIN #natter", ":alice!a@h PRIVMSG #natter :hi",
                     ":kim!k@h JOIN #natter", ":lee!l@h JOIN #natter", ":max!m@h PART #natter"] {
            _ = model.handle(.received(try IRCMessage(parsing: line), now: now), network: "Test")
        }
        let buffer = try #require(model.network("Test")?.buffer(named: "#natter"))
        let rows = BufferRows(buffer: buffer, styler: ChatLineStyler(timeZone: LocalZone.utc))
        let context = LayoutContext(measurer: FixedMeasurer(), textCache: TextLayoutCache())
        var wrapped = 0
        for width in stride(from: 140.0, through: 420, by: 2) {
            let layout = try #require(rows.layoutRow(at: rows.rowCount - 1, width: width, context: context).text)
            let characters = Array(layout.text.string)
            let texts = layout.lines.map { String(characters[$0.range]) }
            let last = try #require(texts.last)
            if texts.count > 1 { wrapped += 1 }
            #expect(last.hasSuffix("left\u{00A0}\u{00A0}▸\u{00A0}3"), "at \(width): \(texts)")
        }
        #expect(wrapped > 0)
    }
}
