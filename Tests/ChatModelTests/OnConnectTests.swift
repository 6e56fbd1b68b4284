import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// A network's on-connect commands (issue 33, point 8): run once registered, in order, with
/// `$nick` and `$network` put in, before the channels are joined; again after a reconnection.
struct OnConnectTests {
    let now = SessionTime(monotonic: 10, wall: Date(timeIntervalSince1970: 1_700_000_000))

    final class Record { var lines: [String] = [] }

    func model(_ onConnect: [String], record: Record) -> ChatModel {
        let model = ChatModel()
        var configuration = SessionConfiguration(nick: "me", user: "me", realName: "Me")
        configuration.autoJoin = [ChannelKey("#a"), ChannelKey("#b")]
        model.addNetwork(name: "Libera", configuration: configuration).onConnect = onConnect
        model.linkRequests = { _, request in
            if case .send(let lines, _) = request { record.lines += lines.map { $0.serialized() } }
        }
        return model
    }

    func register(_ model: ChatModel, nick: String = "me") throws {
        model.deliver(.connected(now: now), network: "Libera")
        for line in [":srv CAP * LS :", ":srv 001 \(nick) :Welcome", ":srv 005 \(nick) CHANTYPES=# :are supported",
                     ":srv 376 \(nick) :End of MOTD"] {
            model.deliver(.received(try IRCMessage(parsing: line), now: now), network: "Libera")
        }
    }

    @Test func theyRunInOrderBeforeTheJoins() throws {
        let record = Record()
        let model = model(["/mode $nick +x", "/msg HostServ on", "/quote CHGIDENT $nick", "/me is on $network",
                           "/msg NickServ IDENTIFY pa;ss$1$$"], record: record)
        try register(model, nick: "me_")
        let after = Array(record.lines.drop { !$0.hasPrefix("MODE") })
        // A password goes as written: no splitting at `;`, no `$` but the two names.
        #expect(after == ["MODE me_ +x", "PRIVMSG HostServ on", "CHGIDENT me_", "PRIVMSG NickServ :IDENTIFY pa;ss$1$$", "JOIN #a,#b"])
        // A line the server buffer cannot take is said there, and the rest still ran.
        let server = try #require(model.network("Libera")?.serverBuffer)
        #expect(server.lines.contains { $0.kind == .error && $0.text.hasPrefix("on_connect /me: this buffer has no channel") })
        // Again on the next registration.
        record.lines = []
        model.deliver(.disconnected(reason: "gone", now: now), network: "Libera")
        try register(model)
        #expect(record.lines.drop { !$0.hasPrefix("MODE") }.first == "MODE me +x")
    }

    /// What an on-connect command keeps (an ignore, an alias) reaches the app as when typed;
    /// where it would take the user somewhere (a query shown), nothing moves.
    @Test func whatTheyKeepReachesTheApp() throws {
        let model = model(["/ignore spammer", "/alias hi /msg $1 hi", "/query bob"], record: Record())
        _ = model.takeChanges()
        try register(model)
        let effects = model.takeChanges().flatMap { change -> [CommandEffect] in
            if case .effects(let kept) = change { kept } else { [] }
        }
        #expect(effects.count == 2)
        #expect(effects.contains { if case .ignoresChanged(let entries) = $0 { entries.first?.hasPrefix("spammer") == true } else { false } })
        #expect(effects.contains(.aliasChanged(name: "hi", expansion: "/msg $1 hi")))
    }

    @Test func noneMeansNothingMore() throws {
        let record = Record()
        let model = model([], record: record)
        try register(model)
        #expect(record.lines == ["CAP LS 302", "NICK me", "USER me 0 * Me", "CAP END", "JOIN #a,#b"])
    }
}
