@testable import Configuration
import ChatModel
import Foundation
import Testing

/// `[bans] mask` for every network and `ban_mask` of one network, read into the model's
/// settings; a template that is not a mask stops the start with its line.
struct BanMaskConfigTests {
    @Test func globalAndPerNetworkTemplates() throws {
        let config = try ConfigLoader.parse("""
            [[networks]]
            name = "Libera"
            host = "irc.libera.chat"
            ban_mask = "*!$user@$host"

            [[networks]]
            name = "OFTC"
            host = "irc.oftc.net"

            [bans]
            mask = "*!*@*.$domain"
            """, file: "c.toml")
        let settings = config.modelSettings(at: Date())
        let model = ChatModel(settings: settings)
        #expect(model.banMaskTemplate(for: "Libera").text == "*!$user@$host")
        #expect(model.banMaskTemplate(for: "OFTC").text == "*!*@*.$domain")
        #expect(ChatModel(settings: try ConfigLoader.parse("", file: "c.toml").modelSettings(at: Date()))
            .banMaskTemplate(for: "Libera") == .standard)
    }

    @Test(arguments: [
        ("[bans]\nmask = \"*@$host\"\n", 2, "bans.mask", "is not a nick!user@host mask"),
        ("[bans]\nmask = \"*!*@$hostname\"\n", 2, "bans.mask", "unknown variable"),
        ("[[networks]]\nhost = \"h\"\nban_mask = \"$nick\"\n", 3, "networks[0].ban_mask", "is not a nick!user@host mask"),
        ("[bans]\ntemplate = \"*!*@$host\"\n", 2, "bans.template", "unknown setting"),
    ])
    func badTemplatesNameTheirLine(text: String, line: Int, key: String, message: String) {
        do {
            _ = try ConfigLoader.parse(text, file: "c.toml")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.line == line && error.key == key, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }
}
