import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// Pages of older lines read back from the logs on disk.
struct LogHistoryTests {
    @Test func replayedLinesAfterANewerJoinAreNotReadBackAgain() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("natter-loghistory-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let utc = LocalZone.utc
        let logs = LogStore(root: root, timeZone: utc)
        let model = ChatModel(logs: logs)
        model.addNetwork(name: "Test", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
        let noon = Date(timeIntervalSince1970: 1_704_110_400)        // 2024-01-01 12:00 UTC
        func recv(_ line: String) {
            _ = model.handle(.received(try! IRCMessage(parsing: line), now: SessionTime(monotonic: 1, wall: noon)), network: "Test")
        }
        // An older day in the logs, then a session whose playback (server-time 10:00–10:04)
        // arrives after the join line of 12:00, as a bouncer replays it.
        logs.append(ChatLine(id: "x", time: noon.addingTimeInterval(-86_400), kind: .message, nick: "old", text: "yesterday"),
                    network: "Test", buffer: "#natter")
        _ = model.handle(.connected(now: SessionTime(monotonic: 0, wall: noon)), network: "Test")
        recv(":srv CAP * LS :server-time")
        recv(":srv CAP me ACK :server-time")
        recv(":srv 001 me :Welcome")
        recv(":srv 376 me :End of MOTD")
        recv(":me!u@h JOIN #natter")
        for k in 0..<5 {
            recv("@time=2024-01-01T10:0\(k):00.000Z :alice!a@h PRIVMSG #natter :played back \(k)")
        }
        let channel = BufferID(network: "Test", name: "#natter")
        _ = model.requestOlder(channel, now: SessionTime(monotonic: 2, wall: noon))
        let texts = model.buffer(channel)!.scrollback.lines.map(\.text)
        // Only yesterday's line came back from the logs: the played-back lines are shown once.
        #expect(texts.filter { $0.hasPrefix("played back") }.count == 5)
        #expect(texts.contains("yesterday"))
        logs.closeAll()
    }
}
