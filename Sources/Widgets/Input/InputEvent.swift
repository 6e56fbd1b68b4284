/// Everything the backend feeds to a ``WidgetHost``. Positions are window coordinates in
/// logical pixels.
public enum InputEvent: Hashable, Sendable {
    /// The pointer moved (with or without buttons held).
    case mouseMove(MouseEvent)
    /// A mouse button went down.
    case mouseDown(MouseEvent)
    /// A mouse button went up.
    case mouseUp(MouseEvent)
    /// The pointer left the window.
    case mouseLeave
    /// Wheel or touchpad scrolling.
    case wheel(WheelEvent)
    /// Two fingers pinched or spread on a touch screen.
    case magnify(MagnifyEvent)
    /// A finger touched the screen.
    case fingerDown(TouchEvent)
    /// A finger moved.
    case fingerMove(TouchEvent)
    /// A finger left the screen.
    case fingerUp(TouchEvent)
    /// A key went down (or repeats).
    case keyDown(KeyEvent)
    /// A key went up.
    case keyUp(KeyEvent)
    /// Committed text from the keyboard or the input method.
    case textInput(String)
    /// The input method's composition changed.
    case textEditing(TextComposition)
    /// The window's logical size or pixel density changed.
    case resize(Size, scale: Double)
    /// The window gained keyboard focus.
    case focusGained
    /// The window lost keyboard focus.
    case focusLost
    /// A file was dropped on the window (its absolute path): ``WidgetHost/onFileDrop`` takes it.
    case fileDropped(String)
}
