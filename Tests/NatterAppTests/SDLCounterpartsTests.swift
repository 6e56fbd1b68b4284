import Configuration
import Connections
@testable import NatterApp
import SDLBackend
import Testing

/// What the headless targets hold in place of SDL's own values, so as not to link SDL: they
/// must stay the same as SDL's.
struct SDLCounterpartsTests {
    /// Every renderer the config takes is one the window knows, and the other way round.
    @Test func theConfigsRenderersAreTheWindows() {
        #expect(NatterConfig.Renderer.allCases.map(\.rawValue) == RendererChoice.allCases.map(\.rawValue))
        for setting in NatterConfig.Renderer.allCases {
            #expect(RendererChoice(setting).rawValue == setting.rawValue)
        }
    }

    /// `[display] scale` takes the scales the window draws at.
    @Test func theConfigsScalesAreTheWindows() {
        #expect(NatterConfig.scales == DesktopScale.range)
    }

    /// The hub's clock without SDL reads what the window's does: a time between two of
    /// `WidgetWindow.now()`.
    @MainActor @Test func theSessionClockIsTheWindowsClock() {
        for _ in 0..<100 {
            let before = WidgetWindow.now()
            let now = SessionClock.monotonic()
            let after = WidgetWindow.now()
            #expect(before <= now && now <= after, "\(before) ≤ \(now) ≤ \(after)")
        }
    }
}
