/// The system clipboard, implemented by the host (SDL's clipboard functions; an in-memory one
/// in tests and headless runs).
@MainActor
public protocol Clipboard: AnyObject {
    /// The clipboard's text, or `nil` when it holds none.
    func text() -> String?
    /// Replaces the clipboard's content with `text`.
    func setText(_ text: String)
    /// The PRIMARY selection's text (X11 and Wayland: what was last selected anywhere, pasted
    /// with the middle button), or `nil`.
    func primaryText() -> String?
    /// Offers `text` as the PRIMARY selection (text just selected with the mouse).
    func setPrimaryText(_ text: String)
}

/// A clipboard kept in memory: the headless host's and the tests' clipboard.
@MainActor
public final class MemoryClipboard: Clipboard {
    private var stored: String?
    private var primary: String?

    /// Creates a clipboard, optionally holding `text`.
    public init(_ text: String? = nil) { stored = text }

    public func text() -> String? { stored }
    public func setText(_ text: String) { stored = text }
    public func primaryText() -> String? { primary }
    public func setPrimaryText(_ text: String) { primary = text }
}
