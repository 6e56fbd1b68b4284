@testable import Configuration
import NatterUI
import Testing
import Widgets

/// The user's colours for either theme (`[theme.dark]`, `[theme.light]`): read, checked, and
/// applied over Natter's.
struct ThemeColorsTests {
    @Test func theUsersColoursAreReadAndApplied() throws {
        let config = try ConfigLoader.parse("""
            [theme]
            appearance = "light"
            [theme.light]
            accent = "#3D5AFE"
            background = "#FAFAFA"
            nick_colors = ["#B3261E", "#1565C0"]
            [theme.dark]
            text = "#EEEEEE"
            """, file: "c.toml")
        #expect(config.theme.appearance == .light)
        let light = config.theme.lightColors.applied(to: .light)
        #expect(light.base.accent == Color(rgb: 0x3D5AFE) && light.base.background == Color(rgb: 0xFAFAFA))
        #expect(light.nickColors == [Color(rgb: 0xB3261E), Color(rgb: 0x1565C0)])
        #expect(light.base.text == ChatTheme.light.base.text)
        #expect(config.theme.darkColors.applied(to: .dark).base.text == Color(rgb: 0xEEEEEE))
        for (text, key) in [("[theme]\nappearance = \"sepia\"\n", "theme.appearance"),
                            ("[theme.light]\naccent = \"blue\"\n", "theme.light.accent"),
                            ("[theme.dark]\nbackdrop = \"#000000\"\n", "theme.dark.backdrop"),
                            ("[theme.dark]\nnick_colors = []\n", "theme.dark.nick_colors")] {
            #expect(throws: ConfigError.self, "\(text)") { try ConfigLoader.parse(text, file: "c.toml") }
            do { _ = try ConfigLoader.parse(text, file: "c.toml") } catch { #expect(error.key == key, "\(text): \(error)") }
        }
    }
}
