import ChatModel
import Foundation
import Testing

/// What was typed in each buffer: kept per buffer, 100 lines each, never a password; kept
/// between runs in a file written whole (a temporary file renamed over it), read back as it
/// was, a missing or broken file being no history.
struct InputHistoryTests {
    let channel = BufferID(network: "Net", name: "#a")
    let nickServ = BufferID(network: "Net", name: "nickserv")

    @Test func linesAreKeptPerBufferNewestLastAndCapped() {
        var history = InputHistory()
        for n in 0..<130 { history.add("line \(n)", in: channel) }
        history.add("line 129", in: channel)   // again right after itself: once
        history.add("", in: channel)
        history.add("elsewhere", in: BufferID(network: "Net", name: "#b"))
        #expect(history.lines(in: channel).count == InputHistory.limit)
        #expect(history.lines(in: channel).first == "line 30" && history.lines(in: channel).last == "line 129")
        #expect(history.lines(in: BufferID(network: "Net", name: "#b")) == ["elsewhere"])
        #expect(history.lines(in: BufferID(network: "Other", name: "#a")).isEmpty)
    }

    @Test(arguments: [
        ("identify hunter2", "nickserv"), ("IDENTIFY me hunter2", "nickserv"), ("set password hunter2", "nickserv"),
        ("/msg NickServ identify hunter2", "#a"), ("/msg nickserv REGISTER hunter2 me@example.org", "#a"),
        ("/notice ChanServ identify #c hunter2", "#a"), ("/query NickServ identify hunter2", "#a"),
        ("/quote PRIVMSG NickServ :identify hunter2", "#a"), ("/raw PASS hunter2", ""), ("/raw OPER me hunter2", ""),
        ("/raw AUTHENTICATE aHVudGVyMg==", ""), ("/raw NS identify hunter2", ""), ("/ns identify hunter2", "#a"),
        ("/nickserv ghost me hunter2", "#a"), ("/oper me hunter2", ""),
        ("/bouncer add host=irc.example.org pass=hunter2", ""), ("/bouncer change libera pass=hunter2", ""),
        ("hello\n/msg NickServ identify hunter2", "#a"),
        ("/set networks.Libera.sasl.password hunter2", ""), ("/server add x irc.x.org -sasl me hunter2", ""),
        ("/server add x irc.x.org -password hunter2", ""), ("/set password hunter2", "#a"),
    ])
    func linesWithPasswordsAreNotKept(text: String, buffer: String) {
        var history = InputHistory()
        let id = BufferID(network: "Net", name: buffer)
        #expect(InputHistory.carriesPassword(text, in: id))
        history.add(text, in: id)
        #expect(history.lines(in: id).isEmpty)
    }

    @Test(arguments: [
        ("hello", "nickserv"), ("help identify", "nickserv"), ("identify", "nickserv"), ("/msg bob identify hunter2", "#a"),
        ("identify hunter2", "#a"), ("/join #secret key", "#a"), ("/raw PRIVMSG #a :identify x", ""),
        ("/bouncer add host=irc.example.org nickname=me", ""), ("/frobnicate x", "#a"),
        ("/set password keyring:libera", "#a"), ("/set password_command pass irc/libera", "#a"), ("/set password", "#a"),
    ])
    func otherLinesAreKept(text: String, buffer: String) {
        #expect(!InputHistory.carriesPassword(text, in: BufferID(network: "Net", name: buffer)))
    }

    @Test func theFileIsReadBackAsWritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("state/natter/history.json").path
        var history = InputHistory()
        history.add("first", in: channel)
        history.add("multi\nline \u{02}bold\u{02} ünïcode 🎉", in: channel)
        history.add("hello", in: nickServ)
        history.add("identify hunter2", in: nickServ)
        history.add("in the server buffer", in: BufferID(network: "Net/with slash", name: ""))
        try history.save(path: path)
        #expect(InputHistory.load(path: path) == history)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("hunter2"))
        // Its owner's alone, and nothing left beside it.
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("state/natter").path)
                == ["history.json"])
        // Written again whole, over the old one.
        var shorter = InputHistory()
        shorter.add("only", in: channel)
        try shorter.save(path: path)
        #expect(InputHistory.load(path: path) == shorter)
    }

    /// A missing, empty, broken or foreign file is no history; a password in a file written
    /// by hand is dropped on reading.
    @Test func aMissingOrBrokenFileIsNoHistory() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("history.json").path
        #expect(InputHistory.load(path: path) == InputHistory())
        for text in ["", "{", "[1, 2]", "{\"version\": 2, \"buffers\": []}", "{\"version\": 1, \"buffers\": [{\"network\": 1}]}",
                     String(repeating: "\u{FF}", count: 10)] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            #expect(InputHistory.load(path: path) == InputHistory(), "\(text)")
        }
        let handWritten = """
            {"version": 1, "buffers": [{"network": "Net", "buffer": "nickserv", "lines": ["identify hunter2", "hi"]}]}
            """
        try Data(handWritten.utf8).write(to: URL(fileURLWithPath: path))
        #expect(InputHistory.load(path: path).lines(in: nickServ) == ["hi"])
    }

    /// A file that cannot be written leaves what was there and no temporary file.
    @Test func aFailedWriteLeavesNothingBehind() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The path is a folder: the rename fails.
        let path = folder.appendingPathComponent("history.json").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        var history = InputHistory()
        history.add("x", in: channel)
        #expect(throws: HistoryFileError.self) { try history.save(path: path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["history.json"])
    }

    @Test func theDefaultPathIsInTheStateFolder() {
        #expect(InputHistory.defaultPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/natter/history.json")
        #expect(InputHistory.defaultPath(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"])
                == "/h/.local/state/natter/history.json")
    }

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("natter-history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
