import Testing
@testable import Widgets

@Test @MainActor func popupMenuKeyboardNavigationAndDismissal() {
    let button = Button("menu", font: f10)
    let (host, _) = makeHost(Stack(.vertical, [button]))
    host.focus(button)
    var chosen: [String] = []
    var dismissed = 0
    let menu = PopupMenu([MenuItem("Query") { chosen.append("query") },
                          MenuItem("Kick", isEnabled: false) { chosen.append("kick") },
                          MenuItem("Whois") { chosen.append("whois") }])
    menu.onDismiss = { dismissed += 1 }
    menu.font = f10
    menu.show(in: host, at: Point(x: 390, y: 20))
    host.layoutIfNeeded()
    #expect(host.focusedWidget === menu)
    #expect(menu.frame.maxX <= 400)                      // kept inside the window
    host.handle(.key(.down))
    #expect(menu.highlightedIndex == 0)
    host.handle(.key(.down))
    #expect(menu.highlightedIndex == 2)                  // skips the disabled item
    host.handle(.key(.down))
    #expect(menu.highlightedIndex == 0)                  // wraps
    host.handle(.key(.up))
    host.handle(.key(.enter))
    #expect(chosen == ["whois"] && dismissed == 1)
    #expect(host.overlayWidgets.isEmpty && host.focusedWidget === button)

    menu.show(in: host, at: Point(x: 10, y: 10))
    host.handle(.key(.escape))
    #expect(host.overlayWidgets.isEmpty && dismissed == 2)
    menu.show(in: host, at: Point(x: 10, y: 10))
    host.layoutIfNeeded()
    host.handle(.down(300, 250))                          // outside: closes, click swallowed
    #expect(host.overlayWidgets.isEmpty && dismissed == 3 && chosen == ["whois"])
    menu.show(in: host, at: Point(x: 10, y: 10))
    host.layoutIfNeeded()
    let row = menu.rowRect(0).offsetBy(menu.frame.origin)
    host.handle(.move(row.midX, row.midY))
    #expect(menu.highlightedIndex == 0)
    host.handle(.down(row.midX, row.midY))
    host.handle(.up(row.midX, row.midY))
    #expect(chosen == ["whois", "query"])
}

@Test @MainActor func tooltipAppearsAfterTheHoverDelay() {
    let target = Box(100, 50)
    target.tooltip = "Join a channel"
    let other = Box(100, 50)
    let root = Stack(.vertical, [target, other])
    root.crossAlignment = .start
    let (host, _) = makeHost(root)
    host.handle(.move(20, 20))
    #expect(host.nextWakeTime == FrameTime(seconds: 0.6))
    host.advance(to: FrameTime(seconds: 0.5))
    #expect(host.visibleTooltip == nil)
    host.advance(to: FrameTime(seconds: 0.6))
    #expect(host.visibleTooltip?.text == "Join a channel")
    #expect(host.visibleTooltip?.frame.origin == Point(x: 32, y: 40))
    #expect(host.hitWidget(at: Point(x: 40, y: 45)) === target)   // tooltips are not hit
    host.handle(.move(20, 70))
    #expect(host.visibleTooltip == nil && host.nextWakeTime == nil)
}

@Test @MainActor func buttonActivatesOnClickInsideAndOnKeys() {
    var presses = 0
    let button = Button("Go", font: f10) { presses += 1 }
    let root = Stack(.vertical, [button])
    root.crossAlignment = .start
    let (host, _) = makeHost(root)
    #expect(button.size == Size(width: 36, height: 24))
    host.handle(.down(5, 5))
    #expect(button.isPressed)
    host.handle(.move(200, 200))
    #expect(!button.isPressed)
    host.handle(.up(200, 200))
    #expect(presses == 0)
    host.handle(.down(5, 5))
    host.handle(.up(6, 6))
    #expect(presses == 1 && host.focusedWidget === button)
    host.handle(.key(.enter))
    host.handle(.key(.space))
    #expect(presses == 3)
}

/// A toggle button keeps the width of its widest title: changing its title moves neither it nor
/// the button beside it (nor anything out from under the pointer).
@Test @MainActor func aButtonKeepsTheWidthOfItsWidestTitle() {
    let toggle = Button("TLS: on", reserving: ["TLS: off (not encrypted)"], font: f10)
    let next = Button("Connect", font: f10)
    let (host, _) = makeHost(Stack(.horizontal, spacing: 8, [toggle, next]))
    let widest = 6.0 * Double("TLS: off (not encrypted)".count) + toggle.padding.horizontal
    #expect(toggle.frame.width == widest)
    let before = next.windowFrame
    toggle.title = "TLS: off (not encrypted)"
    host.layoutIfNeeded()
    #expect(toggle.frame.width == widest && next.windowFrame == before)
    toggle.title = "TLS: on"
    host.layoutIfNeeded()
    #expect(toggle.frame.width == widest && next.windowFrame == before)
}
