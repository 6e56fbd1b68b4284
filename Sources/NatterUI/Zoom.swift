import Widgets

/// The user's zoom (Ctrl+=, Ctrl+−, Ctrl+0): everything drawn larger or smaller on top of the
/// desktop's scale, in fixed steps so that a few presses always lead back to 100 %.
public struct Zoom: Hashable, Sendable {
    /// The steps, smallest first; 1 is 100 %.
    public static let levels: [Double] = [0.5, 0.67, 0.75, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3]

    /// How much larger than 100 % (always one of ``levels``).
    public let factor: Double

    /// The step nearest to `factor` (a saved value from an older or hand-edited file lands on
    /// a step; NaN and infinities are 100 %).
    public init(_ factor: Double = 1) {
        guard factor.isFinite else { self.factor = 1; return }
        self.factor = Self.levels.min { abs($0 - factor) < abs($1 - factor) }!
    }

    /// One step larger (the largest stays).
    public var larger: Zoom { Zoom(Self.levels.first { $0 > factor } ?? factor) }
    /// One step smaller (the smallest stays).
    public var smaller: Zoom { Zoom(Self.levels.last { $0 < factor } ?? factor) }

    /// The zoom after `event` if it is bound to `zoom_in`, `zoom_out` or `zoom_reset` in
    /// `bindings`, else nil. Ctrl+Shift+= (Ctrl++ on most layouts) and the keypad's + and −
    /// with Ctrl also zoom, as in every browser.
    public func after(_ event: KeyEvent, bindings: KeyBindings) -> Zoom? {
        var action = bindings.action(for: event)
        if action == nil, event.modifiers == [.ctrl] || event.modifiers == [.ctrl, .shift] {
            switch event.key {
            case .character("+"), .named("Keypad +"): action = "zoom_in"
            case .character("="): action = bindings.action(for: KeyEvent(event.key, modifiers: [.ctrl]))
            case .named("Keypad -"): action = "zoom_out"
            default: break
            }
        }
        switch action {
        case "zoom_in": return larger
        case "zoom_out": return smaller
        case "zoom_reset": return Zoom(1)
        default: return nil
        }
    }

    /// As a percentage for the user ("125 %").
    public var percent: String { "\(Int((factor * 100).rounded())) %" }
}
