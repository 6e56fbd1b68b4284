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
