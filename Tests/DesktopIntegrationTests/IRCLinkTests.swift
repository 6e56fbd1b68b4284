@testable import DesktopIntegration
import Testing

/// irc:// and ircs:// links as web pages and other clients write them.
struct IRCLinkTests {
    @Test func channelsWithAndWithoutTheirPrefix() throws {
        let encoded = try #require(IRCLink("ircs://irc.libera.chat/%23natter"))
        #expect(encoded.host == "irc.libera.chat" && encoded.port == 6697 && encoded.tls && encoded.channel == "#natter")
        #expect(IRCLink("irc://irc.libera.chat/natter")?.channel == "#natter")
        #expect(IRCLink("irc://irc.libera.chat:6665/natter")?.port == 6665)
        #expect(IRCLink("irc://irc.libera.chat/natter")?.tls == false)
        #expect(IRCLink("irc://irc.libera.chat/natter")?.port == 6667)
        // A raw # is a URL fragment, but links in the wild write it.
        #expect(IRCLink("irc://irc.libera.chat/#natter")?.channel == "#natter")
        #expect(IRCLink("irc://irc.example.org/%26local")?.channel == "&local")
        #expect(IRCLink("IRCS://IRC.Example.org/x")?.tls == true)
    }

    @Test func nicksServersKeysAndIPv6() throws {
        let nick = try #require(IRCLink("irc://irc.libera.chat/alice,isnick"))
        #expect(nick.nick == "alice" && nick.channel == nil)
        let server = try #require(IRCLink("irc://irc.libera.chat/"))
        #expect(server.channel == nil && server.nick == nil)
        #expect(IRCLink("irc://irc.libera.chat")?.channel == nil)
        #expect(IRCLink("irc://irc.libera.chat/secret,needkey")?.needsKey == true)
        let six = try #require(IRCLink("ircs://[::1]:7000/%23x"))
        #expect(six.host == "::1" && six.port == 7000)
    }

    @Test func notLinks() {
        #expect(IRCLink("https://irc.libera.chat/") == nil)
        #expect(IRCLink("irc://") == nil)
        #expect(IRCLink("irc:///natter") == nil)
        #expect(IRCLink("irc://host:99999/x") == nil)
        #expect(IRCLink("irc://host/a b") == nil)
        #expect(IRCLink("irc://host/x\nQUIT") == nil)
        // Decoded, a comma would join several channels and a newline end the line.
        #expect(IRCLink("irc://host/%23a%2C%23b") == nil)
        #expect(IRCLink("irc://host/%23a%0AQUIT") == nil)
        #expect(IRCLink("irc://host/bob%2Calice,isnick") == nil)
        #expect(IRCLink("irc://ho%0Ast/x") == nil)
    }

    @Test func aLinkWrittenBackReadsTheSame() throws {
        for text in ["ircs://irc.libera.chat/%23natter", "irc://h:7000/alice,isnick", "ircs://[::1]/%23x,needkey",
                     "irc://irc.example.org/", "irc://h/%23a%C3%A9"] {
            let link = try #require(IRCLink(text), "\(text)")
            #expect(IRCLink(link.url) == link, "\(text) → \(link.url)")
        }
        #expect(IRCLink("irc://h/%23a%C3%A9")?.channel == "#aé")
    }

    @Test func theRequestLineCarriesTheLink() throws {
        let link = try #require(IRCLink("ircs://irc.libera.chat/%23natter"))
        #expect(InstanceRequest(line: InstanceRequest.open(link).line) == .open(link))
        #expect(InstanceRequest(line: "raise") == .raise)
        #expect(InstanceRequest(line: "open https://example.org") == nil)
        #expect(InstanceRequest(line: "rm -rf") == nil)
    }
}
