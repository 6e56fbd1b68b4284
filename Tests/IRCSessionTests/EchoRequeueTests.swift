import Foundation
import IRCProtocol
import Testing
@testable import IRCSession

/// With echo-message, a line is ours once the server echoes it. When the link drops first, it
/// is typed again after the reconnect, in order, ahead of what was typed meanwhile.
@Suite("Unconfirmed lines after a drop")
struct EchoRequeueTests {
    @Test func linesNotEchoedBeforeADropAreSentAgainInOrder() {
        var h = Harness()
        h.register(caps: "echo-message labeled-response")
        h.feed(":natter!n@h JOIN #c")
        #expect(sent(h.intent(.sendMessage(target: "#c", text: "first"))).last?.hasSuffix("PRIVMSG #c first") == true)
        h.intent(.sendAction(target: "#c", text: "waves"))
        // The server echoes the first only; then the link stalls and is closed.
        let echoLabel = "n1"
        h.feed("@label=\(echoLabel) :natter!n@h PRIVMSG #c first")
        let dropped = h.disconnect()
        let queued = events(dropped).compactMap { if case .messageQueued(let item) = $0 { item } else { nil } }
        #expect(queued.map(\.text) == ["waves"])
        #expect(queued.first?.kind == .action)
        // Typed while away: after it.
        h.intent(.sendMessage(target: "#c", text: "while away"))
        let again = sent(h.register(caps: "echo-message labeled-response"))
            .filter { $0.contains("PRIVMSG #c") }.map { $0.replacingOccurrences(of: #"^@label=\S+ "#, with: "", options: .regularExpression) }
        #expect(again == ["PRIVMSG #c :\u{01}ACTION waves\u{01}", "PRIVMSG #c :while away"])
    }

    @Test(arguments: [true, false])
    func aLineReportedUnsentAndUnechoedIsTypedAgainOnce(reportFirst: Bool) {
        var h = Harness()
        h.register(caps: "echo-message")
        h.feed(":natter!n@h JOIN #c")
        let line = IRCMessage(command: "PRIVMSG", parameters: ["#c", "into the void"])
        h.intent(.sendMessage(target: "#c", text: "into the void"))
        var out: [SessionOutput] = []
        if reportFirst {
            out += h.session.handle(.notSent([line], now: h.time))
            out += h.disconnect()
        } else {
            out += h.disconnect()
            out += h.session.handle(.notSent([line], now: h.time))
        }
        let queued = events(out).compactMap { if case .messageQueued(let item) = $0 { item.text } else { nil } }
        #expect(queued == ["into the void"])
        let again = sent(h.register(caps: "echo-message")).filter { $0.hasSuffix("PRIVMSG #c :into the void") }
        #expect(again.count == 1)
    }

    @Test func withoutEchoNothingIsResent() {
        var h = Harness()
        h.register()
        h.feed(":natter!n@h JOIN #c")
        h.intent(.sendMessage(target: "#c", text: "once"))
        let dropped = h.disconnect()
        #expect(!events(dropped).contains { if case .messageQueued = $0 { true } else { false } })
    }
}
