import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import IRCTestServers
import IRCTransport
import Testing

/// `/ban NICK` by the network's `ban_mask`, through the whole client to a scripted server:
/// ada is in the channel by NAMES only (no host known), so a WHO goes first and the MODE
/// follows its answer (WHOX's 354, or a plain 352 where the server has no WHOX), for every
/// template; a template of the nick alone needs no WHO; a nick the server does not know is
/// said so, and nothing is banned.
@MainActor
@Suite("Ban masks against a scripted server")
struct BanMaskTests {
    nonisolated static let cases: [(template: String, whox: Bool, mask: String)] = [
        ("*!*@$host", true, "*!*@ada.users.example.org"),
        ("*!*@$host", false, "*!*@ada.users.example.org"),
        ("*!$user@$host", true, "*!*ada@ada.users.example.org"),
        ("*!$user@$host", false, "*!*ada@ada.users.example.org"),
        ("*!*@*.$domain", true, "*!*@*.users.example.org"),
        ("*!*@*.$domain", false, "*!*@*.users.example.org"),
    ]

    @Test(arguments: 0..<cases.count)
    func aBanByNickWaitsForTheWhoAndUsesTheTemplate(index: Int) async throws {
        let (template, whox, mask) = Self.cases[index]
        let server = try WhoServer(whox: whox)
        defer { server.stop() }
        var settings = ModelSettings()
        settings.networkBanMasks["testnet"] = try BanMaskTemplate(template)
        let client = LiveClient(nick: "natterBan", channels: ["#c"], settings: settings)
        defer { client.close() }
        client.connect(port: server.port)
        try server.start()
        try await client.waitUntilJoined("#c")
        try client.show("#c")
        // The WHO the session sends after joining (who is away) goes before anything typed.
        try await client.pump("the join's WHO") { server.received.contains { $0.hasPrefix("WHO #c") } }
        #expect(client.session.state.user(named: "ada")?.host == nil)

        let before = server.received.count
        client.controller.submit("/ban ada")
        let lines = try await server.lines(after: before, count: 2, client: client, typed: "/ban ada")
        #expect(lines == [whox ? "WHO ada %tcuhnfar,152" : "WHO ada", "MODE #c +b \(mask)"], "\(template)")
        // The WHO's replies are not shown: the note before it and the ban say what happened.
        #expect(!client.buffer("#c")!.lines.contains { $0.text.contains("End of WHO") }, "\(client.dump())")
        #expect(server.problems.isEmpty, "\(server.problems)")
    }

    @Test func theNickAloneNeedsNoWhoAndSomeoneUnknownIsNotBanned() async throws {
        let server = try WhoServer(whox: true)
        defer { server.stop() }
        var settings = ModelSettings()
        settings.banMask = try BanMaskTemplate("$nick!*@*")
        let client = LiveClient(nick: "natterBan", channels: ["#c"], settings: settings)
        defer { client.close() }
        client.connect(port: server.port)
        try server.start()
        try await client.waitUntilJoined("#c")
        try client.show("#c")
        // The WHO the session sends after joining (who is away) goes before anything typed.
        try await client.pump("the join's WHO") { server.received.contains { $0.hasPrefix("WHO #c") } }

        var before = server.received.count
        client.controller.submit("/kickban ada go")
        #expect(try await server.lines(after: before, count: 2, client: client, typed: "/kickban ada")
                == ["MODE #c +b ada!*@*", "KICK #c ada go"])

        // Under the default template, a nick nobody has: the WHO finds nobody, nothing is banned.
        client.model.settings.banMask = .standard
        before = server.received.count
        client.controller.submit("/ban ghost")
        #expect(try await server.lines(after: before, count: 1, client: client, typed: "/ban ghost") == ["WHO ghost %tcuhnfar,152"])
        try await client.pump("the note that ghost is not on the server") {
            client.buffer("#c")?.lines.last?.text.hasPrefix("ghost is not on the server") == true
        }
        try await client.pump(for: 0.2)
        #expect(server.commands(after: before) == ["WHO ghost %tcuhnfar,152"])
        #expect(server.problems.isEmpty, "\(server.problems)")
    }
}

/// Registers the client (with WHOX in ISUPPORT, or without), joins it to the channels it asks
/// for with ada in NAMES (no host), and answers a WHO: for ada with her user and host
/// (`~ada@ada.users.example.org`) as WHOX (354) or plain (352) replies, for anyone else with
/// the end of the list alone.
final class WhoServer: RecordingServer, @unchecked Sendable {
    let whox: Bool

    init(whox: Bool) throws {
        self.whox = whox
        try super.init()
    }

    override func serve(_ client: RawIRCClient) {
        var nick = "*"
        while !isStopped {
            let line: String?
            do { line = try client.readLine(timeout: 0.02) } catch { continue }
            guard let line else { return }
            record(line)
            guard let message = try? IRCMessage(parsing: line) else { problem("unparsable: \(line)"); continue }
            let p = message.parameters
            switch message.command {
            case "CAP" where p.first == "LS":
                send([":srv CAP * LS :"], to: client)
            case "NICK":
                nick = p.first ?? nick
            case "USER":
                send([":srv 001 \(nick) :Welcome", ":srv 005 \(nick) CHANTYPES=# PREFIX=(ov)@+\(whox ? " WHOX" : "") :are supported",
                      ":srv 422 \(nick) :No MOTD"], to: client)
            case "JOIN":
                let channel = p.first ?? "#c"
                send([":\(nick)!u@h JOIN \(channel)", ":srv 353 \(nick) = \(channel) :@\(nick) ada", ":srv 366 \(nick) \(channel) :End"],
                     to: client)
            case "WHO" where p.first == "ada":
                if whox {
                    guard p.count == 2, p[1] == "%tcuhnfar,152" else { problem("WHOX fields: \(line)"); continue }
                    send([":srv 354 \(nick) 152 #c ~ada ada.users.example.org ada H 0 :Ada Lovelace"], to: client)
                } else {
                    send([":srv 352 \(nick) #c ~ada ada.users.example.org srv ada H :0 Ada Lovelace"], to: client)
                }
                send([":srv 315 \(nick) ada :End of WHO list"], to: client)
            case "WHO":
                send([":srv 315 \(nick) \(p.first ?? "*") :End of WHO list"], to: client)
            case "PING":
                send([":srv PONG srv :\(p.last ?? "")"], to: client)
            default:
                break
            }
        }
    }
}
