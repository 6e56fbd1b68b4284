import NatterUI
import Testing
import Widgets

/// Both themes stay readable: WCAG 2 contrast of at least 4.5:1 (AA for normal text) for every
/// nick colour and for body and dim text against the backgrounds they are drawn on.
struct ThemeContrastTests {
    @Test(arguments: [("dark", ChatTheme.dark), ("light", ChatTheme.light)])
    func textAndNicksReadOnTheirBackground(name: String, theme: ChatTheme) {
        for background in [theme.base.background, theme.base.surface] {
            for color in theme.nickColors {
                #expect(color.contrast(with: background) >= 4.5, "\(name): nick colour \(color) on \(background)")
            }
            #expect(theme.base.text.contrast(with: background) >= 7, "\(name): text on \(background)")
            #expect(theme.dimText.contrast(with: background) >= 4.5, "\(name): dim text on \(background)")
        }
        #expect(theme.base.link.contrast(with: theme.base.background) >= 4.5, "\(name): links")
        #expect(theme.errorText.contrast(with: theme.base.background) >= 4.5, "\(name): errors")
        #expect(Color.white.contrast(with: theme.base.accent) >= 4.5, "\(name): white on the accent (badges, the pill)")
    }

    @Test func theContrastFormulaMatchesWCAG() {
        #expect(Color.black.contrast(with: .white) == 21)
        #expect(Color.white.contrast(with: .white) == 1)
        #expect(abs(Color(rgb: 0x777777).contrast(with: .white) - 4.48) < 0.01)
        #expect(ChatTheme.dark.isDark && !ChatTheme.light.isDark)
    }

    @Test func hexColoursAreRead() {
        #expect(Color(hex: "#1e1f22") == Color(rgb: 0x1E1F22))
        #expect(Color(hex: "FFFFFF") == .white)
        #expect(Color(hex: "#F23F4326") == Color(r: 0xF2, g: 0x3F, b: 0x43, a: 0x26))
        #expect(Color(hex: "#12345") == nil && Color(hex: "#1234567") == nil && Color(hex: "red") == nil && Color(hex: "#GGGGGG") == nil)
    }
}
