import Testing
@testable import Widgets

private func lines(_ layout: TextLayout) -> [String] {
    let chars = Array(layout.text.string)
    return layout.lines.map { String(chars[$0.range]) }
}

private let sentence = styled("the quick brown fox jumps")

@Test func breaksAtSpacesWithHangingIndentAtThreeWidths() {
    let m = FakeMeasurer()
    let wide = TextLayout(sentence, maxWidth: 100, hangingIndent: 12, measurer: m)
    #expect(lines(wide) == ["the quick brown ", "fox jumps"])
    #expect(wide.lines[1].startX == 12 && wide.lines[1].runs[0].x == 12)
    #expect(wide.lines[1].y == 12)
    #expect(wide.size == Size(width: 90, height: 24))     // trailing space hangs, not counted

    let medium = TextLayout(sentence, maxWidth: 60, hangingIndent: 12, measurer: m)
    #expect(lines(medium) == ["the quick ", "brown ", "fox ", "jumps"])

    let narrow = TextLayout(sentence, maxWidth: 30, hangingIndent: 12, measurer: m)
    #expect(lines(narrow) == ["the ", "qui", "ck ", "bro", "wn ", "fox ", "jum", "ps"])
    #expect(narrow.lines.dropFirst().allSatisfy { $0.startX == 12 })
}

@Test func measuresPerSegmentNotPerCharacter() {
    let m = FakeMeasurer()
    _ = TextLayout(sentence, maxWidth: 100, measurer: m)
    #expect(m.widthCalls == 9)          // 5 words + 4 spaces
    #expect(m.measured.contains("quick"))
}

@Test func cjkBreaksBetweenIdeographs() {
    let m = FakeMeasurer()
    let layout = TextLayout(styled("日本語のテキスト"), maxWidth: 35, measurer: m)
    #expect(lines(layout) == ["日本語", "のテキ", "スト"])
    let mixed = TextLayout(styled("hi 日本語です"), maxWidth: 40, measurer: m)
    #expect(lines(mixed) == ["hi 日本", "語です"])
}

/// Kinsoku: no line starts with closing punctuation (CJK or Latin, even after spaces) and none
/// ends with opening punctuation; the character before or after goes along instead.
@Test func linesDoNotStartWithClosingNorEndWithOpeningPunctuation() {
    let m = FakeMeasurer()
    // "，" would start the second line: "界" goes with it.
    #expect(lines(TextLayout(styled("你好世界，再见"), maxWidth: 40, measurer: m)) == ["你好世", "界，再见"])
    #expect(lines(TextLayout(styled("好的。谢谢！"), maxWidth: 20, measurer: m)) == ["好", "的。", "谢", "谢！"])
    // "「" would end a line: it goes down with what it opens; "」" stays with "好".
    #expect(lines(TextLayout(styled("他说「你好」"), maxWidth: 30, measurer: m)) == ["他说", "「你", "好」"])
    // Latin punctuation beside ideographs, and a closing mark after a space.
    #expect(lines(TextLayout(styled("日本語."), maxWidth: 30, measurer: m)) == ["日本", "語."])
    #expect(lines(TextLayout(styled("日本(語)"), maxWidth: 26, measurer: m)) == ["日本", "(語)"])
    #expect(lines(TextLayout(styled("say hello :)"), maxWidth: 66, measurer: m)) == ["say ", "hello :)"])
    // Breaks after closing and before opening punctuation are still allowed, and a space after
    // opening punctuation breaks (a ":-(" ends a word).
    #expect(lines(TextLayout(styled("你好，世界"), maxWidth: 30, measurer: m)) == ["你好，", "世界"])
    #expect(lines(TextLayout(styled("世界「你"), maxWidth: 20, measurer: m)) == ["世界", "「你"])
    #expect(lines(TextLayout(styled("oh :-( well"), maxWidth: 40, measurer: m)) == ["oh :-( ", "well"])
    // Nothing but punctuation still makes progress.
    #expect(lines(TextLayout(styled("，，，，，"), maxWidth: 25, measurer: m)) == ["，，", "，，", "，"])
}

@Test func overlongWordsBreakAtGraphemeBoundaries() {
    let m = FakeMeasurer()
    let flags = TextLayout(styled("🇺🇸🇫🇷🇩🇪"), maxWidth: 25, measurer: m)
    #expect(lines(flags) == ["🇺🇸🇫🇷", "🇩🇪"])
    let accents = TextLayout(styled("e\u{301}e\u{301}e\u{301}"), maxWidth: 13, measurer: m)
    #expect(lines(accents) == ["e\u{301}e\u{301}", "e\u{301}"])
    let tiny = TextLayout(styled("abc"), maxWidth: 1, measurer: m)
    #expect(lines(tiny) == ["a", "b", "c"])          // progress even when nothing fits
}

@Test func hardNewlinesStartNewLines() {
    let m = FakeMeasurer()
    let layout = TextLayout(styled("ab\ncd"), maxWidth: nil, hangingIndent: 6, measurer: m)
    #expect(lines(layout) == ["ab\n", "cd"])
    #expect(layout.lines[0].endsWithNewline)
    #expect(layout.caretRect(at: 2, measurer: m) == Rect(x: 12, y: 0, width: 1, height: 12))
    #expect(layout.caretRect(at: 3, measurer: m) == Rect(x: 6, y: 12, width: 1, height: 12))
}

@Test func rightToLeftSegmentsAreReorderedVisually() {
    let m = FakeMeasurer()
    let layout = TextLayout(styled("abc אבג דהו xyz"), measurer: m)
    let runs = layout.lines[0].runs
    // Each right-to-left word is a run of its own, drawn where it was measured.
    #expect(runs.map(\.text) == ["abc ", "דהו", " ", "אבג", " xyz"])
    #expect(runs.map(\.isRightToLeft) == [false, true, true, true, false])
    #expect(runs.map(\.x) == [0, 24, 42, 48, 66])
    var list = DrawList()
    layout.draw(into: &list, at: .zero)
    #expect(list.textDraws.map(\.text) == ["abc ", "דהו", "אבג", " xyz"])    // the space is not drawn
    #expect(list.textDraws[1].isRightToLeft && list.textDraws[1].visualText == "והד")
    #expect(list.textDraws[2].origin.x == 48 && list.textDraws[2].visualText == "גבא")
    // Carets inside the RTL run count from its right edge.
    #expect(layout.caretX(at: 4, measurer: m) == 66)
    #expect(layout.caretX(at: 5, measurer: m) == 60)
    #expect(layout.index(at: Point(x: 62, y: 5), measurer: m) == 5)
    // A logical selection crossing the direction change becomes two visual pieces.
    #expect(layout.selectionRects(for: 2..<6, measurer: m) ==
            [Rect(x: 12, y: 0, width: 12, height: 12), Rect(x: 54, y: 0, width: 12, height: 12)])
}

/// Punctuation after a right-to-left run at the end of a left-to-right line stays at the end,
/// on the right (UAX #9: a neutral between R and the paragraph's L end is L); between two
/// right-to-left words it belongs to them.
@Test func punctuationAfterARightToLeftRunKeepsTheLineDirection() {
    let m = FakeMeasurer()
    let end = TextLayout(styled("hi אבג דהו."), measurer: m)
    #expect(end.lines[0].runs.map(\.text) == ["hi ", "דהו", " ", "אבג", "."])
    #expect(end.lines[0].runs.map(\.isRightToLeft) == [false, true, true, true, false])
    #expect(end.lines[0].runs.map(\.x) == [0, 18, 36, 42, 60])
    let inside = TextLayout(styled("hi אבג, דהו!"), measurer: m)
    #expect(inside.lines[0].runs.map(\.text) == ["hi ", "דהו", " ", ",", "אבג", "!"])
    #expect(inside.lines[0].runs.map(\.isRightToLeft) == [false, true, true, true, true, false])
    let whole = TextLayout(styled("אבג: דהו."), measurer: m)
    #expect(whole.lines[0].runs.map(\.text) == ["דהו", " ", ":", "אבג", "."])
    #expect(whole.lines[0].runs.map(\.x) == [0, 18, 24, 30, 48])
    // Brackets around a right-to-left word stay outside it.
    let brackets = TextLayout(styled("(אבג)"), measurer: m)
    #expect(brackets.lines[0].runs.map(\.text) == ["(", "אבג", ")"])
}

@Test func numbersFollowTheRightToLeftContextButKeepTheirOrder() {
    let m = FakeMeasurer()
    let layout = TextLayout(styled("אבג 123"), measurer: m)
    let runs = layout.lines[0].runs
    #expect(runs.map(\.text) == ["123", " ", "אבג"])
    #expect(runs.map(\.isRightToLeft) == [false, true, true])
}

@Test func selectionRectsSpanWrappedLines() {
    let m = FakeMeasurer()
    let layout = TextLayout(sentence, maxWidth: 60, hangingIndent: 12, measurer: m)
    // "quick brown" = 4..<15 crosses lines 0 ("the quick ") and 1 ("brown ").
    #expect(layout.selectionRects(for: 4..<15, measurer: m) ==
            [Rect(x: 24, y: 0, width: 36, height: 12), Rect(x: 12, y: 12, width: 30, height: 12)])
    #expect(layout.selectionRects(for: 3..<3, measurer: m).isEmpty)
}

@Test func pointToIndexPicksTheNearestBoundary() {
    let m = FakeMeasurer()
    let layout = TextLayout(sentence, maxWidth: 60, hangingIndent: 12, measurer: m)
    #expect(layout.index(at: Point(x: 13, y: 1), measurer: m) == 2)
    #expect(layout.index(at: Point(x: 16, y: 1), measurer: m) == 3)
    #expect(layout.index(at: Point(x: 20, y: 13), measurer: m) == 11)     // "b|rown"
    #expect(layout.index(at: Point(x: 0, y: 13), measurer: m) == 10)      // left of the indent
    #expect(layout.index(at: Point(x: 59, y: 13), measurer: m) == 15)     // past "brown", before the hanging space
    #expect(layout.index(at: Point(x: 500, y: 500), measurer: m) == 25)
    #expect(layout.index(at: Point(x: 10, y: -5), measurer: m) == 2)
}

@Test func mixedSizesShareABaseline() {
    let m = FakeMeasurer()
    let big = TextAttributes(font: FontSpec(size: 20), foreground: .white, background: .black, underline: true)
    let layout = TextLayout(StyledText([TextSpan("ab ", a10), TextSpan("CD", big)]), measurer: m)
    #expect(layout.lines[0].height == 24 && layout.lines[0].ascent == 16)
    var list = DrawList()
    layout.draw(into: &list, at: Point(x: 100, y: 50))
    let draws = list.textDraws
    #expect(draws.map(\.text) == ["ab ", "CD"])
    #expect(draws[0].origin == Point(x: 100, y: 58))     // 50 + 16 − 8
    #expect(draws[1].origin == Point(x: 118, y: 50))
    #expect(draws[1].background == .black && draws[1].underline && draws[1].width == 24 && draws[1].lineHeight == 24)
}

@Test @MainActor func cacheReturnsTheSameLayoutForUnchangedRows() {
    let m = FakeMeasurer()
    let cache = TextLayoutCache(capacity: 2)
    let first = cache.layout(sentence, maxWidth: 100, measurer: m)
    let calls = m.widthCalls
    let again = cache.layout(sentence, maxWidth: 100, measurer: m)
    #expect(first == again && m.widthCalls == calls && cache.hits == 1)
    _ = cache.layout(sentence, maxWidth: 60, measurer: m)
    #expect(cache.misses == 2)
    _ = cache.layout(styled("x"), maxWidth: 60, measurer: m)      // rolls a generation
    _ = cache.layout(sentence, maxWidth: 100, measurer: m)        // still found in the old one
    #expect(cache.hits == 2)
}

@Test func attributesAtPointFindLinks() {
    let m = FakeMeasurer()
    var link = a10
    link.link = "https://x.test"
    let layout = TextLayout(StyledText([TextSpan("go ", a10), TextSpan("there", link)]), measurer: m)
    #expect(layout.attributes(at: Point(x: 20, y: 5))?.link == "https://x.test")
    #expect(layout.attributes(at: Point(x: 5, y: 5))?.link == nil)
    #expect(layout.attributes(at: Point(x: 200, y: 5)) == nil)
}

/// Plain ASCII spans are classified through a byte table instead of character by character;
/// both ways must cut the same pieces, including tabs, line feeds, carriage returns (CR LF is
/// one character, so such spans take the character path), digits and punctuation, and spans
/// of ASCII next to spans that are not.
@Test func asciiFastPathCutsTheSamePiecesAsCharacters() {
    var seed: UInt64 = 0x5EED
    func next() -> UInt64 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return seed >> 33 }
    let ascii = Array("ab Z09.,:;!?-_'\"()[]{}<>/\\\t\n\r~`^|@#$%&*+=") + ["\r\n"]
    let other: [Character] = ["é", "日", "ש", "ب", "😀", "١", " "]
    for round in 0..<400 {
        var spans: [TextSpan] = []
        for part in 0..<Int(1 + next() % 3) {
            let alphabet = (round + part) % 4 == 3 ? ascii + other : ascii
            let text = String((0..<Int(next() % 30)).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] })
            spans.append(TextSpan(text, TextAttributes()))
        }
        let text = StyledText(spans)
        let builder = TextLayoutBuilder(text: text, maxWidth: 80, hangingIndent: 0, measurer: FakeMeasurer())
        #expect(builder.pieces(asciiFastPath: true) == builder.pieces(asciiFastPath: false), "\(spans.map(\.text))")
    }
}

/// Text cut to a width ends with "…" in the style of the last character kept, without the
/// spaces before it; text that fits is left whole.
@Test @MainActor func textCutToAWidthEndsWithAnEllipsis() {
    let cache = TextLayoutCache(), m = FakeMeasurer()
    let plain = cache.layout(styled("hello world"), fittingWidth: 40, measurer: m)
    #expect(plain.text.string == "hello…" && plain.size.width == 36)
    #expect(cache.layout(styled("hello world"), fittingWidth: 45, measurer: m).text.string == "hello…")
    #expect(cache.layout(styled("hello world"), fittingWidth: 66, measurer: m).text.string == "hello world")
    var bold = a10
    bold.font.bold = true
    let mixed = cache.layout(StyledText([TextSpan("ab", a10), TextSpan("cdefgh", bold)]), fittingWidth: 30, measurer: m)
    #expect(mixed.text.spans.map(\.text) == ["ab", "cd…"] && mixed.text.spans.last?.attributes == bold)
    #expect(mixed.size.width <= 30)
}

/// A chip's background is a rounded rectangle inside the line box with room above and below
/// its text, which is centred in it; a plain background stays a band over the line box.
@Test func chipsAreRoundedWithRoomAroundTheirText() throws {
    let m = FakeMeasurer()
    var chip = TextAttributes(font: FontSpec(role: .ui, size: 10), background: .white)
    chip.isChip = true
    let gap = TextAttributes(font: FontSpec(role: .ui, size: 14))
    let layout = TextLayout(StyledText([TextSpan("\u{00A0}👍\u{00A0}2\u{00A0}", chip), TextSpan(" ", gap)]), measurer: m)
    var list = DrawList()
    layout.draw(into: &list, at: Point(x: 5, y: 100))
    guard case .roundedRect(let rect, let radius, let color) = list.commands.first,
          case .text(let run) = list.commands.dropFirst().first else {
        Issue.record("\(list.commands)")
        return
    }
    // The line box is 16.8 high (the 14 px gap); the chip font's is 12, with 2 px above and below.
    #expect(color == .white && run.background == nil && radius > 0)
    #expect(rect == Rect(x: 5, y: 100 + 0.4, width: 34, height: 16))
    #expect(run.origin.y == 100 + 2.4 && run.origin.y - rect.minY == 2 && rect.maxY - (run.origin.y + 12) == 2)
    var band = chip
    band.isChip = false
    var plain = DrawList()
    TextLayout(StyledText([TextSpan("x", band), TextSpan(" ", gap)]), measurer: m).draw(into: &plain, at: .zero)
    guard case .text(let bandRun) = plain.commands.first else {
        Issue.record("\(plain.commands)")
        return
    }
    #expect(bandRun.background == .white && bandRun.lineHeight == 16.8)
}
