import Testing
@testable import Widgets

@Test func rectIntersectionUnionContains() {
    let a = Rect(x: 0, y: 0, width: 10, height: 10)
    let b = Rect(x: 5, y: 5, width: 10, height: 10)
    #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
    #expect(a.union(b) == Rect(x: 0, y: 0, width: 15, height: 15))
    #expect(a.intersection(Rect(x: 20, y: 0, width: 1, height: 1)) == .zero)
    #expect(a.contains(Point(x: 0, y: 0)))
    #expect(!a.contains(Point(x: 10, y: 5)))
    #expect(a.offsetBy(dx: 2, dy: 3) == Rect(x: 2, y: 3, width: 10, height: 10))
    #expect(Rect.zero.union(b) == b)
}

@Test func damageRegionMergesOverlapsAndCollapses() {
    var region = DamageRegion()
    region.add(Rect(x: 0, y: 0, width: 10, height: 10))
    region.add(Rect(x: 100, y: 0, width: 10, height: 10))
    #expect(region.rects.count == 2)
    region.add(Rect(x: 5, y: 5, width: 100, height: 2))   // bridges both
    #expect(region.rects == [Rect(x: 0, y: 0, width: 110, height: 10)])
    region.add(.zero)
    #expect(region.rects.count == 1)
    var many = DamageRegion()
    for i in 0..<9 { many.add(Rect(x: Double(i) * 20, y: 0, width: 5, height: 5)) }
    #expect(many.rects == [Rect(x: 0, y: 0, width: 165, height: 5)])
}

@Test func boxConstraintsConstrainAndDeflate() {
    let c = BoxConstraints(minWidth: 10, maxWidth: 100, minHeight: 0, maxHeight: .infinity)
    #expect(c.constrain(Size(width: 5, height: 50)) == Size(width: 10, height: 50))
    #expect(c.biggest == Size(width: 100, height: 0))
    #expect(c.deflated(by: EdgeInsets(all: 5)).maxWidth == 90)
    #expect(BoxConstraints.tight(Size(width: 3, height: 4)).isTight)
}

@Test @MainActor func drawListTracksClipStack() {
    var list = DrawList()
    list.append(.pushClip(Rect(x: 0, y: 0, width: 50, height: 50)))
    list.append(.pushClip(Rect(x: 25, y: 25, width: 50, height: 50)))
    #expect(list.currentClip == Rect(x: 25, y: 25, width: 25, height: 25))
    list.append(.popClip)
    list.append(.popClip)
    #expect(list.currentClip == nil)
    #expect(list.commands.count == 4)
}

/// mIRC's navy on a dark background and yellow on a white one are brought to 3:1 with their
/// hue kept; a colour that already reads is left alone.
@Test func coloursAreMadeReadableOnTheirBackground() {
    let dark = Color(rgb: 0x1E1F22), white = Color.white
    let navy = Color(rgb: 0x00007F), yellow = Color(rgb: 0xFFFF00)
    #expect(navy.contrast(with: dark) < 3 && yellow.contrast(with: white) < 3)
    let navyReadable = navy.readable(on: dark, contrast: 3)
    let yellowReadable = yellow.readable(on: white, contrast: 3)
    #expect(navyReadable.contrast(with: dark) >= 3)
    #expect(yellowReadable.contrast(with: white) >= 3)
    #expect(navyReadable.contrast(with: dark) < 3.3, "only as far as needed")
    #expect(abs(navyReadable.hsl.h - navy.hsl.h) < 0.01 && abs(yellowReadable.hsl.h - yellow.hsl.h) < 0.02, "the hue is kept")
    #expect(navyReadable.b > navyReadable.r && yellowReadable.r == yellowReadable.g)
    #expect(Color.white.readable(on: dark, contrast: 3) == .white)
    // A colour and its HSL round trip.
    for rgb: UInt32 in [0x00007F, 0xFFFF00, 0x336699, 0x808080, 0xFF0000] {
        let c = Color(rgb: rgb), (h, s, l) = c.hsl
        #expect(Color(hue: h, saturation: s, lightness: l, alpha: 255) == c)
    }
}
