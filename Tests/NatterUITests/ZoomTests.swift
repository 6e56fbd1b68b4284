import NatterUI
import Testing
import Widgets

/// Zoom steps and the keys that take them.
struct ZoomTests {
    @Test func stepsGoUpAndDownAndStopAtTheEnds() {
        #expect(Zoom().larger.factor == 1.1)
        #expect(Zoom().larger.larger.factor == 1.25)
        #expect(Zoom().smaller.factor == 0.9)
        #expect(Zoom(3).larger.factor == 3)
        #expect(Zoom(0.5).smaller.factor == 0.5)
        var zoom = Zoom()
        for _ in 0..<5 { zoom = zoom.larger }
        for _ in 0..<5 { zoom = zoom.smaller }
        #expect(zoom == Zoom())
    }

    @Test func savedValuesLandOnAStep() {
        #expect(Zoom(1.3).factor == 1.25)
        #expect(Zoom(100).factor == 3)
        #expect(Zoom(.nan).factor == 1)
        #expect(Zoom(1.25).percent == "125 %")
    }

    @Test func theBoundKeysAndTheirBrowserTwinsZoom() {
        let keys = KeyBindings()
        let zoom = Zoom(1.25)
        #expect(zoom.after(KeyEvent(.character("="), modifiers: [.ctrl]), bindings: keys)?.factor == 1.5)
        #expect(zoom.after(KeyEvent(.character("="), modifiers: [.ctrl, .shift]), bindings: keys)?.factor == 1.5)
        #expect(zoom.after(KeyEvent(.character("+"), modifiers: [.ctrl]), bindings: keys)?.factor == 1.5)
        #expect(zoom.after(KeyEvent(.named("Keypad +"), modifiers: [.ctrl]), bindings: keys)?.factor == 1.5)
        #expect(zoom.after(KeyEvent(.character("-"), modifiers: [.ctrl]), bindings: keys)?.factor == 1.1)
        #expect(zoom.after(KeyEvent(.named("Keypad -"), modifiers: [.ctrl]), bindings: keys)?.factor == 1.1)
        #expect(zoom.after(KeyEvent(.character("0"), modifiers: [.ctrl]), bindings: keys)?.factor == 1)
        #expect(zoom.after(KeyEvent(.character("="), modifiers: []), bindings: keys) == nil)
        #expect(zoom.after(KeyEvent(.character("a"), modifiers: [.ctrl]), bindings: keys) == nil)
    }

    @Test func rebindingMovesTheZoom() {
        var keys = KeyBindings()
        keys.bind("zoom_in", to: KeyEvent(.function(10)))
        #expect(Zoom().after(KeyEvent(.function(10)), bindings: keys)?.factor == 1.1)
        // Ctrl+= is no longer bound; Ctrl+Shift+= follows it, Ctrl++ stays the browsers' key.
        #expect(Zoom().after(KeyEvent(.character("="), modifiers: [.ctrl]), bindings: keys) == nil)
        #expect(Zoom().after(KeyEvent(.character("="), modifiers: [.ctrl, .shift]), bindings: keys) == nil)
    }
}
