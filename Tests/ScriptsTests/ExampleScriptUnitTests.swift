import ChatModel
import Foundation
import Testing

/// The example scripts over the model alone, for what a server cannot easily show: the links
/// urllog finds at the edges, and that awaylog's replay needs nothing but the server's replies.
struct ExampleScriptUnitTests {
    func load(_ name: String, into fixture: ScriptFixture) throws {
        try fixture.load(name, try String(contentsOfFile: "Assets/scripts/\(name).lua", encoding: .utf8))
    }

    @Test func urllogFindsLinksAtTheirEdgesAndNotInsideWords() throws {
        let fixture = ScriptFixture()
        try load("urllog", into: fixture)
        for text in ["see https://example.org/a?b=c. and (http://x.y/z) or www.natter.chat, ok",
                     "git+ssh://host/repo, 1http://skipped.example",
                     "(see https://en.wikipedia.org/wiki/Foo_(bar))",
                     String(repeating: "a", count: 200) + ":// " + String(repeating: ".", count: 200),
                     "no links: www. or :// alone"] {
            fixture.receive(":ada!a@h PRIVMSG #natter :\(text)")
        }
        fixture.type("/urls 20")
        fixture.service()
        let links = fixture.texts(in: fixture.channel).filter { $0.contains("<ada>") }.compactMap { $0.split(separator: " ").last.map(String.init) }
        #expect(links == ["https://example.org/a?b=c", "http://x.y/z", "www.natter.chat", "git+ssh://host/repo", "http://skipped.example",
                          "https://en.wikipedia.org/wiki/Foo_(bar)"])
    }

    @Test func awaylogReplaysOnTheServersWord() throws {
        let fixture = ScriptFixture()
        try load("awaylog", into: fixture)
        fixture.receive(":srv 306 me :You have been marked as being away")
        fixture.receive(":ada!a@h PRIVMSG #natter :me: are you there?")
        fixture.receive(":ada!a@h PRIVMSG me :psst")
        fixture.receive(":srv 305 me :You are no longer marked as being away")
        fixture.service()
        let replay = fixture.texts(in: fixture.server).filter { $0.hasPrefix("while you were away") }
        #expect(replay.count == 3)
        #expect(replay.last?.hasSuffix("in private <ada> psst") == true)
    }
}
