import Foundation
@testable import SDLBackend
import Testing

/// The tests see the fonts the Makefile installs and no other: fontconfig's fallback order
/// depends on every font on the machine, so a machine with more fonts would draw other goldens.
/// `scripts/test-env.sh` (which `make test` runs the suite in) writes a fonts.conf accepting the
/// files of the Makefile's FONT_DEPS only.
struct PinnedFontsTests {
    @Test func fontconfigOffersOnlyTheMakefilesFonts() throws {
        let environment = ProcessInfo.processInfo.environment
        let conf = try #require(environment["FONTCONFIG_FILE"],
                                "run the tests through make test (scripts/test-env.sh pins fontconfig's fonts)")
        let accepted = try String(contentsOfFile: conf, encoding: .utf8)
        let files = try FontLocator().availableFiles()
        #expect(files.contains("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        #expect(files.contains { $0.hasSuffix("/NotoColorEmoji.ttf") })
        #expect(files.contains { $0.hasSuffix("/NotoSansCJK-Regular.ttc") })
        for file in files {
            #expect(accepted.contains("<glob>\(file)</glob>"), "fontconfig offers \(file), which the tests' fonts.conf does not name")
        }
    }

    @Test func theFallbacksComeFromThoseFonts() throws {
        let locator = try FontLocator()
        let ui = try #require(locator.match(family: "DejaVu Sans", bold: false, italic: false))
        #expect(ui.path.hasSuffix("/DejaVuSans.ttf"))
        let han = try #require(locator.fallback(for: "漢", family: "DejaVu Sans", bold: false, italic: false, emoji: false))
        #expect(han.path.hasSuffix("/NotoSansCJK-Regular.ttc"))
        let emoji = try #require(locator.fallback(for: "😀", family: "DejaVu Sans", bold: false, italic: false, emoji: true))
        #expect(emoji.path.hasSuffix("/NotoColorEmoji.ttf"))
    }
}
