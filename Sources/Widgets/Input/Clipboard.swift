/// The system clipboard, implemented by the host (SDL's clipboard functions; an in-memory one
/// in tests and headless runs).
@MainActor
public protocol Clipboard: AnyObject {
    /// The clipboard's text, or `nil` when it holds none.
    func text() -> String?
    /// Replaces the clipboard's content with `text`.
    func setText(_ text: String)
}

/// A clipboard kept in memory: the headless host's and the tests' clipboard.
@MainActor
public final class MemoryClipboard: Clipboard {
    private var stored: String?

    /// Creates a clipboard, optionally holding `text`.
    public init(_ text: String? = nil) { stored = text }

    public func text() -> String? { stored }
    public func setText(_ text: String) { stored = text }
}
