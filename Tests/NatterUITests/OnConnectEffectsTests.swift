import ChatModel
import Foundation
import IRCProtocol
import IRCSession
@testable import NatterUI
import Testing

/// A network's on-connect commands keep what they change: the controller hands the app what
/// the model ran them to keep (the ignore list for the config file), as for a typed command.
@MainActor
struct OnConnectEffectsTests {
    @Test func anIgnoreInOnConnectReachesTheConfiguration() throws {
        let chat = ChatStack.headless()
        let network = chat.model.addNetwork(name: "Libera", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
        network.onConnect = ["/ignore spammer"]
        var kept: [[String]] = []
        chat.controller.onIgnoresChanged = { kept.append($0) }
        chat.controller.sync()
        let now = SessionTime(0)
        chat.model.deliver(.connected(now: now), network: "Libera")
        for line in [":srv CAP * LS :", ":srv 001 me :Welcome", ":srv 376 me :End of MOTD"] {
            chat.model.deliver(.received(try IRCMessage(parsing: line), now: now), network: "Libera")
        }
        chat.controller.sync()
        #expect(kept.count == 1 && kept.first?.first?.hasPrefix("spammer") == true, "\(kept)")
    }
}
