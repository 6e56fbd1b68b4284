@testable import ChatModel
import Testing

/// bitlbee's commands carry passwords; typed to &bitlbee or root they are masked.
struct BitlbeeMaskingTests {
    func masked(_ text: String, to target: String = "&bitlbee") -> String { ChatModel.maskingServicePasswords(text, to: target) }

    @Test func everyPasswordCommandIsMasked() {
        #expect(masked("identify hunter2") == "identify ********")
        #expect(masked("identify -noload hunter2") == "identify -noload ********")
        #expect(masked("register hunter2", to: "root") == "register ********")
        #expect(masked("drop hunter2") == "drop ********")
        #expect(masked("account add jabber me@example.org s3cret") == "account add jabber me@example.org ********")
        #expect(masked("account add jabber me@example.org s3cret talk.example.org")
                == "account add jabber me@example.org ******** talk.example.org")
        #expect(masked("acc 0 set password s3cret") == "acc 0 set password ********")
        #expect(masked("root: identify hunter2") == "root: identify ********")
        #expect(masked("help account") == "help account", "nothing to hide")
        #expect(masked("account list") == "account list")
        #expect(masked("identify hunter2", to: "#bitlbee-fans") == "identify hunter2", "another channel is talk")
    }

    @Test func moreTargetsCanBeNamed() {
        #expect(ChatModel.maskingServicePasswords("login pw", to: "MyBot", alsoTo: ["mybot"]) == "login ********")
        #expect(ChatModel.maskingServicePasswords("login pw", to: "MyBot") == "login pw")
    }
}
