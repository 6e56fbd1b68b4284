import Foundation
import FoundationExtras
import Testing

/// The debug log: lines appended with their time, one per message, and a bound that starts
/// the file again keeping the one before.
struct DebugLogTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("natter-debuglog-\(UUID().uuidString)")

    @Test func linesAreAppendedAndBounded() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("state/natter/debug.log").path
        let log = DebugLog(path: path, byteLimit: 400)
        log.write("previews: https://example.org/a: the page has no title\nor description")
        var text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix(" previews: https://example.org/a: the page has no title or description\n"))
        #expect(text.hasPrefix("20"))
        for i in 0..<20 { log.write("line \(i)") }
        text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.utf8.count <= 400)
        #expect(text.contains("line 19"))
        #expect(FileManager.default.fileExists(atPath: path + ".1"))
    }

    @Test func theStandardLogFollowsTheEnvironment() {
        #expect(DebugLog.standard(["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"]).path == "/x/state/natter/debug.log")
        #expect(DebugLog.standard(["XDG_STATE_HOME": "relative", "HOME": "/home/u"]).path == "/home/u/.local/state/natter/debug.log")
    }
}
