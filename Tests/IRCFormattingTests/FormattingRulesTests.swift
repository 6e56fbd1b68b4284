import Testing
@testable import IRCFormatting

/// The rules of design/FORMATTING.md, one by one.
struct FormattingRulesTests {
    func runs(_ text: String) -> [StyledRun] { parseFormatting(text) }
    func fg(_ n: Int, bg: Int? = nil) -> TextStyle {
        TextStyle(foreground: .palette(n), background: bg.map { .palette($0) })
    }

    @Test func toggles() {
        #expect(runs("\u{02}b\u{1D}i\u{1F}u\u{1E}s\u{11}m\u{16}r\u{0F}x") == [
            StyledRun(text: "b", style: TextStyle(bold: true)),
            StyledRun(text: "i", style: TextStyle(bold: true, italic: true)),
            StyledRun(text: "u", style: TextStyle(bold: true, italic: true, underline: true)),
            StyledRun(text: "s", style: TextStyle(bold: true, italic: true, underline: true, strikethrough: true)),
            StyledRun(text: "m", style: TextStyle(bold: true, italic: true, underline: true, strikethrough: true, monospace: true)),
            StyledRun(text: "r", style: TextStyle(bold: true, italic: true, underline: true, strikethrough: true, monospace: true, reverse: true)),
            StyledRun(text: "x"),
        ])
    }

    @Test func colourShapes() {
        #expect(runs("\u{03}4a\u{03}b") == [StyledRun(text: "a", style: fg(4)), StyledRun(text: "b")])
        #expect(runs("\u{03},b") == [StyledRun(text: ",b")])                       // ^C, = reset, comma is text
        #expect(runs("\u{03}4,a") == [StyledRun(text: ",a", style: fg(4))])        // comma without digit is text
        #expect(runs("\u{03},12") == [StyledRun(text: ",12")])                     // reset then ",12"
        #expect(runs("\u{03}151234") == [StyledRun(text: "1234", style: fg(15))])
        #expect(runs("\u{03}15,1234") == [StyledRun(text: "34", style: fg(15, bg: 12))])
        #expect(runs("\u{03}099") == [StyledRun(text: "9", style: fg(9))])
        #expect(runs("\u{03}4,2a\u{03}7b") == [StyledRun(text: "a", style: fg(4, bg: 2)), StyledRun(text: "b", style: fg(7, bg: 2))])
        #expect(runs("\u{03}99,98a") == [StyledRun(text: "a", style: TextStyle(background: .palette(98)))])
        #expect(runs("\u{03}4,5a\u{03}b") == [StyledRun(text: "a", style: fg(4, bg: 5)), StyledRun(text: "b")])
    }

    @Test func hexColours() {
        #expect(runs("\u{04}FF8000a") == [StyledRun(text: "a", style: TextStyle(foreground: .rgb(255, 128, 0)))])
        #expect(runs("\u{04}ff8000,00FF00a") == [StyledRun(text: "a", style: TextStyle(foreground: .rgb(255, 128, 0), background: .rgb(0, 255, 0)))])
        #expect(runs("\u{03}4,5\u{04}FFFFFFa") == [StyledRun(text: "a", style: TextStyle(foreground: .rgb(255, 255, 255), background: .palette(5)))])
        #expect(runs("\u{03}4\u{04}12345g") == [StyledRun(text: "12345g")])        // not six hex digits: reset
        #expect(runs("\u{04}FFFFFF,12a") == [StyledRun(text: ",12a", style: TextStyle(foreground: .rgb(255, 255, 255)))])
    }

    @Test func otherControlCharacters() {
        #expect(runs("a\tb\u{00}c\u{01}d\u{07}e\u{7F}f\r\ng") == [StyledRun(text: "a bcdefg")])
        #expect(stripFormatting("zero\u{200B}width e\u{301} 👍🏽 שלום") == "zero\u{200B}width e\u{301} 👍🏽 שלום")
    }

    @Test func mergingAndEmptyRuns() {
        #expect(runs("") == [])
        #expect(runs("\u{02}\u{02}") == [])
        #expect(runs("a\u{02}\u{02}b\u{03}\u{03}c") == [StyledRun(text: "abc")])
        #expect(runs("\u{02}a\u{0F}\u{02}b") == [StyledRun(text: "ab", style: TextStyle(bold: true))])
        #expect(runs("plain") == [StyledRun(text: "plain")])
    }

    @Test func reverseIsKeptAndSwappedAtRenderTime() {
        let style = runs("\u{03}4,2\u{16}x")[0].style
        #expect(style.reverse && style.foreground == .palette(4))
        #expect(style.effectiveColors.foreground == .palette(2) && style.effectiveColors.background == .palette(4))
    }

    @Test func paletteValues() {
        #expect(IRCColor.palette.count == 99)
        #expect(IRCColor.palette[0...15] == [0xFFFFFF, 0x000000, 0x00007F, 0x009300, 0xFF0000, 0x7F0000, 0x9C009C, 0xFC7F00,
                                              0xFFFF00, 0x00FC00, 0x009393, 0x00FFFF, 0x0000FC, 0xFF00FF, 0x7F7F7F, 0xD2D2D2])
        #expect(IRCColor.palette(7).rgbComponents! == (0xFC, 0x7F, 0x00))
        #expect(IRCColor.palette(99).rgbComponents == nil)
        #expect(IRCColor.rgb(1, 2, 3).rgbComponents! == (1, 2, 3))
    }
}
