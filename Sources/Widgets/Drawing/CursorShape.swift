/// The mouse cursor the UI asks for, from what lies under the pointer.
public enum CursorShape: Hashable, Sendable {
    /// The default arrow.
    case arrow
    /// The text I-beam (over editable or selectable text).
    case ibeam
    /// The pointing hand (over links and clickable items).
    case hand
    /// Left-right resize (over a vertical divider).
    case resizeHorizontal
    /// Up-down resize (over a horizontal divider).
    case resizeVertical
}
