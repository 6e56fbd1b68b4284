import Testing
@testable import Widgets

@Test @MainActor func nestedStacksShareFlexSpace() {
    let left = Box(50, 10)
    let a = Box(10, 10), b = Box(10, 20)
    a.flex = 1
    b.flex = 3
    let column = Stack(.vertical, spacing: 4, [a, b])
    column.flex = 1
    let row = Stack(.horizontal, spacing: 10, [left, column])
    row.padding = EdgeInsets(all: 5)
    let (host, _) = makeHost(row, width: 400, height: 210)
    #expect(row.size == Size(width: 400, height: 210))
    #expect(left.frame == Rect(x: 5, y: 5, width: 50, height: 200))          // stretched across
    #expect(column.frame == Rect(x: 65, y: 5, width: 330, height: 200))      // 390 - 50 - 10
    #expect(a.frame == Rect(x: 0, y: 0, width: 330, height: 49))             // (200 - 4) · 1/4
    #expect(b.frame == Rect(x: 0, y: 53, width: 330, height: 147))
    #expect(host.root === row)
}

@Test @MainActor func stackAlignmentsPlaceChildren() {
    let a = Box(10, 10), b = Box(20, 30)
    let row = Stack(.horizontal, spacing: 0, [a, b])
    row.mainAlignment = .end
    row.crossAlignment = .center
    let outer = Stack(.vertical, [row])
    outer.crossAlignment = .stretch
    let (host, _) = makeHost(outer, width: 100, height: 100)
    #expect(row.size == Size(width: 100, height: 30))
    #expect(a.frame == Rect(x: 70, y: 10, width: 10, height: 10))
    #expect(b.frame == Rect(x: 80, y: 0, width: 20, height: 30))
    row.mainAlignment = .spaceBetween
    host.layoutIfNeeded()
    #expect(a.frame.minX == 0 && b.frame.minX == 80)
}

/// A flow puts its children side by side and starts a line where the next would pass the
/// width; hidden ones take no place.
@Test @MainActor func flowWrapsWhereTheNextChildWouldNotFit() {
    let a = Box(40, 10), b = Box(40, 20), hidden = Box(30, 30), c = Box(40, 10)
    hidden.isHidden = true
    let flow = Flow(spacing: 5, lineSpacing: 4, [a, b, hidden, c])
    let outer = Stack(.vertical, [flow])
    let (host, _) = makeHost(outer, width: 100, height: 100)
    #expect(a.frame == Rect(x: 0, y: 0, width: 40, height: 10))
    #expect(b.frame == Rect(x: 45, y: 0, width: 40, height: 20))
    #expect(c.frame == Rect(x: 0, y: 24, width: 40, height: 10))   // 45 + 40 + 5 + 40 > 100
    #expect(flow.size == Size(width: 100, height: 34))
    host.handle(.resize(Size(width: 200, height: 100), scale: 1))
    host.layoutIfNeeded()
    #expect(c.frame.origin == Point(x: 90, y: 0) && flow.size.height == 20)
}

@Test @MainActor func cleanNodeWithSameConstraintsIsNotLaidOutAgain() {
    let (context, _) = layoutContext()
    let box = Box(10, 10)
    box.layout(.loose(Size(width: 100, height: 100)), context)
    box.layout(.loose(Size(width: 100, height: 100)), context)
    #expect(box.layoutCount == 1)
    box.layout(.loose(Size(width: 50, height: 100)), context)
    #expect(box.layoutCount == 2)
    box.setNeedsLayout()
    box.layout(.loose(Size(width: 50, height: 100)), context)
    #expect(box.layoutCount == 3)
}

@Test @MainActor func colourChangeRepaintsWithoutRelayout() {
    let a = Box(10, 10), b = Box(10, 10)
    let root = Stack(.horizontal, [a, b])
    let (host, _) = makeHost(root)
    let counts = [root.layoutCount, a.layoutCount, b.layoutCount]
    a.color = Color(rgb: 0xFF0000)
    #expect(!root.needsLayout && !a.needsLayout)
    #expect(host.damage.rects == [a.windowFrame])
    var list = DrawList()
    #expect(host.paint(into: &list) == [Rect(x: 0, y: 0, width: 10, height: 300)])
    #expect([root.layoutCount, a.layoutCount, b.layoutCount] == counts)
    #expect(list.commands.contains(.fillRect(Rect(x: 0, y: 0, width: 10, height: 300), Color(rgb: 0xFF0000))))
    #expect(!list.commands.contains(.fillRect(b.windowFrame, .white)))   // b outside the damage: culled
}

@Test @MainActor func textChangeRelayoutsOnlyThePathToTheRoot() {
    let label = Label(styled("hello"))
    let sibling = Box(10, 10)
    let inner = Stack(.vertical, [label])
    let cousin = Box(20, 20)
    let otherBranch = Stack(.vertical, [cousin])
    let root = Stack(.horizontal, [inner, sibling, otherBranch])
    let (host, _) = makeHost(root)
    let before = (root.layoutCount, inner.layoutCount, label.layoutCount, sibling.layoutCount,
                  otherBranch.layoutCount, cousin.layoutCount)
    label.text = styled("hello world")
    #expect(label.needsLayout && inner.needsLayout && root.needsLayout && !sibling.needsLayout)
    host.layoutIfNeeded()
    #expect(root.layoutCount == before.0 + 1)
    #expect(inner.layoutCount == before.1 + 1)
    #expect(label.layoutCount == before.2 + 1)
    #expect(sibling.layoutCount == before.3)
    #expect(otherBranch.layoutCount == before.4)
    #expect(cousin.layoutCount == before.5)
    #expect(label.size.width == 66)
}

@Test @MainActor func labelColourOnlyChangeKeepsLayout() {
    let label = Label(styled("hello"))
    let (host, _) = makeHost(Stack(.vertical, [label]))
    let count = label.layoutCount
    var red = a10
    red.foreground = Color(rgb: 0xFF0000)
    label.text = StyledText("hello", attributes: red)
    #expect(!label.needsLayout)
    var list = DrawList()
    host.paint(into: &list)
    #expect(label.layoutCount == count)
    #expect(list.textDraws.map(\.color) == [Color(rgb: 0xFF0000)])
}

@Test @MainActor func resizeMovesAndDamagesWhatChanged() {
    let fixed = Box(50, 50), grow = Box(10, 10)
    grow.flex = 1
    let root = Stack(.horizontal, [fixed, grow])
    let (host, _) = makeHost(root, width: 200, height: 100)
    host.handle(.resize(Size(width: 300, height: 100), scale: 2))
    #expect(host.scale == 2)
    #expect(grow.frame == Rect(x: 50, y: 0, width: 250, height: 100))
    #expect(host.damage.bounds == Rect(x: 0, y: 0, width: 300, height: 100))
}

@Test @MainActor func hiddenWidgetTakesNoSpace() {
    let a = Box(30, 10), b = Box(40, 10)
    let row = Stack(.horizontal, [a, b])
    let outer = Stack(.vertical, [row])
    outer.crossAlignment = .start
    let (host, _) = makeHost(outer)
    #expect(row.size.width == 70)
    a.isHidden = true
    host.layoutIfNeeded()
    #expect(row.size.width == 40)
    #expect(b.frame.minX == 0)
    #expect(host.hitWidget(at: Point(x: 5, y: 5)) === b)
}
