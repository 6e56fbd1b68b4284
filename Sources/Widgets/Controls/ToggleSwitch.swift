/// An on/off switch: a rounded track with a knob, on at the right in the accent colour, off at
/// the left. Toggles on a click released inside it, or on Space or Enter while focused, and
/// says so through ``onToggle``. A settings screen's bool takes one (a button whose title says
/// "on" or "off" reads as an action, not a state).
public final class ToggleSwitch: Widget {
    /// Whether the switch is on. Setting it does not call ``onToggle`` (only the user does).
    public var isOn: Bool { didSet { if isOn != oldValue { setNeedsPaint() } } }
    /// Track colour when on.
    public var onColor = Theme.standard.accent { didSet { if onColor != oldValue { setNeedsPaint() } } }
    /// Track colour when off.
    public var offColor = Theme.standard.surfacePressed { didSet { if offColor != oldValue { setNeedsPaint() } } }
    /// The knob's colour.
    public var knobColor = Theme.standard.text { didSet { if knobColor != oldValue { setNeedsPaint() } } }
    /// Focus ring colour.
    public var focusColor = Theme.standard.accent
    /// The track's size.
    public var trackSize = Size(width: 36, height: 20) { didSet { if trackSize != oldValue { setNeedsLayout() } } }
    /// Called with the new state after the user toggled it.
    public var onToggle: ((Bool) -> Void)?
    private var tracking = false

    /// A switch, on or off.
    public init(isOn: Bool = false, onToggle: ((Bool) -> Void)? = nil) {
        self.isOn = isOn
        self.onToggle = onToggle
        super.init()
    }

    public override var isFocusable: Bool { true }

    /// Turns the switch over, as a click does, and tells ``onToggle``.
    public func toggle() {
        isOn.toggle()
        onToggle?(isOn)
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        // Two pixels around the track leave room for the focus ring.
        Size(width: trackSize.width + 4, height: trackSize.height + 4)
    }

    public override func paint(_ context: inout PaintContext) {
        let track = Rect(x: 2, y: 2, width: trackSize.width, height: trackSize.height)
        if context.focusedWidget === self {
            context.fillRounded(bounds, radius: bounds.height / 2, focusColor.withAlpha(0x60))
        }
        context.fillRounded(track, radius: track.height / 2, isOn ? onColor : offColor)
        let inset = 3.0, knob = track.height - 2 * inset
        let x = isOn ? track.maxX - inset - knob : track.minX + inset
        context.fillRounded(Rect(x: x, y: track.minY + inset, width: knob, height: knob), radius: knob / 2, knobColor)
    }

    public override func focusChanged(_ focused: Bool) { setNeedsPaint() }

    public override func cursor(at point: Point) -> CursorShape? { .hand }

    public override func mouseDown(_ event: MouseEvent) -> Bool {
        guard event.button == .left else { return false }
        tracking = true
        return true
    }

    public override func mouseUp(_ event: MouseEvent) {
        guard tracking else { return }
        tracking = false
        if bounds.contains(event.position) { toggle() }
    }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty, event.key == .space || event.key == .enter else { return false }
        toggle()
        return true
    }
}
