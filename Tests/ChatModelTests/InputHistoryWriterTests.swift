import ChatModel
import Foundation
import Synchronization
import Testing

/// The history is written as lines are sent (a run killed later keeps them), off the caller's
/// thread, the newest history last whatever the timing.
struct InputHistoryWriterTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-writer-\(UUID().uuidString)")

    @Test func theNewestHistoryIsWhatTheFileHoldsAfterManyQuickWrites() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("state/history.json").path
        let failures = Mutex<[String]>([])
        let writer = InputHistoryWriter(path: path) { error in failures.withLock { $0.append(error.description) } }
        var history = InputHistory()
        let id = BufferID(network: "N", name: "#c")
        for k in 0..<200 {
            history.add("line \(k)", in: id)
            writer.keep(history)
        }
        // Written without the end of the run: wait for the writes, not for finish().
        let deadline = Date().addingTimeInterval(10)
        while writer.isWriting, Date() < deadline { usleep(1_000) }
        #expect(InputHistory.load(path: path) == history)
        #expect(InputHistory.load(path: path).lines(in: id).last == "line 199")
        history.add("the last", in: id)
        writer.finish(history)
        #expect(InputHistory.load(path: path).lines(in: id).last == "the last")
        #expect(failures.withLock { $0 }.isEmpty)
    }

    @Test func aWriteThatFailsIsReportedAndTheNextOneStillHappens() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A file where the folder should be: nothing can be written under it.
        let blocked = folder.appendingPathComponent("blocked")
        #expect(FileManager.default.createFile(atPath: blocked.path, contents: Data()))
        let failures = Mutex<[String]>([])
        let writer = InputHistoryWriter(path: blocked.path + "/history.json") { error in
            failures.withLock { $0.append(error.description) }
        }
        var history = InputHistory()
        history.add("hello", in: BufferID(network: "N", name: "#c"))
        writer.finish(history)
        #expect(failures.withLock { $0 }.count == 1)
        #expect(failures.withLock { $0 }.first?.contains("history.json") == true)
        writer.finish(history)
        #expect(failures.withLock { $0 }.count == 2, "a failure does not stop the writer")
    }
}
