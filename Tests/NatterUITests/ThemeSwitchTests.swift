import ChatModel
import NatterUI
import Testing
import Widgets

/// A switch between light and dark while something is shown above the input or in the find bar:
/// it keeps saying the same thing, in the new theme's colours.
@MainActor
struct ThemeSwitchTests {
    @Test func theBarsAboveTheInputAndAFindErrorTakeTheNewColours() throws {
        let rig = try Rig(settings: ModelSettings(), channels: ["#a"])
        let a = try #require(rig.model.network("Net")?.buffer(named: "#a"))
        rig.controller.show(a.id)
        try rig.receive("@msgid=m1 :bob!b@h PRIVMSG #a :hello there")
        rig.controller.sync()
        rig.controller.input.startReply(to: try #require(a.scrollback.lines.last))
        #expect(rig.controller.input.paste("one\ntwo\nthree\nfour"))
        rig.screen.findBar.setStatus("bad pattern", isError: true)
        let (dark, light) = (ChatTheme.dark, ChatTheme.light)
        #expect(dark.dimText != light.dimText && dark.base.text != light.base.text && dark.errorText != light.errorText)
        let replyBefore = rig.screen.replyBar.text

        rig.controller.apply(light)

        let reply = rig.screen.replyBar.text
        #expect(reply.string == replyBefore.string)
        #expect(reply.spans.first?.attributes.foreground == light.dimText)
        #expect(reply.spans.dropFirst().first?.attributes.foreground == light.color(forNick: "bob"))
        #expect(!rig.screen.confirmBar.isHidden)
        #expect(rig.screen.confirmBar.text.string.hasPrefix("Send these 4 lines to #a?"))
        #expect(rig.screen.confirmBar.text.spans.allSatisfy { $0.attributes.foreground == light.base.text })
        #expect(rig.screen.findBar.status.text.string == "bad pattern")
        #expect(rig.screen.findBar.status.text.spans.first?.attributes.foreground == light.errorText)
    }
}
