import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import IRCTestServers
import IRCTransport
import Testing

/// Every command a user types reaches the server (issue 32): typed into the whole client's
/// input line, each arrives at a scripted server as the exact line(s) it expects, an unknown
/// command as typed; a CTCP PING's answer shows as its round trip.
@MainActor
@Suite("Typed commands against a scripted server")
struct TypedCommandsTests {
    @Test func everyTypedCommandArrivesAsTheServerReadsIt() async throws {
        let server = try CommandServer()
        defer { server.stop() }
        let client = LiveClient(nick: "natterCmd", channels: ["#c"])
        defer { client.close() }
        // Twenty-odd commands in a row: no pacing between them.
        client.connect(port: server.port) { $0.floodControl = FloodControl(burst: 100, interval: .milliseconds(10)) }
        try server.start()
        try await client.waitUntilJoined("#c")
        try client.show("#c")
        // ada spoke: her host is known, which a ban by host needs.
        try await client.pump("ada's host") { client.session.state.user(named: "ada")?.host == "ada.example" }
        // The WHO joining sent (who is away) is in before anything is typed.
        try await client.pump("the join's WHO") { server.received.contains("WHO #c %tcuhnfar,153") }

        let typed: [(String, [String])] = [
            ("/frobnicate a b :c d", ["FROBNICATE a b :c d"]),
            ("/ctcp ada VERSION", ["PRIVMSG ada \u{1}VERSION\u{1}"]),
            ("/motd", ["MOTD"]),
            ("/lusers", ["LUSERS"]),
            ("/names", ["NAMES #c"]),
            ("/who #c", ["WHO #c %tcuhnfar,152"]),
            ("/whowas bob", ["WHOWAS bob"]),
            ("/knock #closed let me in", ["KNOCK #closed :let me in"]),
            ("/setname Natter Tester", ["SETNAME :Natter Tester"]),
            ("/umode +i", ["MODE natterCmd +i"]),
            ("/kickban ada spam", ["MODE #c +b *!*@ada.example", "KICK #c ada spam"]),
            ("/unban ada", ["MODE #c -bb *!*@ada.example ada!*@*"]),
            ("/quiet ada", ["MODE #c +b m:*!*@ada.example"]),
            ("/ns identify hunter2", ["PRIVMSG NickServ :identify hunter2"]),
            ("/cs info #c", ["PRIVMSG ChanServ :info #c"]),
            ("/ms list", ["PRIVMSG MemoServ list"]),
            ("/hs on", ["PRIVMSG HostServ on"]),
            ("/invite bob", ["INVITE bob #c"]),
            ("/notice ada hi there", ["NOTICE ada :hi there"]),
            ("/quote PRIVMSG #c :raw hello", ["PRIVMSG #c :raw hello"]),
            ("/cycle", ["PART #c cycling", "JOIN #c"]),
        ]
        for (line, lines) in typed {
            let before = server.received.count
            client.controller.submit(line)
            let arrived = try await server.lines(after: before, count: lines.count, client: client, typed: line)
            #expect(arrived == lines, "typed \(line)")
            #expect(client.screen.input.text.isEmpty, "typed \(line)")
        }

        // An alias: its lines arrive in order, with the words typed after it put in.
        client.controller.submit("/alias greet /msg $1 hello $1; /me waves at $1")
        var aliasMark = server.received.count
        client.controller.submit("/greet ada")
        #expect(try await server.lines(after: aliasMark, count: 2, client: client, typed: "/greet ada")
                == ["PRIVMSG ada :hello ada", "PRIVMSG #c :\u{1}ACTION waves at ada\u{1}"])
        client.controller.submit("/unalias greet")
        aliasMark = server.received.count
        client.controller.submit("/greet ada")
        #expect(try await server.lines(after: aliasMark, count: 1, client: client, typed: "/greet after /unalias") == ["GREET ada"])

        // A line too long for IRC is refused and stays typed; nothing goes.
        let long = "/frobnicate " + String(repeating: "x", count: 600)
        let before = server.received.count
        client.controller.submit(long)
        #expect(client.screen.input.text == long)
        #expect(client.buffer("#c")?.lines.last?.text == "/frobnicate not sent: it is 613 bytes long, over the 512 an IRC line may have")
        try await client.pump(for: 0.2)
        #expect(server.commands(after: before).isEmpty)
        client.screen.input.text = ""

        // PING: the answer comes back as the round trip, shown where it was asked.
        client.controller.submit("/ping ada")
        try await client.pump("the PING's round trip") {
            client.buffer("#c")?.lines.contains { $0.text.hasPrefix("PING reply from ada: ") && $0.text.hasSuffix(" s") } == true
        }
        #expect(server.received.contains { $0.hasPrefix("PRIVMSG ada :\u{1}PING ") })
        #expect(client.buffer("ada")?.lines.contains { $0.text.contains("PING") } != true, "the answer went to ada's query")
        // The password went to NickServ, but nowhere on screen.
        #expect(!client.network.buffers.flatMap(\.lines).contains { $0.text.contains("hunter2") })

        // A query opens with its message; /close closes it, /clear empties the channel.
        var mark = server.received.count
        client.controller.submit("/query bob hello")
        #expect(try await server.lines(after: mark, count: 1, client: client, typed: "/query") == ["PRIVMSG bob hello"])
        let query = try #require(client.buffer("bob"))
        #expect(client.controller.current == query.id)
        client.controller.submit("/close")
        #expect(client.buffer("bob") == nil)
        try client.show("#c")
        client.controller.submit("/clear")
        #expect(client.buffer("#c")?.lines.isEmpty == true)
        // /disconnect says goodbye with the QUIT.
        mark = server.received.count
        client.controller.submit("/disconnect")
        let quit = try await server.lines(after: mark, count: 1, client: client, typed: "/disconnect")
        #expect(quit == [IRCMessage(command: "QUIT", parameters: [ModelSettings.defaultQuitMessage]).serialized()])
        #expect(server.problems.isEmpty, "\(server.problems)")
    }
}

/// Registers the client (CAP `setname`; ISUPPORT with WHOX and InspIRCd's extended bans),
/// joins it to the channels it asks for, says hello from ada (ada.example), and answers a CTCP
/// PING to ada as her client would. Records every line the client sends.
final class CommandServer: RecordingServer, @unchecked Sendable {

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
                send([":srv CAP * LS :setname"], to: client)
            case "CAP" where p.first == "REQ":
                send([":srv CAP * ACK :\(p.last ?? "")"], to: client)
            case "NICK":
                nick = p.first ?? nick
            case "USER":
                send([":srv 001 \(nick) :Welcome", ":srv 005 \(nick) CHANTYPES=# PREFIX=(ov)@+ WHOX EXTBAN=,m :are supported",
                      ":srv 422 \(nick) :No MOTD"], to: client)
            case "JOIN":
                let channel = p.first ?? "#c"
                send([":\(nick)!u@h JOIN \(channel)", ":srv 353 \(nick) = \(channel) :@\(nick) ada", ":srv 366 \(nick) \(channel) :End",
                      ":ada!a@ada.example PRIVMSG \(channel) :hello"], to: client)
            case "PRIVMSG" where p.first == "ada" && p.last?.hasPrefix("\u{1}PING ") == true:
                Thread.sleep(forTimeInterval: 0.05)
                send([":ada!a@ada.example NOTICE \(nick) :\(p.last ?? "")"], to: client)
            case "PING":
                send([":srv PONG srv :\(p.last ?? "")"], to: client)
            default:
                break
            }
        }
    }
}
