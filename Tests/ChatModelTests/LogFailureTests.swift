import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// A full disk or an unwritable logs folder: said once, the chat goes on, nothing shown is
/// lost, and the lines waiting are written, in order, once the logs can be written again.
struct LogFailureTests {
    /// A model in #c whose day file was written once and is now on a full disk (/dev/full
    /// answers every write with ENOSPC); `recv` hands it server lines.
    struct FullDisk {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("natter-logfail-\(UUID().uuidString)")
        let noon = Date(timeIntervalSince1970: 1_704_110_400)
        let logs: LogStore
        let model: ChatModel
        let file: URL

        init() throws {
            logs = LogStore(root: root, timeZone: LocalZone.utc)
            model = ChatModel(logs: logs)
            model.addNetwork(name: "N", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
            file = logs.fileURL(network: "N", buffer: "#c", date: noon)
            _ = model.handle(.connected(now: SessionTime(monotonic: 0, wall: noon)), network: "N")
            recv(":srv 001 me :Welcome")
            recv(":me!u@h JOIN #c")
            logs.closeAll()
            try FileManager.default.removeItem(at: file)
            try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/dev/full")
        }

        func recv(_ line: String) {
            _ = model.handle(.received(try! IRCMessage(parsing: line), now: SessionTime(monotonic: 0, wall: noon)), network: "N")
        }
    }

    @Test func aFullDiskIsSaidOnceAndTheLinesAreWrittenLater() throws {
        let disk = try FullDisk()
        defer { try? FileManager.default.removeItem(at: disk.root) }
        let (logs, model, file, noon) = (disk.logs, disk.model, disk.file, disk.noon)
        func recv(_ line: String) { disk.recv(line) }
        for k in 1...3 { recv("@time=2024-01-01T12:00:0\(k).000Z :bob!b@h PRIVMSG #c :line \(k)") }
        let server = try #require(model.network("N")?.serverBuffer)
        let warnings = server.lines.filter { $0.text.hasPrefix("Cannot write the logs") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.kind == .error)
        #expect(warnings.first?.text.contains("No space left on device") == true, "\(warnings)")
        // Nothing shown is lost.
        #expect(model.network("N")?.buffer(named: "#c")?.lines.filter(\.isMessage).map(\.text) == ["line 1", "line 2", "line 3"])
        // Space again: the next line writes the waiting ones first, in order.
        try FileManager.default.removeItem(at: file)
        recv("@time=2024-01-01T12:00:09.000Z :bob!b@h PRIVMSG #c :line 4")
        logs.closeAll()
        let written = logs.writtenLines(network: "N", buffer: "#c", on: noon).filter { $0.contains("<bob>") }
        #expect(written.map { String($0.dropFirst(9)) } == ["<bob> line 1", "<bob> line 2", "<bob> line 3", "<bob> line 4"])
        #expect(server.lines.contains { $0.text.hasPrefix("The logs are written again") })
    }

    @Test func aBatchThatCannotBeWrittenKeepsItsLinesInOrderAndSaysSoOnce() throws {
        let disk = try FullDisk()
        defer { try? FileManager.default.removeItem(at: disk.root) }
        let (logs, model, file, noon) = (disk.logs, disk.model, disk.file, disk.noon)
        func recv(_ line: String) { disk.recv(line) }
        model.batchingLogs {
            for k in 1...3 { recv("@time=2024-01-01T12:00:0\(k).000Z :bob!b@h PRIVMSG #c :line \(k)") }
            #expect(model.network("N")?.serverBuffer.lines.contains { $0.text.hasPrefix("Cannot write the logs") } == false,
                    "inside the batch nothing was written yet")
        }
        let server = try #require(model.network("N")?.serverBuffer)
        let warnings = server.lines.filter { $0.text.hasPrefix("Cannot write the logs") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.text.contains("No space left on device") == true, "\(warnings)")
        try FileManager.default.removeItem(at: file)
        model.batchingLogs { recv("@time=2024-01-01T12:00:09.000Z :bob!b@h PRIVMSG #c :line 4") }
        let written = logs.writtenLines(network: "N", buffer: "#c", on: noon).filter { $0.contains("<bob>") }
        #expect(written.map { String($0.dropFirst(9)) } == ["<bob> line 1", "<bob> line 2", "<bob> line 3", "<bob> line 4"])
        #expect(server.lines.contains { $0.text.hasPrefix("The logs are written again") })
    }

    @Test func aTickRetriesWithoutWaitingForTheNextLine() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("natter-logfail-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        // The logs folder is a file: nothing can be created under it.
        try Data().write(to: root)
        let logs = LogStore(root: root, timeZone: LocalZone.utc)
        let model = ChatModel(logs: logs)
        model.addNetwork(name: "N", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
        let now = SessionTime(monotonic: 0, wall: Date(timeIntervalSince1970: 1_704_110_400))
        _ = model.handle(.connected(now: now), network: "N")
        _ = model.handle(.received(try IRCMessage(parsing: ":srv 001 me :Welcome"), now: now), network: "N")
        #expect(model.network("N")?.serverBuffer.lines.contains { $0.text.hasPrefix("Cannot write the logs") } == true)
        try FileManager.default.removeItem(at: root)
        _ = model.handle(.tick(now: now), network: "N")
        #expect(model.network("N")?.serverBuffer.lines.contains { $0.text.hasPrefix("The logs are written again") } == true)
        #expect(FileManager.default.fileExists(atPath: root.path))
    }
}

/// A password typed to NickServ (and its kind) is never on screen nor in a log.
struct ServicePasswordTests {
    @Test func ourIdentifyIsMaskedOnScreenAndInTheLog() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("natter-nickserv-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let logs = LogStore(root: root, timeZone: LocalZone.utc)
        let model = ChatModel(logs: logs)
        model.addNetwork(name: "N", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
        let now = SessionTime(monotonic: 0, wall: Date(timeIntervalSince1970: 1_704_110_400))
        _ = model.handle(.connected(now: now), network: "N")
        for line in [":srv 001 me :Welcome", ":srv 376 me :End"] {
            _ = model.handle(.received(try IRCMessage(parsing: line), now: now), network: "N")
        }
        let out = model.handle(.intent(.sendMessage(target: "NickServ", text: "IDENTIFY me hunter2"), now: now), network: "N")
        #expect(out.map { $0.serialized() } == ["PRIVMSG NickServ :IDENTIFY me hunter2"])   // the server gets it
        _ = model.handle(.intent(.sendMessage(target: "nickserv", text: "set password newsecret"), now: now), network: "N")
        _ = model.handle(.intent(.sendMessage(target: "#c", text: "identify is a word"), now: now), network: "N")
        let shown = model.network("N")!.buffers.flatMap(\.lines).map(\.text)
        #expect(shown.contains("IDENTIFY ********"))
        #expect(shown.contains("set password ********"))
        #expect(!shown.contains { $0.contains("hunter2") || $0.contains("newsecret") })
        logs.closeAll()
        let logged = logs.writtenLines(network: "N", buffer: "nickserv", on: now.wall).joined(separator: "\n")
        #expect(logged.contains("IDENTIFY ********") && !logged.contains("hunter2") && !logged.contains("newsecret"), "\(logged)")
    }
}
