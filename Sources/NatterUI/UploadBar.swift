import Widgets

/// Above the input line while a file goes to the network's file host: its name, how far it
/// is, and a button that cancels it (as Escape does).
@MainActor
public final class UploadBar: Widget {
    public let label = Label("")
    public let cancelButton = Button("Cancel")
    private let row: Stack

    public override init() {
        label.flex = 1
        row = Stack(.horizontal, spacing: 8, [label, cancelButton])
        super.init()
        addChild(row)
    }

    /// Colours from `theme`.
    func apply(_ theme: ChatTheme) {
        label.backgroundColor = theme.base.background
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let size = row.layout(constraints, context)
        place(row, at: .zero)
        return size
    }
}
