import Widgets

/// The main window's content: the buffer list on the left; the topic bar, the message list and
/// the input line in the middle; the nick list on the right.
@MainActor
public final class ChatScreen: Widget {
    public let sidebar = BufferListView()
    public let topicBar = TopicBar()
    public let messages = MessageListView()
    public let input = TextField()
    public let nickList = NickListView()
    /// A question shown above the input line (a multi-line paste to confirm); hidden when empty.
    public let confirmBar = Label("")
    private let centre: Stack
    private let inputRow: Stack

    /// A screen with the theme's colours.
    public init(theme: ChatTheme = .dark) {
        inputRow = Stack(.vertical, spacing: 6, [confirmBar, input])
        inputRow.padding = EdgeInsets(top: 8, left: 10, bottom: 10, right: 10)
        centre = Stack(.vertical, [topicBar, messages, inputRow])
        super.init()
        messages.flex = 1
        messages.theme = theme.base
        centre.flex = 1
        centre.backgroundColor = theme.base.background
        inputRow.backgroundColor = theme.base.background
        input.placeholder = "Message"
        confirmBar.isHidden = true
        let row = Stack(.horizontal, [sidebar, centre, nickList])
        row.flex = 1
        addChild(row)
        backgroundColor = theme.base.background
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let size = constraints.constrain(Size(width: constraints.maxWidth, height: constraints.maxHeight))
        for child in children {
            _ = child.layout(BoxConstraints.tight(size), context)
            place(child, at: .zero)
        }
        return size
    }

    /// Keys no widget inside took (the input line leaves Page Up, ↑/↓, Tab, … to its parents).
    public var onKey: ((KeyEvent) -> Bool)?

    public override func keyDown(_ event: KeyEvent) -> Bool { onKey?(event) ?? false }

    /// Hides or shows the nick list (queries and the server buffer have none).
    public var showsNickList: Bool {
        get { !nickList.isHidden }
        set { nickList.isHidden = !newValue }
    }
}
