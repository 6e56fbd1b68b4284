import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// A session that ends its link itself (SASL not possible) writes its last lines before the
/// close: they travel as the farewell of the disconnect or reconnect its event asks for.
struct LinkFarewellTests {
    let now = SessionTime(monotonic: 0, wall: Date(timeIntervalSince1970: 1_700_000_000))

    /// Everything the model handed to the link, in order.
    final class Record {
        var items: [String] = []
    }

    func model(policy: SASLFailurePolicy, record: Record) -> ChatModel {
        let model = ChatModel()
        var configuration = SessionConfiguration(nick: "me", user: "me", realName: "Me")
        configuration.sasl = .plain(account: "me", password: "secret")
        configuration.saslFailure = policy
        model.addNetwork(name: "N", configuration: configuration)
        model.linkRequests = { _, request in
            switch request {
            case .send(let lines, _): record.items += lines.map { "send " + $0.serialized() }
            case .disconnect(let farewell): record.items.append("disconnect after " + farewell.map { $0.serialized() }.joined(separator: ", "))
            case .reconnect(let farewell): record.items.append("reconnect after " + farewell.map { $0.serialized() }.joined(separator: ", "))
            default: record.items.append("\(request)")
            }
        }
        return model
    }

    @Test(arguments: [SASLFailurePolicy.disconnect, .reconnect])
    func aServerWithoutSASLGetsTheQuitBeforeTheClose(policy: SASLFailurePolicy) throws {
        let record = Record()
        let model = model(policy: policy, record: record)
        model.deliver(.connected(now: now), network: "N")
        model.deliver(.received(try IRCMessage(parsing: ":srv CAP * LS :server-time"), now: now), network: "N")
        model.deliver(.received(try IRCMessage(parsing: ":srv CAP me ACK :server-time"), now: now), network: "N")
        let verb = policy == .reconnect ? "reconnect" : "disconnect"
        #expect(record.items.last == "\(verb) after QUIT :SASL login required")
        #expect(!record.items.contains("send QUIT :SASL login required"))
    }

    @Test func aFailedLoginAbortsThenQuitsBeforeTheClose() throws {
        let record = Record()
        let model = model(policy: .disconnect, record: record)
        model.deliver(.connected(now: now), network: "N")
        for line in [":srv CAP * LS :sasl=PLAIN", ":srv CAP me ACK :sasl", "AUTHENTICATE +",
                     ":srv 904 me :SASL authentication failed"] {
            model.deliver(.received(try IRCMessage(parsing: line), now: now), network: "N")
        }
        #expect(record.items.last == "disconnect after QUIT :SASL login required")
    }
}
