import NatterUI
import Testing
import Widgets

/// A measurer for layout tests: every character is 0.6 em wide.
struct FixedMeasurer: TextMeasurer {
    func lineMetrics(_ font: FontSpec) -> LineMetrics {
        LineMetrics(ascent: font.size * 0.8, descent: font.size * 0.2, lineHeight: font.size * 1.2)
    }
    func width(of text: Substring, font: FontSpec) -> Double { Double(text.count) * font.size * 0.6 }
}

@MainActor
struct ChatScreenLayoutTests {
    @Test func panesFillTheWindow() {
        let screen = ChatScreen()
        let host = WidgetHost(root: screen, size: Size(width: 900, height: 560), measurer: FixedMeasurer(),
                              clipboard: MemoryClipboard())
        host.layoutIfNeeded()
        print("screen", screen.frame, "sidebar", screen.sidebar.windowFrame, "topic", screen.topicBar.windowFrame,
              "list", screen.messages.windowFrame, "input", screen.input.windowFrame, "nicks", screen.nickList.windowFrame)
        #expect(screen.sidebar.windowFrame == Rect(x: 0, y: 0, width: 190, height: 560))
        #expect(screen.nickList.windowFrame == Rect(x: 740, y: 0, width: 160, height: 560))
        // 1 px dividers between the panes.
        #expect(screen.topicBar.windowFrame.width == 548 && screen.topicBar.windowFrame.minX == 191)
        #expect(screen.messages.windowFrame.height > 400)
        #expect(screen.input.windowFrame.maxY <= 560 && screen.input.windowFrame.height > 10)
    }

    @Test func theNickListKeepsItsWidthAndCanBeCollapsed() {
        let screen = ChatScreen()
        let host = WidgetHost(root: screen, size: Size(width: 900, height: 560), measurer: FixedMeasurer(),
                              clipboard: MemoryClipboard())
        host.layoutIfNeeded()
        host.handle(.resize(Size(width: 1200, height: 560), scale: 1))
        host.layoutIfNeeded()
        #expect(screen.nickList.windowFrame == Rect(x: 1040, y: 0, width: 160, height: 560))
        screen.nickListCollapsed = true
        host.layoutIfNeeded()
        #expect(screen.nickList.isHidden)
        #expect(screen.topicBar.windowFrame.maxX == 1200)
        screen.nickListCollapsed = false
        screen.sidebarWidth = 250
        host.layoutIfNeeded()
        #expect(screen.topicBar.windowFrame.minX == 251 && screen.nickList.windowFrame.width == 160)
    }

    private func screen(width: Double) -> (ChatScreen, WidgetHost) {
        let screen = ChatScreen()
        let host = WidgetHost(root: screen, size: Size(width: width, height: 560), measurer: FixedMeasurer(),
                              clipboard: MemoryClipboard())
        host.layoutIfNeeded()
        return (screen, host)
    }

    private func resize(_ host: WidgetHost, _ width: Double) {
        host.handle(.resize(Size(width: width, height: 560), scale: 1))
        host.layoutIfNeeded()
    }

    /// The messages keep 340 px: narrower, the nick list goes first (below 692 px with the
    /// default widths), then the buffer list (below 531 px); at 420 px the messages have the
    /// whole window and nothing is clipped. Grown again, the panes come back as they were.
    @Test func theNickListGoesFirstThenTheBufferList() {
        let (screen, host) = screen(width: 1000)
        #expect(screen.bufferListPlace == .beside && screen.nickListPlace == .beside)
        resize(host, 692)
        #expect(screen.nickListPlace == .beside && screen.nickList.windowFrame == Rect(x: 532, y: 0, width: 160, height: 560))
        resize(host, 690)
        #expect(screen.nickListPlace == .hidden && screen.nickList.isHidden && screen.bufferListPlace == .beside)
        #expect(screen.topicBar.windowFrame == Rect(x: 191, y: 0, width: 499, height: screen.topicBar.frame.height))
        resize(host, 531)
        #expect(screen.bufferListPlace == .beside)
        resize(host, 530)
        #expect(screen.bufferListPlace == .hidden && screen.sidebar.isHidden)
        resize(host, 420)
        #expect(screen.nickList.isHidden && screen.sidebar.isHidden)
        #expect(screen.topicBar.windowFrame.minX == 0 && screen.topicBar.windowFrame.width == 420)
        #expect(screen.input.windowFrame.maxX <= 420 && screen.messages.windowFrame.width == 420)
        resize(host, 1000)
        #expect(screen.sidebar.windowFrame == Rect(x: 0, y: 0, width: 190, height: 560))
        #expect(screen.nickList.windowFrame == Rect(x: 840, y: 0, width: 160, height: 560))
    }

    /// Where a pane went for want of room, its key shows it over the messages, which keep
    /// their width; the key, Escape or a wider window take it away again. Where it was beside
    /// them, the key hides it (the user's choice, kept through a narrow window).
    @Test func aPaneThatWentComesBackOverTheMessages() {
        let (screen, host) = screen(width: 420)
        screen.toggleNickList()
        host.layoutIfNeeded()
        #expect(screen.nickListPlace == .over && !screen.nickList.isHidden)
        #expect(screen.nickList.windowFrame == Rect(x: 260, y: 0, width: 160, height: 560))
        #expect(screen.messages.windowFrame.width == 420)
        screen.toggleBufferList()
        host.layoutIfNeeded()
        #expect(screen.bufferListPlace == .over && screen.sidebar.windowFrame == Rect(x: 0, y: 0, width: 190, height: 560))
        #expect(screen.messages.windowFrame.width == 420)
        screen.toggleNickList()
        host.layoutIfNeeded()
        #expect(screen.nickListPlace == .hidden && screen.nickList.isHidden && screen.bufferListPlace == .over)
        #expect(screen.closeOverlaidPanes() && screen.sidebar.isHidden && !screen.closeOverlaidPanes())
        screen.toggleBufferList()
        resize(host, 1000)
        #expect(screen.bufferListPlace == .beside)
        resize(host, 420)
        #expect(screen.bufferListPlace == .hidden, "narrow again: no overlay of its own accord")
        // Hidden by the user where it fitted: hidden in a narrow window, shown over it by the key,
        // beside again in a wide one.
        resize(host, 1000)
        screen.toggleNickList()
        host.layoutIfNeeded()
        #expect(screen.nickListCollapsed && screen.nickListPlace == .hidden)
        resize(host, 420)
        screen.toggleNickList()
        host.layoutIfNeeded()
        #expect(!screen.nickListCollapsed && screen.nickListPlace == .over)
        resize(host, 1000)
        #expect(screen.nickListPlace == .beside)
    }

    /// Both dividers follow a drag; the widths dragged are the panes' widths after a narrow
    /// window, and the messages keep their minimum whatever is dragged.
    @Test func draggedWidthsComeBackWithTheRoom() {
        let (screen, host) = screen(width: 1000)
        func drag(from: Double, to: Double) {
            host.handle(.mouseDown(MouseEvent(position: Point(x: from, y: 300))))
            host.handle(.mouseMove(MouseEvent(position: Point(x: to, y: 300))))
            host.layoutIfNeeded()
            host.handle(.mouseUp(MouseEvent(position: Point(x: to, y: 300))))
            host.layoutIfNeeded()
        }
        drag(from: 190, to: 230)
        drag(from: 839, to: 799)
        #expect(screen.sidebarWidth == 230 && screen.nickListWidth == 200)
        #expect(screen.nickList.windowFrame == Rect(x: 800, y: 0, width: 200, height: 560))
        drag(from: 230, to: 600)
        #expect(screen.sidebarWidth == 1000 - 1 - 340 - 201, "the messages keep 340 px beside the nick list")
        drag(from: 458, to: 230)
        resize(host, 420)
        #expect(screen.sidebar.isHidden && screen.nickList.isHidden)
        resize(host, 1000)
        #expect(screen.sidebar.windowFrame.width == 230 && screen.nickList.windowFrame == Rect(x: 800, y: 0, width: 200, height: 560))
    }
}
