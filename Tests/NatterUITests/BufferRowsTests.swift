import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import NatterUI
import Testing
import Widgets

/// BufferRows styles each row once (cached by line id) and styles it again when the
/// styler changes.
@MainActor
struct BufferRowsTests {
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
            rows.layoutRow(at: rows.rowIndex(ofLine: index), width: width, context: context).text?.text.spans
                .map(\.text).joined() ?? ""
        }
        #expect(text(width: 600).hasPrefix("22:13 bob"))
        #expect(text(width: 300) == text(width: 600))          // rewrapped from the cached style
        rows.styler = ChatLineStyler(timeZone: TimeZone(secondsFromGMT: 3600)!)
        #expect(text(width: 600).hasPrefix("23:13 bob"))        // a new styler styles again
    }
}
