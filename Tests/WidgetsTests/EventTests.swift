import Testing
@testable import Widgets

/// Two overlapping children in a plain widget (later child on top).
@MainActor
private func overlapping() -> (Widget, Box, Box) {
    let bottom = Box(100, 100), top = Box(50, 50)
    let parent = Widget()
    parent.addChild(bottom)
    parent.addChild(top)
    return (parent, bottom, top)
}

@Test @MainActor func hitTestingPrefersTheTopmostChildInLocalCoordinates() {
    let (parent, bottom, top) = overlapping()
    let root = Stack(.vertical, [Box(10, 20), parent])
    root.crossAlignment = .start
    let (host, _) = makeHost(root)
    #expect(parent.frame.origin == Point(x: 0, y: 20))
    #expect(parent.hitTest(Point(x: 10, y: 10)) === top)
    #expect(parent.hitTest(Point(x: 70, y: 10)) === bottom)
    #expect(parent.hitTest(Point(x: 200, y: 10)) == nil)
    host.handle(.down(30, 40))
    #expect(top.mouseDowns == [Point(x: 30, y: 20)])   // window (30, 40) → local (30, 20)
    #expect(bottom.mouseDowns.isEmpty)
}

@Test @MainActor func unconsumedMouseDownBubblesToTheParent() {
    let (parent, bottom, top) = overlapping()
    parent.removeAllChildren()
    bottom.addChild(top)
    parent.addChild(bottom)
    top.consumesMouse = false
    let (host, _) = makeHost(parent)
    host.handle(.down(5, 5))
    #expect(top.mouseDowns.count == 1)
    #expect(bottom.mouseDowns.count == 1)
    #expect(host.capturedWidget === bottom)
}

@Test @MainActor func captureKeepsDragEventsOnThePressedWidget() {
    let a = Box(100, 100), b = Box(100, 100)
    let root = Stack(.horizontal, [a, b])
    root.crossAlignment = .start
    let (host, _) = makeHost(root)
    host.handle(.down(50, 50))
    host.handle(.move(150, 60))           // over b, but a holds the capture
    host.handle(.up(160, 70))
    #expect(a.drags == [Point(x: 150, y: 60)])
    #expect(a.ups == [Point(x: 160, y: 70)])
    #expect(b.mouseDowns.isEmpty && b.drags.isEmpty)
    #expect(host.capturedWidget == nil)
    #expect(host.hoveredWidget === b)
}

@Test @MainActor func splitPaneDividerDragsWithResizeCursorAndMinimumSizes() {
    let left = Box(10, 10), right = Box(10, 10)
    let split = SplitPane(.horizontal, first: left, second: right, dividerPosition: 100, minFirst: 60, minSecond: 80)
    var moved: Double?
    split.onDividerMoved = { moved = $0 }
    let (host, _) = makeHost(split, width: 400, height: 100)
    #expect(left.frame.width == 100 && right.frame == Rect(x: 104, y: 0, width: 296, height: 100))
    host.handle(.move(102, 50))
    #expect(host.cursor == .resizeHorizontal)
    host.handle(.move(50, 50))
    #expect(host.cursor == .arrow)
    host.handle(.down(101, 50))
    #expect(host.capturedWidget === split)
    host.handle(.move(201, 50))
    #expect(left.frame.width == 200)
    host.handle(.move(390, 50))           // clamped: 400 - 4 - 80
    #expect(left.frame.width == 316)
    #expect(host.cursor == .resizeHorizontal)
    host.handle(.move(0, 50))
    #expect(left.frame.width == 60)
    host.handle(.up(0, 50))
    #expect(moved == 60)
    #expect(left.mouseDowns.isEmpty)
}

/// A pane can be hidden (the other takes the whole space, no divider to grab) or laid over the
/// other: in front of it for clicks and paint, the divider along its edge sizing it, and the
/// other pane's minimum no longer in the way.
@Test @MainActor func splitPaneHidesAPaneOrLaysItOverTheOther() {
    let left = Box(10, 10), right = Box(10, 10)
    left.color = .black
    let split = SplitPane(.horizontal, first: left, second: right, dividerPosition: 150, minFirst: 60, minSecond: 300)
    split.dividerThickness = 2
    let (host, _) = makeHost(split, width: 400, height: 100)
    #expect(left.frame.width == 98, "split: the second keeps its minimum")
    split.arrangement = .hidden(.first)
    #expect(left.isHidden)
    host.layoutIfNeeded()
    #expect(right.frame == Rect(x: 0, y: 0, width: 400, height: 100) && split.dividerRect == .zero)
    host.handle(.down(99, 50))
    #expect(right.mouseDowns == [Point(x: 99, y: 50)], "no divider to grab")
    host.handle(.up(99, 50))
    split.arrangement = .overlay(.first)
    host.layoutIfNeeded()
    #expect(!left.isHidden && left.frame == Rect(x: 0, y: 0, width: 150, height: 100))
    #expect(right.frame == Rect(x: 0, y: 0, width: 400, height: 100))
    #expect(split.children.firstIndex { $0 === left }! > split.children.firstIndex { $0 === right }!)
    host.handle(.down(40, 50))
    #expect(left.mouseDowns == [Point(x: 40, y: 50)])
    host.handle(.up(40, 50))
    var list = DrawList()
    host.paintAll(into: &list)
    let fills = list.commands.compactMap { if case .fillRect(let rect, let color) = $0 { (rect, color) } else { nil } }
    let leftFill = fills.firstIndex { $0.1 == .black }, dividerFill = fills.firstIndex { $0.0 == Rect(x: 150, y: 0, width: 2, height: 100) }
    #expect(leftFill != nil && dividerFill != nil && leftFill! < dividerFill!, "the divider is drawn over the panes")
    host.handle(.down(151, 50))
    host.handle(.move(251, 50))
    host.handle(.up(251, 50))
    #expect(left.frame.width == 250, "dragged past the other pane's minimum")
    split.arrangement = .split
    host.layoutIfNeeded()
    #expect(left.frame.width == 98 && split.children.last.map { $0 !== left && $0 !== right } == true)
}

@Test @MainActor func tabAndShiftTabTraverseFocusableWidgetsInTreeOrder() {
    let f1 = TextField(font: f10), f2 = TextField(font: f10)
    let button = Button("OK", font: f10)
    let plain = Box(10, 10)
    let root = Stack(.vertical, [f1, Stack(.horizontal, [plain, button]), f2])
    let (host, _) = makeHost(root)
    #expect(host.focusChain().count == 3)
    host.handle(.key(.tab))
    #expect(host.focusedWidget === f1)
    host.handle(.key(.tab))
    #expect(host.focusedWidget === button)
    host.handle(.key(.tab))
    #expect(host.focusedWidget === f2)
    host.handle(.key(.tab))
    #expect(host.focusedWidget === f1)
    host.handle(.key(.tab, .shift))
    #expect(host.focusedWidget === f2)
    #expect(host.wantsTextInput)
    host.handle(.down(plain.windowFrame.midX, plain.windowFrame.midY))   // not focusable: focus stays
    #expect(host.focusedWidget === f2)
    host.handle(.down(button.windowFrame.midX, button.windowFrame.midY))
    #expect(host.focusedWidget === button && !host.wantsTextInput)
}

@Test @MainActor func hoverSetsCursorShapes() {
    var link = a10
    link.link = "https://example.org"
    let label = Label(StyledText([TextSpan("see ", a10), TextSpan("here", link)]))
    let field = TextField(font: f10)
    let root = Stack(.vertical, [label, field])
    root.crossAlignment = .start
    let (host, _) = makeHost(root)
    host.handle(.move(3, 3))
    #expect(host.cursor == .arrow)
    host.handle(.move(30, 3))            // "here" starts at 24
    #expect(host.cursor == .hand)
    host.handle(.move(10, field.windowFrame.midY))
    #expect(host.cursor == .ibeam)
    host.handle(.mouseLeave)
    #expect(host.cursor == .arrow && host.hoveredWidget == nil)
}

@Test @MainActor func clickingALinkActivatesIt() {
    var link = a10
    link.link = "https://example.org"
    let label = Label(StyledText([TextSpan("see ", a10), TextSpan("here", link)]))
    var opened: [String] = []
    label.onLinkActivated = { opened.append($0) }
    let (host, _) = makeHost(Stack(.vertical, [label]))
    host.handle(.down(30, 3))
    host.handle(.up(31, 3))
    host.handle(.down(3, 3))
    host.handle(.up(3, 3))
    #expect(opened == ["https://example.org"])
}

@Test @MainActor func fingerActsAsPrimaryButton() {
    let a = Box(100, 100)
    let (host, _) = makeHost(Stack(.vertical, [a]))
    host.handle(.fingerDown(TouchEvent(fingerID: 7, position: Point(x: 10, y: 10))))
    host.handle(.fingerDown(TouchEvent(fingerID: 8, position: Point(x: 20, y: 20))))   // second finger ignored
    host.handle(.fingerMove(TouchEvent(fingerID: 7, position: Point(x: 15, y: 12))))
    host.handle(.fingerUp(TouchEvent(fingerID: 7, position: Point(x: 15, y: 12))))
    #expect(a.mouseDowns == [Point(x: 10, y: 10)])
    #expect(a.drags == [Point(x: 15, y: 12)])
    #expect(a.ups == [Point(x: 15, y: 12)])
}
