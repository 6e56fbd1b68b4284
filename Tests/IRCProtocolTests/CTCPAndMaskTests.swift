import Foundation
import Testing
@testable import IRCProtocol

struct CTCPTests {
    @Test func decodesAndEncodes() {
        #expect(CTCPMessage(decoding: "\u{01}ACTION waves\u{01}") == .action("waves"))
        #expect(CTCPMessage(decoding: "\u{01}ACTION waves") == .action("waves"))   // missing closing \x01
        #expect(CTCPMessage(decoding: "\u{01}version\u{01}") == CTCPMessage(command: "VERSION"))
        #expect(CTCPMessage(decoding: "hello") == nil)
        #expect(CTCPMessage(decoding: "\u{01}\u{01}") == nil)
        #expect(CTCPMessage(decoding: "\u{01}") == nil)
        #expect(CTCPMessage.action("hi there").encoded() == "\u{01}ACTION hi there\u{01}")
        #expect(CTCPMessage(command: "VERSION").encoded() == "\u{01}VERSION\u{01}")
    }

    @Test func replies() throws {
        let now = Date(timeIntervalSince1970: 0)
        #expect(CTCPMessage(command: "VERSION").reply(versionString: "Natter 0.1")
                == CTCPMessage(command: "VERSION", parameters: "Natter 0.1"))
        #expect(CTCPMessage(command: "PING", parameters: "123 456").reply(versionString: "")
                == CTCPMessage(command: "PING", parameters: "123 456"))
        #expect(CTCPMessage(command: "TIME").reply(versionString: "", now: now)?.parameters
                == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(CTCPMessage(command: "CLIENTINFO").reply(versionString: "")?.parameters
                == "ACTION CLIENTINFO PING TIME VERSION")
        #expect(CTCPMessage.action("x").reply(versionString: "") == nil)
        #expect(CTCPMessage(command: "FINGER").reply(versionString: "") == nil)
    }
}

struct IRCMaskTests {
    @Test func wildcardsAndCaseMapping() {
        #expect(IRCMask("*!*@*.example.com").matches("Nick!user@host.EXAMPLE.com"))
        #expect(IRCMask("nick[away]!*@*").matches("NICK{AWAY}!u@h"))
        #expect(!IRCMask("nick[away]!*@*", caseMapping: .ascii).matches("NICK{AWAY}!u@h"))
        #expect(IRCMask("a?c").matches("abc") && !IRCMask("a?c").matches("ac"))
        #expect(IRCMask("*").matches("") && !IRCMask("").matches("x"))
        #expect(IRCMask("**a**b").matches("xxaxxbxb") && !IRCMask("*a*b").matches("xxaxx"))
        #expect(IRCMask("*!*@host").matches(IRCSource(nick: "n", user: "u", host: "host")))
    }
}
