import Testing
@testable import IRCFormatting

struct FormattingEncoderTests {
    @Test func writesMinimalCodes() {
        #expect(serializeFormatting([StyledRun(text: "a", style: TextStyle(bold: true)), StyledRun(text: "b")]) == "\u{02}a\u{0F}b")
        #expect(serializeFormatting([StyledRun(text: "x", style: TextStyle(foreground: .palette(4)))]) == "\u{03}04x")
        #expect(serializeFormatting([StyledRun(text: "x", style: TextStyle(foreground: .palette(4), background: .palette(12)))])
                == "\u{03}04,12x")
        #expect(serializeFormatting([StyledRun(text: "x", style: TextStyle(background: .rgb(0, 0x11, 0xFF)))])
                == "\u{04}000000,0011FF\u{03}99x")
    }

    @Test func guardsDigitsAndCommas() {
        let red = TextStyle(foreground: .palette(4))
        #expect(serializeFormatting([StyledRun(text: ",5 apples", style: red)]) == "\u{03}04\u{02}\u{02},5 apples")
        #expect(serializeFormatting([StyledRun(text: "a", style: red), StyledRun(text: "5", style: TextStyle(bold: true))])
                == "\u{03}04a\u{02}\u{03}\u{02}\u{02}5")
        for runs in [[StyledRun(text: ",5 apples", style: red)],
                     [StyledRun(text: "a", style: red), StyledRun(text: "5", style: TextStyle(bold: true))]] {
            #expect(parseFormatting(serializeFormatting(runs)) == runs)
        }
    }

    @Test func inputLineInsertion() {
        // Ctrl+K 4 in the middle of plain text, then Ctrl+B.
        let plain = TextStyle()
        var red = plain
        red.foreground = .palette(4)
        #expect(formattingTransition(from: plain, to: red, before: "1") == "\u{03}04")
        #expect(formattingTransition(from: red, to: plain, before: "1") == "\u{0F}")
        var redBold = red
        redBold.bold = true
        #expect(formattingTransition(from: red, to: redBold, before: "x") == "\u{02}")
        #expect(formattingTransition(from: redBold, to: redBold, before: "x") == "")
    }

    @Test func dropsControlCharactersFromRunText() {
        #expect(serializeFormatting([StyledRun(text: "a\u{03}4\tb\u{01}")]) == "a4 b")
    }
}
