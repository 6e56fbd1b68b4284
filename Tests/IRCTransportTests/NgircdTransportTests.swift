import Foundation
import IRCProtocol
import IRCTestServers
import IRCTransport
import Testing
import NatterTestSupport

@Suite("Transport against ngIRCd", .serialized, .ngircd)
struct NgircdTransportTests {
    @Test func plainTCPRegistersJoinsAndExchangesMessagesBothWays() throws {
        let server = try #require(Fixtures.ngircd)
        let (transport, recorder) = makeTransport(port: server.clientPort)
        defer { try? shutDown(transport, recorder) }
        transport.start()
        try recorder.next("connected") { $0.isConnected }
        let peer = try meetInChannel("#ngtalk", transport, recorder, nick: "natterNg", peerNick: "ngPeer",
                                     peerPort: server.clientPort)

        transport.send(IRCMessage(command: "PRIVMSG", parameters: ["#ngtalk", "hi ngircd"]))
        let heard = try peer.waitFor(timeout: 5, "PRIVMSG") { $0.command == "PRIVMSG" }
        #expect(heard.parameters == ["#ngtalk", "hi ngircd"])

        let formatted = "\u{03}03green\u{03} \u{02}\u{1D}bold italic\u{0F} \u{1E}strike\u{1E} \u{11}mono\u{11}"
        try peer.send("PRIVMSG #ngtalk :\(formatted)")
        let line = try recorder.message("PRIVMSG") { $0.parameters.first == "#ngtalk" }
        #expect(line.parameters.last == formatted)
        #expect(line.source?.hasPrefix("ngPeer!") == true)
        try peer.send("QUIT")
    }
}
