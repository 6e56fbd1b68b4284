import Testing
@testable import Widgets

/// Rows whose text has a link in the middle: "see https://example.org now".
@MainActor
private final class LinkRows: MessageListDataSource {
    var rowCount: Int { 3 }
    var estimatedRowHeight: Double { 12 }
    func rowID(at index: Int) -> String { "m\(index)" }
    func layoutRow(at index: Int, width: Double, context: LayoutContext) -> MessageRowLayout {
        var link = a10
        link.link = "https://example.org/\(index)"
        let text = StyledText([TextSpan("see ", a10), TextSpan("https://example.org/\(index)", link), TextSpan(" now", a10)])
        return MessageRowLayout(height: 12, text: context.layoutText(text, maxWidth: width))
    }
    func plainText(at index: Int) -> String { "" }
}

/// The pointer over a link in a message row is a hand (a click opens it); over other text, an
/// I-beam (a drag selects).
@Test @MainActor func aLinkInARowShowsTheHandCursor() {
    let rows = LinkRows()
    let list = MessageListView()
    list.dataSource = rows
    let (host, _) = makeHost(list, width: 400, height: 36)   // the three rows fill the list
    host.handle(.move(3, 18))                 // "see" of row 1
    #expect(host.cursor == .ibeam)
    host.handle(.move(4 * 6 + 10, 18))        // inside the link (starts at 24 px)
    #expect(host.cursor == .hand)
    #expect(list.linkAttributes(at: Point(x: 34, y: 18)) == "https://example.org/1")
    host.handle(.move(4 * 6 + 21 * 6 + 10, 18))   // " now" after the 21-character link
    #expect(host.cursor == .ibeam)
}
