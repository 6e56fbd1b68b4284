import SDLBackend
import Testing

/// Which renderer draws the window: software where GL would be software too.
struct RendererChoiceTests {
    @Test func autoIsSoftwareWithoutAGPURenderNode() {
        #expect(RendererChoice.auto.usesSoftware(renderNodes: []))
        #expect(!RendererChoice.auto.usesSoftware(renderNodes: ["renderD128"]))
        #expect(RendererChoice.software.usesSoftware(renderNodes: ["renderD128"]))
        #expect(!RendererChoice.accelerated.usesSoftware(renderNodes: []))
    }

    @Test func theEnvironmentOverridesTheConfig() {
        #expect(RendererChoice.resolve(configured: .auto, environment: ["NATTER_RENDERER": "Accelerated"]) == .accelerated)
        #expect(RendererChoice.resolve(configured: .software, environment: [:]) == .software)
        #expect(RendererChoice.resolve(configured: .software, environment: ["NATTER_RENDERER": "bogus"]) == .software)
    }
}

/// A configured font family that is not installed: fontconfig substitutes another, and Natter
/// says so rather than drawing in a surprise face without a word.
@Suite(.serialized)
@MainActor
struct FontSubstitutionTests {
    @Test func aMissingFamilyIsNamedWithWhatIsUsedInstead() throws {
        try SDLRuntime.startHeadless()
        #expect(try FontLibrary().warnings.isEmpty)   // DejaVu is installed (make test-deps)
        let fonts = try FontLibrary(uiFamily: "No Such Family Natter", monoFamily: "DejaVu Sans Mono")
        #expect(fonts.warnings.count == 1)
        #expect(fonts.warnings.first?.hasPrefix("The font \"No Such Family Natter\" is not installed: \"") == true, "\(fonts.warnings)")
        let dejavu = try FontLibrary(uiFamily: "DejaVu Sans Nonexistent Cut")
        #expect(dejavu.warnings.first?.hasSuffix("(Debian: install fonts-dejavu-core)") == true, "\(dejavu.warnings)")
    }
}
