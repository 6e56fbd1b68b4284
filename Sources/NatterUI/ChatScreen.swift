import Widgets

/// The main window's content: the buffer list on the left; the topic bar, the find bar (when
/// open), the message list and the input line in the middle; the nick list on the right. In a
/// narrow window the side panes give way to the messages (ChatScreen+Panes).
@MainActor
public final class ChatScreen: Widget {
    public let sidebar = BufferListView()
    public let topicBar = TopicBar()
    public let messages = MessageListView()
    /// The find bar above the messages (Ctrl+F); hidden until opened.
    public let findBar: FindBar
    public let input = TextField()
    public let nickList = NickListView()
    /// The channel list (`/list`), in the message list's place while a channels buffer is shown.
    public let channelList: ChannelListView
    /// A question shown above the input line (a multi-line paste to confirm); hidden when empty.
    public let confirmBar = Label("")
    /// "Replying to …" above the input line while a reply is being written; hidden otherwise.
    public let replyBar = Label("")
    /// What is left of a paste going out to the shown buffer, with a button to cancel it;
    /// hidden otherwise.
    public let pasteBar = PasteQueueBar()
    /// An upload under way (its file, how far), with a button to cancel it; hidden otherwise.
    public let uploadBar = UploadBar()
    private let centre: Stack
    private let inputRow: Stack
    /// The buffer list beside (or over) the rest; the rest is `inner`: the centre and the nick
    /// list. Arranged by ``arrangePanes(width:)`` (ChatScreen+Panes).
    let outer: SplitPane
    let inner: SplitPane

    /// Width of the buffer list (the divider can be dragged; kept across resizes, and while the
    /// list is hidden in a narrow window).
    public var sidebarWidth: Double {
        get { outer.dividerPosition }
        set { outer.dividerPosition = max(120, min(newValue, 480)) }
    }
    /// Width of the nick list (the divider can be dragged; kept across resizes, and while the
    /// list is hidden in a narrow window).
    public var nickListWidth = 160.0 { didSet { if nickListWidth != oldValue { setNeedsLayout() } } }
    /// Whether the user hid the nick list (it is also hidden where there are no members, and
    /// where the window is too narrow for it).
    public var nickListCollapsed: Bool {
        get { nickListChoice.collapsed }
        set { nickListChoice.collapsed = newValue }
    }
    /// Whether the user hid the buffer list (it is also hidden where the window is too narrow).
    public var bufferListCollapsed: Bool {
        get { bufferListChoice.collapsed }
        set { bufferListChoice.collapsed = newValue }
    }
    var bufferListChoice = PaneChoice() { didSet { if bufferListChoice != oldValue { panesChanged() } } }
    var nickListChoice = PaneChoice() { didSet { if nickListChoice != oldValue { panesChanged() } } }
    private var nickListWanted = true

    /// A screen with the theme's colours.
    public init(theme: ChatTheme = .dark) {
        inputRow = Stack(.vertical, spacing: 6, [uploadBar, pasteBar, confirmBar, replyBar, input])
        inputRow.padding = EdgeInsets(top: 8, left: 10, bottom: 10, right: 10)
        findBar = FindBar(theme: theme)
        findBar.isHidden = true
        channelList = ChannelListView(theme: theme)
        channelList.isHidden = true
        channelList.flex = 1
        centre = Stack(.vertical, [topicBar, findBar, messages, channelList, inputRow])
        messages.flex = 1
        centre.flex = 1
        input.placeholder = "Message"
        // What is typed while a list has the keyboard and does not take it comes here, and a
        // click in the messages or on the topic gives the keyboard back to it.
        input.isTextHome = true
        messages.clickReturnsKeyboard = true
        topicBar.clickReturnsKeyboard = true
        confirmBar.isHidden = true
        replyBar.isHidden = true
        pasteBar.isHidden = true
        uploadBar.isHidden = true
        inner = SplitPane(.horizontal, first: centre, second: nickList, dividerPosition: 600, minFirst: 200, minSecond: 0)
        outer = SplitPane(.horizontal, first: sidebar, second: inner, dividerPosition: 190, minFirst: 120, minSecond: 240)
        super.init()
        // The middle button pastes what was selected elsewhere into the input line.
        messages.onMiddleClick = { [weak self] in
            guard let self else { return }
            self.host?.focus(self.input)
            self.input.paste(primary: true)
        }
        for pane in [inner, outer] {
            pane.dividerThickness = 1
            pane.grabSlop = 4
        }
        // The nick list's width follows its divider while it is dragged (layout places the divider
        // from that width, from the right).
        inner.onDividerDragged = { [weak self] position in
            guard let self else { return }
            self.nickListWidth = max(100, min(self.inner.size.width - position - self.inner.dividerThickness, 400))
        }
        addChild(outer)
        apply(theme)
    }

    /// The colours and fonts every part is drawn with.
    public private(set) var theme = ChatTheme.dark

    /// Draws every part with `theme` (at start, and when the desktop switches between light
    /// and dark).
    public func apply(_ theme: ChatTheme) {
        self.theme = theme
        backgroundColor = theme.base.background
        centre.backgroundColor = theme.base.background
        inputRow.backgroundColor = theme.base.background
        for pane in [inner, outer] { pane.dividerColor = theme.base.border }
        messages.theme = theme.base
        sidebar.theme = theme
        nickList.theme = theme
        topicBar.theme = theme
        findBar.apply(theme)
        channelList.theme = theme
        input.applyColors(theme, background: theme.base.background)
        for bar in [confirmBar, replyBar] { bar.backgroundColor = theme.base.background }
        pasteBar.apply(theme)
        uploadBar.apply(theme)
        setNeedsPaint()
    }

    /// A pane was hidden or shown: the arrangement at once (a pane that goes gives up the
    /// keyboard before the next key), the layout at the next pass.
    private func panesChanged() {
        arrangePanes(width: size.width)
        setNeedsLayout()
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let size = constraints.constrain(Size(width: constraints.maxWidth, height: constraints.maxHeight))
        // The panes keep their widths when the window changes size; which of them fit beside
        // the messages may change (ChatScreen+Panes).
        settleOverlays(width: size.width)
        arrangePanes(width: size.width)
        for child in children {
            _ = child.layout(BoxConstraints.tight(size), context)
            place(child, at: .zero)
        }
        return size
    }

    /// Called when a tick asked for with ``WidgetHost/requestTick(for:at:)`` on the screen is
    /// due (a typing state running out).
    public var onTick: (() -> Void)?

    public override func tick(_ time: FrameTime) -> FrameTime? {
        onTick?()
        return nil
    }

    /// Keys no widget inside took (the input line leaves Page Up, ↑/↓, Tab, … to its parents).
    public var onKey: ((KeyEvent) -> Bool)?

    public override func keyDown(_ event: KeyEvent) -> Bool { onKey?(event) ?? false }

    /// Whether the channel list takes the message list's place.
    public var showsChannelList: Bool {
        get { !channelList.isHidden }
        set {
            guard newValue != showsChannelList else { return }
            channelList.isHidden = !newValue
            messages.isHidden = newValue
            setNeedsLayout()
        }
    }

    /// Whether the shown buffer has a nick list (queries and the server buffer have none).
    public var showsNickList: Bool {
        get { nickListWanted }
        set { if newValue != nickListWanted { nickListWanted = newValue; panesChanged() } }
    }
}
