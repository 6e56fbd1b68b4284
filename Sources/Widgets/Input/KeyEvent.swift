/// A key press or release.
public struct KeyEvent: Hashable, Sendable {
    /// The key.
    public var key: Key
    /// Modifiers held.
    public var modifiers: Modifiers
    /// Whether this is an auto-repeat of a held key.
    public var isRepeat: Bool

    /// Creates a key event.
    public init(_ key: Key, modifiers: Modifiers = [], isRepeat: Bool = false) {
        self.key = key
        self.modifiers = modifiers
        self.isRepeat = isRepeat
    }
}
