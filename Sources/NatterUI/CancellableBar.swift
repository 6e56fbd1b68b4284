import Widgets

/// A line above the input for work under way that the user may stop: what it is and how far
/// it got, and a button that cancels it (as Escape does). One shape for each such work.
@MainActor
public final class CancellableBar: Widget {
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

/// While a long paste goes out to the shown buffer: how many lines are left and about how long
/// they take.
public typealias PasteQueueBar = CancellableBar

/// While a file goes to the network's file host: its name and how far it is.
public typealias UploadBar = CancellableBar
