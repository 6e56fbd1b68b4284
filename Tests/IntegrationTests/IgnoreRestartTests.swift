import ChatModel
import Configuration
import Foundation
import IRCProtocol
import IRCSession
import IRCTestServers
import NatterUI
import Testing
import NatterTestSupport

/// An ignore outlives the run: `/ignore` typed in one client is written to its config file as
/// the app writes it, and a second client built from that file as the app builds its model
/// (``NatterConfig/modelSettings(at:)``) hides the mask's messages, reactions, join and typing
/// on a real InspIRCd: nothing of it shown, counted or notified, while a friend's lines are.
@MainActor
@Suite("Ignores kept across a restart", .inspircdWithServices)
struct IgnoreRestartTests {
    @Test func aSavedIgnoreHoldsAfterARestart() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("natter-ignore-restart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("config.toml").path
        try "# the user's own\n[highlights]\nkeywords = [\"natter\"]\n".write(toFile: path, atomically: true, encoding: .utf8)

        // The first run: /ignore typed; the config keeps it (the app's onIgnoresChanged).
        let first = LiveClient(nick: "natterIgn")
        var writeFailure: (any Error)?
        first.controller.onIgnoresChanged = { entries in
            do { try ConfigWriter.setIgnores(entries, in: path) } catch { writeFailure = error }
        }
        first.controller.submit("/ignore pest")
        first.close()
        #expect(writeFailure == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("# the user's own\n"))

        // The next start reads the file.
        let config = try ConfigLoader.load(path: path)
        let client = LiveClient(nick: "natterIgn", channels: ["#quiet"], settings: config.modelSettings(at: Date()))
        defer { client.close() }
        var notified: [String] = []
        client.controller.onNotify = { _, title, _ in notified.append(title) }
        #expect(client.model.settings.ignores.masks == ["pest!*@*"])

        let network = try Fixtures.network()
        let pest = try RawIRCClient(port: network.clientPort)
        defer { pest.close() }
        let pal = try RawIRCClient(port: network.clientPort)
        defer { pal.close() }
        for peer in [pest, pal] { try peer.send(lines: ["CAP REQ :message-tags", "CAP END"]) }
        try await client.register(pest, nick: "pest")
        try await client.register(pal, nick: "pal")
        try await client.join(pal, "#quiet")
        client.connect(port: network.clientPort)
        try await client.waitUntilJoined("#quiet")
        try await client.wait(for: pal, "the client's JOIN") { $0.command == "JOIN" && $0.sourceNick == "natterIgn" }

        // pest joins, talks to the channel and to us (mentioning us), reacts to pal's message
        // and types; then tells pal, who speaks last: by then all of pest's lines reached us.
        try pest.send("JOIN #quiet")
        try await client.wait(for: pal, "pest's JOIN") { $0.command == "JOIN" && $0.sourceNick == "pest" }
        try pal.send("PRIVMSG #quiet :something to react to")
        let palLine = try await client.wait(for: pest, "pal's line with a msgid") { $0.command == "PRIVMSG" && $0.tags["msgid"] != nil }
        let parent = try #require(palLine.tags["msgid"])
        try pest.send(lines: ["PRIVMSG #quiet :natterIgn: natter spam", "PRIVMSG natterIgn :private spam",
                              "@+draft/reply=\(parent);+draft/react=💩 TAGMSG #quiet", "@+typing=active TAGMSG #quiet",
                              "PRIVMSG pal :done"])
        try await client.wait(for: pal, "pest's word that it is done") { $0.command == "PRIVMSG" && $0.sourceNick == "pest" }
        try pal.send("PRIVMSG #quiet :natterIgn: the last word")
        try await client.pump("pal's last word") { client.messages(in: "#quiet").contains { $0.text.hasSuffix("the last word") } }

        let buffer = try #require(client.buffer("#quiet"))
        #expect(!buffer.lines.contains { $0.nick == "pest" }, "\(client.dump())")
        #expect(client.buffer("pest") == nil)
        #expect(client.messages(in: "#quiet").first { $0.id == parent }?.reactions.isEmpty == true)
        #expect(buffer.typing.isEmpty)
        // pal's two lines count, one of them a highlight; nothing of pest's.
        #expect(buffer.unread == 2 && buffer.highlights == 1)
        #expect(client.model.mentions.lines.map(\.nick) == ["pal"])
        #expect(notified == ["pal in #quiet"])
        #expect(client.errorRows.isEmpty, "\(client.dump())")
    }
}
