import IRCProtocol
@testable import Scenario
import Testing

/// Passwords never reach a scenario's metrics file.
@Suite struct ScenarioMetricsSecretTests {
    @Test func passAndSASLPayloadsAreMasked() throws {
        #expect(ScenarioRunner.recorded(IRCMessage(command: "PASS", parameters: ["hunter2"])) == "PASS ********")
        #expect(ScenarioRunner.recorded(IRCMessage(command: "AUTHENTICATE", parameters: ["AGJvYgBodW50ZXIy"])) == "AUTHENTICATE ********")
        #expect(ScenarioRunner.recorded(IRCMessage(command: "AUTHENTICATE", parameters: ["PLAIN"])) == "AUTHENTICATE PLAIN")
        #expect(ScenarioRunner.recorded(IRCMessage(command: "PRIVMSG", parameters: ["#c", "hi"])) == "PRIVMSG #c hi")
    }
}
