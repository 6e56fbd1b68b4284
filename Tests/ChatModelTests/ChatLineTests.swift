import ChatModel
import Foundation
import Testing

/// The rarely used fields of a line live in a shared box: copies stay values, equal lines are
/// equal however they got their fields, and a line is 96 bytes.
struct ChatLineTests {
    func line() -> ChatLine { ChatLine(id: "a", time: Date(timeIntervalSince1970: 1), kind: .message, nick: "n", text: "t") }

    @Test func copiesDoNotShareChanges() {
        var a = line()
        a.reactions = [LineReaction(reaction: "👍", nicks: ["x"], includesOwn: false)]
        var b = a
        b.reactions[0].nicks.append("y")
        b.replyTo = "m1"
        #expect(a.reactions[0].nicks == ["x"] && a.replyTo == nil)
        #expect(b.reactions[0].nicks == ["x", "y"] && b.replyTo == "m1")
        _ = a.react("👍", by: "z", own: true, removing: false)
        #expect(a.reactions[0].nicks == ["x", "z"] && b.reactions[0].nicks == ["x", "y"])
    }

    @Test func equalityAndHashingSeeTheValuesNotTheBox() {
        var a = line(), b = line()
        a.context = "#c on N"
        #expect(a != b)
        b.context = "#c on N"
        #expect(a == b && a.hashValue == b.hashValue)
        // Back to the defaults: equal to a line that never had them.
        a.context = nil
        #expect(a == line() && a.hashValue == line().hashValue)
        a.redaction = LineRedaction(by: "op", reason: nil)
        #expect(a != line() && a.redaction?.by == "op")
    }

    @Test func anOrdinaryLineIsSmall() {
        #expect(MemoryLayout<ChatLine>.stride <= 96)
    }
}
