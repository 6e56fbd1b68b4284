/// Keyboard modifier keys held during an event.
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    /// Creates a set from its raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Either Shift key.
    public static let shift = Modifiers(rawValue: 1 << 0)
    /// Either Control key.
    public static let ctrl = Modifiers(rawValue: 1 << 1)
    /// Either Alt key.
    public static let alt = Modifiers(rawValue: 1 << 2)
    /// Either GUI ("Super", "Windows", "Command") key.
    public static let gui = Modifiers(rawValue: 1 << 3)
}
