/// One entry of a ``PopupMenu``.
public struct MenuItem {
    /// The label.
    public var title: String
    /// Disabled items are shown dimmed and skipped by the keyboard.
    public var isEnabled: Bool
    /// Runs when the item is chosen (after the menu closed).
    public var action: @MainActor () -> Void

    /// Creates an item.
    public init(_ title: String, isEnabled: Bool = true, action: @escaping @MainActor () -> Void) {
        self.title = title
        self.isEnabled = isEnabled
        self.action = action
    }
}
