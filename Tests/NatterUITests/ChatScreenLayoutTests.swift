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
}
