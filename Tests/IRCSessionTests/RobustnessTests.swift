import IRCProtocol
import Testing
@testable import IRCSession

@Suite("Robustness")
struct RobustnessTests {
    static let commands = ["CAP", "AUTHENTICATE", "900", "901", "902", "903", "904", "905", "906", "907", "908",
                           "001", "005", "376", "422", "432", "433", "436", "421", "PING", "PONG", "ERROR", "BATCH",
                           "PRIVMSG", "NOTICE", "JOIN", "PART", "KICK", "QUIT", "NICK", "MODE", "324", "TOPIC",
                           "331", "332", "333", "353", "366", "AWAY", "305", "306", "CHGHOST", "SETNAME", "INVITE",
                           "ACCOUNT", "396", "730", "731", "MARKREAD", "BOUNCER", "FAIL", "WARN", "NOTE", "ACK",
                           "403", "471", "TAGMSG", "999", "UNKNOWN"]

    /// Every handled command with too few parameters, with and without a source, in every phase:
    /// each line fails alone and the session keeps working.
    @Test(arguments: [0, 1, 2])
    func truncatedLinesNeverTrap(parameterCount: Int) {
        for registered in [false, true] {
            var h = ChannelTests.inChannel()
            if !registered { h = Harness(); h.connect() }
            for command in Self.commands {
                for source: String? in [nil, "x!y@z", "natter!nat@host.example"] {
                    let parameters = Array(["#natter", "+o", "natter"].prefix(parameterCount))
                    _ = h.session.handle(.received(IRCMessage(source: source, command: command, parameters: parameters),
                                                   now: h.time))
                }
            }
            #expect(sent(h.feed("PING :still-alive")) == ["PONG still-alive"])
        }
    }
}
