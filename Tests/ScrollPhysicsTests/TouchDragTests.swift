import Testing
@testable import ScrollPhysics

@Suite struct TouchDragTests {
    @Test func startsAfterEightPixels() {
        var drag = TouchDrag(downAt: 100)
        #expect(drag.move(to: 104) == nil)
        #expect(drag.move(to: 92.5) == nil)
        #expect(!drag.isDragging)
        #expect(drag.move(to: 92) == 0)
        #expect(drag.isDragging)
        #expect(drag.move(to: 80) == -12)
        #expect(drag.move(to: 100) == 8)   // once dragging, back inside the slop still scrolls
    }

    @Test func slopIsAtMost8() {
        #expect(TouchDrag.slop <= 8)
        var drag = TouchDrag(downAt: 0)
        #expect(drag.move(to: 8) == 0)
    }
}
