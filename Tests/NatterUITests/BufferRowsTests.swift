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
        let styler = ChatLineStyler(timeZone: TimeZone(identifier: "UTC")!)
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

    @Test func cachedRowsAreStyledAgainForANewStyler() throws {
        let model = ChatModel()
        model.addNetwork(name: "N", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        for line in [":srv 001 me :hi", ":me!me@h JOIN #c",
                     "@time=2023-11-14T22:13:20Z;msgid=a1 :bob!b@h PRIVMSG #c :first words"] {
            _ = model.handle(.received(try IRCMessage(parsing: line), now: SessionTime(0)), network: "N")
        }
        let buffer = try #require(model.network("N")?.buffer(named: "#c"))
        let index = try #require(buffer.scrollback.lines.lastIndex { $0.id == "a1" })
        let rows = BufferRows(buffer: buffer, styler: ChatLineStyler(timeZone: TimeZone(identifier: "UTC")!))
        let context = LayoutContext(measurer: FixedMeasurer(), textCache: TextLayoutCache())
        func text(width: Double) -> String {
            rows.layoutRow(at: rows.rowIndex(ofLine: index)!, width: width, context: context).text?.text.spans
                .map(\.text).joined() ?? ""
        }
        #expect(text(width: 600).hasPrefix("22:13 bob"))
        #expect(text(width: 300) == text(width: 600))          // rewrapped from the cached style
        rows.styler = ChatLineStyler(timeZone: TimeZone(secondsFromGMT: 3600)!)
        #expect(text(width: 600).hasPrefix("23:13 bob"))        // a new styler styles again
    }
}
