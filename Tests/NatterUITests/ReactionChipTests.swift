import ChatModel
import Foundation
import NatterUI
import Testing
import Widgets

/// Reaction chips under a message: each drawn rounded with room around its emoji and count,
/// apart from the next, and whole on a line (a narrow row wraps between chips), at every zoom.
struct ReactionChipTests {
    @Test(arguments: [0.9, 1.1, 1.5])
    func chipsHaveRoomAtEveryZoom(scale: Double) throws {
        var line = ChatLine(id: "1", time: Date(timeIntervalSince1970: 1_700_000_000), kind: .message, nick: "alice",
                            text: "can someone review the release notes today?")
        line.reactions = [LineReaction(reaction: "👍", nicks: ["bob", "carol"], includesOwn: false),
                          LineReaction(reaction: "🎉", nicks: ["me"], includesOwn: true),
                          LineReaction(reaction: "❤️", nicks: ["dave"], includesOwn: false)]
        let text = ChatLineStyler(timeZone: .utc).style(line).text
        let measurer = ScaledMeasurer(scale: scale)
        for width in [130.0, 220, 800] {
            var list = DrawList()
            TextLayout(text, maxWidth: width, measurer: measurer).draw(into: &list, at: .zero)
            var chips: [Rect] = []
            for (first, second) in zip(list.commands, list.commands.dropFirst()) {
                guard case .roundedRect(let rect, _, _) = first, case .text(let run) = second else { continue }
                let height = measurer.lineMetrics(run.font).lineHeight
                // Two output pixels above and below the text (1.5 for rounding), and no-break
                // spaces on either side of it: the emoji does not touch the edge.
                #expect((run.origin.y - rect.minY) * scale >= 1.5 && (rect.maxY - run.origin.y - height) * scale >= 1.5,
                        "\(rect) \(run.origin.y) \(height)")
                #expect(run.text.hasPrefix("\u{00A0}") && run.text.hasSuffix("\u{00A0}") && run.width == rect.width)
                #expect(["👍", "🎉", "❤️"].contains { run.text.contains($0) } && run.text.contains { $0.isNumber })
                chips.append(rect)
            }
            #expect(chips.count == 3, "at \(width): \(list.commands)")
            for (a, b) in zip(chips, chips.dropFirst()) where abs(a.minY - b.minY) < 1 {
                #expect((b.minX - a.maxX) * scale >= 4, "chips apart")
            }
        }
    }
}
