import Testing
@testable import Widgets

@Test @MainActor func toggleSwitchTurnsOverOnClickSpaceAndEnterOnly() {
    var told: [Bool] = []
    let toggle = ToggleSwitch(isOn: false) { told.append($0) }
    let column = Stack(.vertical, [toggle])
    column.crossAlignment = .start
    let (host, _) = makeHost(column)
    #expect(toggle.size == Size(width: 40, height: 24))
    host.handle(.down(10, 10))
    host.handle(.up(10, 10))
    #expect(toggle.isOn && told == [true])
    host.handle(.down(10, 10))
    host.handle(.up(300, 200))                           // released outside: nothing
    #expect(toggle.isOn && told == [true])
    host.focus(toggle)
    host.handle(.key(.space))
    host.handle(.key(.enter))
    #expect(told == [true, false, true])
    host.handle(.key(.character("x")))
    host.handle(.key(.space, [.ctrl]))                   // a shortcut is not a toggle
    #expect(told == [true, false, true])
    toggle.isOn = false                                  // set by the program: not reported
    #expect(told == [true, false, true])
    #expect(toggle.isFocusable && host.focusChain().contains { $0 === toggle })
}

@Test @MainActor func scrollAreaClipsScrollsAndRevealsADescendant() {
    let rows = (0..<20).map { _ in Box(100, 30) }
    let column = Stack(.vertical, spacing: 10, rows)
    let area = ScrollArea(column)
    area.flex = 1                                        // the window's height left to it
    let (host, _) = makeHost(Stack(.vertical, [area]), width: 400, height: 200)
    #expect(area.size == Size(width: 400, height: 200))
    #expect(column.size.height == 20 * 30 + 19 * 10)
    #expect(area.maxOffset == 790 - 200)
    // The wheel: a notch up at the top does nothing, two down move two steps.
    host.handle(.wheel(WheelEvent(position: Point(x: 50, y: 50), dy: 1)))
    #expect(area.offset == 0)
    host.handle(.wheel(WheelEvent(position: Point(x: 50, y: 50), dy: -2)))
    host.layoutIfNeeded()
    #expect(area.offset == 80 && column.frame.minY == -80)
    // What is scrolled off is not hit: the point lands on the row now shown there.
    #expect(area.hitTest(Point(x: 50, y: 5)) === rows[2])
    // Revealing a row below the view scrolls the least that shows it, with the margin.
    area.reveal(rows[12])                                // rows[12] spans 480…510
    host.layoutIfNeeded()
    #expect(area.offset == 510 + 8 - 200)
    area.reveal(rows[1])                                 // above: its top (40) less the margin
    host.layoutIfNeeded()
    #expect(area.offset == 32)
    area.reveal(rows[2])                                 // already shown: stays
    host.layoutIfNeeded()
    #expect(area.offset == 32)
    // Page Down from inside (a focused descendant leaves it): 90 % of the height; clamped.
    let field = TextField(text: "x", font: f10)
    column.addChild(field)
    host.layoutIfNeeded()
    host.focus(field)
    host.handle(.key(.pageDown))
    #expect(area.offset == 32 + 180)
    for _ in 0..<10 { host.handle(.key(.pageDown)) }
    host.layoutIfNeeded()
    #expect(area.offset == area.maxOffset && area.maxOffset > 0)
    host.handle(.key(.pageUp))
    #expect(area.offset == area.maxOffset - 180)
    // Content that shrinks keeps the offset within it.
    for row in rows { row.isHidden = true }
    host.layoutIfNeeded()
    #expect(area.offset == 0 && area.maxOffset == 0)
}

@Test @MainActor func textFieldTellsWhenItGainsAndLosesTheKeyboard() {
    let first = TextField(font: f10), second = TextField(font: f10)
    var changes: [String] = []
    first.onFocusChange = { changes.append("first \($0)") }
    second.onFocusChange = { changes.append("second \($0)") }
    let (host, _) = makeHost(Stack(.vertical, [first, second]))
    host.focus(first)
    host.handle(.key(.tab))
    #expect(changes == ["first true", "first false", "second true"])
}
