import Configuration
@testable import NatterApp
import NatterUI
import Testing
import Widgets

/// The theme the window opens in, before anything is connected.
struct OpeningThemeTests {
    /// The first-run form opens in the theme the config names, with the user's colours (no
    /// portal is asked when the config names one).
    @MainActor @Test func theOpeningThemeFollowsTheConfig() throws {
        let light = try ConfigLoader.parse("[theme]\nappearance = \"light\"\n[theme.light]\naccent = \"#3D5AFE\"\n", file: "c.toml")
        #expect(ChatSession.openingTheme(light).base.background == ChatTheme.light.base.background)
        #expect(ChatSession.openingTheme(light).base.accent == Color(rgb: 0x3D5AFE))
        let dark = try ConfigLoader.parse("[theme]\nappearance = \"dark\"\n", file: "c.toml")
        #expect(ChatSession.openingTheme(dark).base.background == ChatTheme.dark.base.background)
    }
}
