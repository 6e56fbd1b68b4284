import ChatModel
import Foundation
import NatterUI
import Testing
import Widgets

struct ChatLineStylerTests {
    let styler = ChatLineStyler(timeZone: LocalZone.utc)
    let time = Date(timeIntervalSince1970: 1_700_000_000) // 22:13:20 UTC

    func line(_ text: String, kind: ChatLineKind = .message, nick: String? = "alice") -> ChatLine {
        ChatLine(id: "1", time: time, kind: kind, nick: nick, text: text)
    }

    func body(_ text: String) -> [TextSpan] {
        let styled = styler.style(line(text))
        return Array(styled.text.spans.dropFirst(styled.prefix.spans.count))
    }

    /// A multiline message whose line ended in a bare CR (a server may send one) holds
    /// "\r\n", one Character: the styler recursed forever on it (found by `make fuzz`,
    /// Tests/FuzzRegressions/layout-crlf-in-multiline). It breaks the line there instead.
    @Test func aCarriageReturnBeforeALineBreakIsOneBreak() {
        let spans = styler.message("first\r\nsecond\nthird")
        #expect(spans.map(\.text) == ["first", "\n", "second", "\n", "third"])
    }

    /// A note with mIRC formatting (a script's `natter.print`) is drawn formatted, its
    /// uncoloured text dim as other notes'; one without stays one dim span.
    @Test func aNoteWithFormattingIsDrawnFormatted() {
        let styled = styler.style(line("\u{2}bold\u{2} \u{3}4red", kind: .info, nick: nil))
        let spans = Array(styled.text.spans.dropFirst(styled.prefix.spans.count))
        #expect(spans.map(\.text) == ["bold", " ", "red"])
        #expect(spans[0].attributes.font.bold && spans[0].attributes.foreground == styler.theme.dimText)
        #expect(spans[2].attributes.foreground != styler.theme.dimText)
        let plain = styler.style(line("Connected", kind: .info, nick: nil))
        #expect(Array(plain.text.spans.dropFirst(plain.prefix.spans.count)).map(\.text) == ["Connected"])
    }

    @Test func prefixHasTimeAndNickInItsColour() {
        let styled = styler.style(line("hi"))
        #expect(styled.prefix.spans.map(\.text) == ["22:13 ", "alice", "  "])
        #expect(styled.prefix.spans[1].attributes.foreground == ChatTheme.dark.color(forNick: "alice"))
        #expect(styled.prefix.spans[1].attributes.font.bold && styled.prefix.spans[1].attributes.nick == "alice")
    }

    @Test(arguments: ["UTC", "Europe/Berlin", "America/St_Johns", "Asia/Kathmandu", "Pacific/Apia"])
    func timestampsMatchTheCalendarInEveryZone(zone: String) {
        var theme = ChatTheme.dark
        theme.timestampFormat = "[HH:mm:ss] Hm"
        let tz = TimeZone(identifier: zone)!
        let styler = ChatLineStyler(theme: theme, timeZone: LocalZone(identifier: zone)!)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = tz
        // Across DST changes, before 1970, and at fractional seconds.
        for seconds in stride(from: -86_400.0 * 400, to: 86_400.0 * 20_000, by: 86_400.0 * 7.3 + 977.25) {
            let date = Date(timeIntervalSince1970: seconds)
            let c = calendar.dateComponents([.hour, .minute, .second], from: date)
            func two(_ n: Int?) -> String { (n ?? 0) < 10 ? "0\(n ?? 0)" : "\(n ?? 0)" }
            #expect(styler.timestamp(date) == "[\(two(c.hour)):\(two(c.minute)):\(two(c.second))] Hm")
        }
    }

    @Test func mircCodesBecomeAttributes() {
        let spans = body("\u{02}bold\u{02} \u{03}4,2red on blue\u{0F} \u{1D}it\u{1D} \u{1F}u\u{1F} \u{1E}s\u{1E} \u{11}mono")
        let byText = Dictionary(spans.map { ($0.text, $0.attributes) }, uniquingKeysWith: { a, _ in a })
        #expect(byText["bold"]?.font.bold == true)
        #expect(byText["red on blue"]?.foreground == Color(rgb: 0xFF0000))
        #expect(byText["red on blue"]?.background == Color(rgb: 0x00007F))
        #expect(byText["it"]?.font.italic == true)
        #expect(byText["u"]?.underline == true)
        #expect(byText["s"]?.strikethrough == true)
        #expect(byText["mono"]?.font.role == .mono)
        #expect(byText[" "]?.foreground == ChatTheme.dark.base.text)
    }

    @Test func reverseSwapsColoursIncludingDefaults() {
        let spans = body("\u{16}rev\u{16}\u{03}4\u{16}red rev")
        #expect(spans[0].attributes.foreground == ChatTheme.dark.base.background)
        #expect(spans[0].attributes.background == ChatTheme.dark.base.text)
        #expect(spans[1].attributes.foreground == ChatTheme.dark.base.background)
        #expect(spans[1].attributes.background == Color(rgb: 0xFF0000))
    }

    @Test func linksAreSplitOutUnderlinedAndClickable() {
        let spans = body("see https://example.org/a_(b), ok")
        #expect(spans.map(\.text) == ["see ", "https://example.org/a_(b)", ", ok"])
        #expect(spans[1].attributes.link == "https://example.org/a_(b)")
        #expect(spans[1].attributes.underline && spans[1].attributes.foreground == ChatTheme.dark.base.link)
        #expect(spans[0].attributes.link == nil && spans[2].attributes.link == nil)
        // A link across a formatting change keeps its link on both pieces.
        let bold = body("x http://a.b/\u{02}cd\u{02} y")
        #expect(bold.filter { $0.attributes.link == "http://a.b/cd" }.map(\.text) == ["http://a.b/", "cd"])
    }

    @Test func actionsNoticesAndEvents() {
        let action = styler.style(line("waves", kind: .action))
        #expect(action.text.spans.map(\.text).joined() == "22:13 * alice waves")
        #expect(action.text.spans.last?.attributes.font.italic == true)
        #expect(styler.style(line("", kind: .join)).text.spans.map(\.text).joined() == "22:13 → alice joined")
        #expect(styler.style(line("bye", kind: .quit)).text.spans.map(\.text).joined() == "22:13 ← alice quit (bye)")
        #expect(styler.plainText(line("\u{02}hi\u{02}")) == "[22:13] <alice> hi")
        #expect(styler.plainText(line("waves", kind: .action)) == "[22:13] * alice waves")
    }

    @Test func pendingAndFailedMessagesSaySo() {
        var pending = line("queued")
        pending.delivery = .pending
        #expect(styler.style(pending).text.spans.map(\.text).joined().hasSuffix("(waiting for the connection)"))
        var failed = line("lost")
        failed.delivery = .failed
        let spans = styler.style(failed).text.spans
        #expect(spans.map(\.text).joined().hasSuffix("(not sent)"))
        #expect(spans.first { $0.text == "lost" }?.attributes.strikethrough == true)
    }
}

struct NickColorTests {
    @Test(arguments: [ChatTheme.dark, ChatTheme.light])
    func paletteColoursAreTellApart(theme: ChatTheme) {
        let colors = theme.nickColors
        for (i, a) in colors.enumerated() {
            for b in colors[(i + 1)...] {
                let distance = (pow(Double(a.r) - Double(b.r), 2) + pow(Double(a.g) - Double(b.g), 2)
                                + pow(Double(a.b) - Double(b.b), 2)).squareRoot()
                #expect(distance > 55, "\(a) and \(b) are too alike (\(distance))")
            }
        }
    }

    @Test func nicksSpreadEvenly() {
        let count = ChatTheme.dark.nickColors.count
        var uses = [Int](repeating: 0, count: count)
        for i in 0..<1200 { uses[ChatTheme.colorIndex("user\(i)", count: count)] += 1 }
        let fair = 1200 / count
        #expect(uses.allSatisfy { $0 > fair * 2 / 3 && $0 < fair * 3 / 2 }, "uses: \(uses)")
        #expect(ChatTheme.colorIndex("Alice", count: count) == ChatTheme.colorIndex("alice", count: count))
    }

    /// mIRC 02 (navy) on the dark theme and 08 (yellow) on the light one are brought to 3:1;
    /// a sender's own pair too; `readable_colours = false` draws the raw palette.
    @Test func mircColoursAreReadableOnTheTheme() throws {
        let styler = ChatLineStyler(timeZone: .utc)
        let dark = ChatTheme.dark
        let navy = try #require(styler.message("\u{03}02navy").first { $0.text == "navy" })
        #expect(navy.attributes.foreground.contrast(with: dark.base.background) >= ChatLineStyler.minimumContrast)
        var light = ChatLineStyler(theme: .light, timeZone: .utc)
        let yellow = try #require(light.message("\u{03}08yellow").first { $0.text == "yellow" })
        #expect(yellow.attributes.foreground.contrast(with: ChatTheme.light.base.background) >= ChatLineStyler.minimumContrast)
        let pair = try #require(styler.message("\u{03}01,02dark on navy").first)
        #expect(pair.attributes.foreground.contrast(with: try #require(pair.attributes.background)) >= ChatLineStyler.minimumContrast)
        light.theme.readableColours = false
        let raw = try #require(light.message("\u{03}08yellow").first { $0.text == "yellow" })
        #expect(raw.attributes.foreground == Color(rgb: 0xFFFF00))
    }
}
