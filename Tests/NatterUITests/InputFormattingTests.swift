import NatterUI
import Testing
import Widgets

struct InputFormattingTests {
    let base = TextAttributes(font: FontSpec(size: 14), foreground: Color(rgb: 0xDDDDDD))

    @Test(arguments: ["plain", "a\u{02}b\u{02}c", "\u{03}4,12red on blue\u{03} x", "\u{04}FF8800hex\u{0F}", "\u{03}\u{03}12",
                      "é👍🏽\u{1D}i\u{1F}u\u{16}r", "\u{03}99,x", ""])
    func oneDisplayedGraphemePerCharacter(text: String) {
        let spans = InputFormatting.spans(text, base: base, theme: .dark)
        #expect(spans.reduce(0) { $0 + $1.text.count } == text.count)
    }

    @Test func codesStyleTheTextAfterThem() {
        let spans = InputFormatting.spans("x\u{02}b\u{03}4r\u{0F}p", base: base, theme: .dark)
        func attributes(of text: String) -> TextAttributes? { spans.first { $0.text.contains(text) }?.attributes }
        #expect(spans.map(\.text).joined() == "xBbC4rOp")
        #expect(attributes(of: "b")?.font.bold == true)
        #expect(attributes(of: "r")?.foreground == Color(rgb: 0xFF0000) && attributes(of: "r")?.font.bold == true)
        #expect(attributes(of: "p")?.font.bold == false && attributes(of: "p")?.foreground == base.foreground)
        #expect(InputFormatting.code(forShortcut: "k") == "\u{03}" && InputFormatting.code(forShortcut: "z") == nil)
    }
}
