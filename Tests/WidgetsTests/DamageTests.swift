import Testing
@testable import Widgets

@Test @MainActor func caretBlinkDamagesOnlyTheCaret() {
    let field = TextField(text: "abc", font: f10)
    let root = Stack(.vertical, [field, Box(10, 10)])
    root.crossAlignment = .stretch
    let (host, _) = makeHost(root)
    host.focus(field)
    var list = DrawList()
    host.paint(into: &list)
    #expect(host.damage.isEmpty)
    #expect(host.nextWakeTime == nil)        // focus alone shows a solid caret: nothing to wake for
    host.handle(.textInput("d"))             // typing starts the blink
    host.paint(into: &list)
    #expect(host.nextWakeTime == FrameTime(seconds: 0.5))
    let caret = field.caretRect.offsetBy(field.windowFrame.origin)
    #expect(caret == Rect(x: 30, y: 4, width: 1, height: 12))   // padding 6 + 4 × 6
    host.advance(to: FrameTime(seconds: 0.5))
    #expect(host.damage.rects == [caret])
    list = DrawList()
    #expect(host.paint(into: &list) == [caret])
    #expect(!list.commands.contains(.fillRect(caret, field.caretColor)))     // caret now off
    host.advance(to: FrameTime(seconds: 0.7))
    #expect(host.damage.isEmpty)                                              // no toggle yet
    host.advance(to: FrameTime(seconds: 1.0))
    #expect(host.damage.rects == [caret])
    list = DrawList()
    host.paint(into: &list)
    #expect(list.commands.contains(.fillRect(caret, field.caretColor)))      // back on
    // After the blink timeout the caret stays on and the field asks for no more ticks.
    host.advance(to: FrameTime(seconds: field.blinkTimeout + 0.01))
    host.paint(into: &list)
    #expect(host.nextWakeTime == nil)
    #expect(field.isCaretVisible(at: FrameTime(seconds: field.blinkTimeout + 10)))
}

@Test @MainActor func paintClipsEachDamagedRectAndCullsTheRest() {
    let a = Box(50, 50), b = Box(50, 50), c = Box(50, 50)
    let root = Stack(.horizontal, spacing: 10, [a, b, c])
    root.crossAlignment = .start
    let (host, _) = makeHost(root)
    a.color = .black
    c.color = .black
    var list = DrawList()
    let rects = host.paint(into: &list)
    #expect(rects.count == 2)
    #expect(list.commands.first == .pushClip(a.windowFrame))
    let fills = list.commands.filter { if case .fillRect = $0 { return true } else { return false } }
    #expect(fills == [.fillRect(a.windowFrame, .black), .fillRect(c.windowFrame, .black)])
    #expect(list.currentClip == nil)
    list = DrawList()
    #expect(host.paint(into: &list).isEmpty)
    #expect(list.commands.isEmpty)
}
