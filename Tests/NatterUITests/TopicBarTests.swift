import NatterUI
import Testing
import Widgets

@MainActor
struct TopicBarTests {
    @Test func aLinkInTheTopicOpensAndCtrlClickCopies() {
        let bar = TopicBar()
        let host = WidgetHost(root: Stack(.vertical, [bar]), size: Size(width: 600, height: 40), measurer: FixedMeasurer(),
                              clipboard: MemoryClipboard())
        bar.title = "#c"
        bar.topic = ChatLineStyler().message("docs at https://example.org/docs today")
        host.layoutIfNeeded()
        var list = DrawList()
        host.paintAll(into: &list)
        var clicks: [(String, Bool)] = []
        bar.onLink = { clicks.append(($0, $1)) }
        #expect(!bar.mouseDown(MouseEvent(position: Point(x: 20, y: 20))), "the title is not a link")
        let hits = stride(from: 0.0, to: 600, by: 4).filter { bar.mouseDown(MouseEvent(position: Point(x: $0, y: 20))) }
        #expect(!hits.isEmpty)
        #expect(clicks.allSatisfy { $0.0 == "https://example.org/docs" && !$0.1 })
        _ = bar.mouseDown(MouseEvent(position: Point(x: hits[0], y: 20), modifiers: [.ctrl]))
        #expect(clicks.last?.1 == true)
        #expect(bar.cursor(at: Point(x: hits[0], y: 20)) == .hand)
    }
}

/// A measurer that rounds each width to whole output pixels at its scale, as the SDL one does:
/// the same text measures a little differently at another zoom.
final class ScaledMeasurer: TextMeasurer {
    var outputScale: Double

    init(scale: Double) { outputScale = scale }

    func lineMetrics(_ font: FontSpec) -> LineMetrics {
        let height = (font.size * 1.2 * outputScale).rounded() / outputScale
        return LineMetrics(ascent: height * 0.8, descent: height * 0.2, lineHeight: height)
    }

    func width(of text: Substring, font: FontSpec) -> Double {
        (Double(text.count) * font.size * (font.bold ? 0.65 : 0.6) * outputScale).rounded() / outputScale
    }
}

@MainActor
struct TopicBarZoomTests {
    private let size = Size(width: 800, height: 40)

    private func bar(scale: Double) -> (host: WidgetHost, measurer: ScaledMeasurer) {
        let measurer = ScaledMeasurer(scale: scale)
        let bar = TopicBar()
        let host = WidgetHost(root: Stack(.vertical, [bar]), size: size, measurer: measurer,
                              clipboard: MemoryClipboard(), scale: scale)
        bar.title = "#natter"
        bar.topic = ChatLineStyler().message("Welcome to the \u{02}Natter\u{02} test channel")
        host.layoutIfNeeded()
        return (host, measurer)
    }

    private func textDraws(_ host: WidgetHost) -> [TextDraw] {
        var list = DrawList()
        host.paintAll(into: &list)
        return list.commands.compactMap { command -> TextDraw? in
            if case .text(let draw) = command { return draw }
            return nil
        }
    }

    /// Zoomed in, then Ctrl+0 (the window's scale back to 1, as the window and the scenarios
    /// tell the host): the topic is drawn as at 100 % from the start, each run where the
    /// previous one ends, not with the layout made while zoomed ("Welcome to theNatter").
    @Test func theTopicIsLaidOutAgainAfterTheZoomChanges() throws {
        let (host, measurer) = bar(scale: 1.1)
        let zoomed = textDraws(host)
        measurer.outputScale = 1
        host.handle(.resize(size, scale: 1))
        let reset = textDraws(host)
        let never = textDraws(bar(scale: 1).host)
        #expect(reset == never, "after the zoom: \(reset.map { ($0.text, $0.origin.x, $0.width) }), never zoomed: \(never.map { ($0.text, $0.origin.x, $0.width) })")
        #expect(reset != zoomed)
        let welcome = try #require(reset.first { $0.text == "Welcome to the " })
        let natter = try #require(reset.first { $0.text == "Natter" })
        #expect(abs(natter.origin.x - (welcome.origin.x + welcome.width)) < 1e-9)
    }
}
