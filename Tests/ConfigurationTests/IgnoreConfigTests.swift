@testable import Configuration
import ChatModel
import Foundation
import Testing

/// `[ignores]` written by `/ignore` (``ConfigWriter/setIgnores(_:in:)``) and read back: the
/// user's other lines and comments kept, bad entries refused with their line, lapsed ones
/// dropped when the list is built.
struct IgnoreConfigTests {
    func temporaryPath() throws -> (URL, String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("natter-ign-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return (dir, dir.appendingPathComponent("config.toml").path)
    }

    @Test func entriesAreWrittenInPlaceKeepingTheRest() throws {
        let (dir, path) = try temporaryPath()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = """
            # my settings
            [ignores]   # people
            masks = ["old!*@*"]   # to be replaced
            # a comment after

            [highlights]
            keywords = ["natter"]

            """
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        let until = Date(timeIntervalSince1970: 1_764_309_600)
        let entries = [IgnoreEntry(mask: "bob"), IgnoreEntry(mask: "$a:troll", levels: [.joins, .parts], network: "Libera", expires: until)]
        try ConfigWriter.setIgnores(entries.map(\.configText), in: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == """
            # my settings
            [ignores]   # people
            masks = [
                "bob!*@*",
                "$a:troll JOINS PARTS -network Libera -until 2025-11-28T06:00:00Z",
            ]   # to be replaced
            # a comment after

            [highlights]
            keywords = ["natter"]

            """)
        let config = try ConfigLoader.load(path: path)
        #expect(config.highlightKeywords == ["natter"])
        #expect(config.ignores(at: until.addingTimeInterval(-1)).entries == entries)
        // Lapsed at the next start: dropped.
        #expect(config.ignores(at: until).entries == [entries[0]])
        // Written again over the list of several lines; then to none.
        try ConfigWriter.setIgnores(["carol!*@*"], in: path)
        #expect(try ConfigLoader.load(path: path).ignoreMasks == ["carol!*@*"])
        try ConfigWriter.setIgnores([], in: path)
        let emptied = try String(contentsOfFile: path, encoding: .utf8)
        // The user's comment on the line stays with the value (TOMLEditor changes the value only).
        #expect(emptied.contains("[ignores]   # people\nmasks = []   # to be replaced\n# a comment after"))
        #expect(try ConfigLoader.load(path: path).ignoreMasks.isEmpty)
    }

    /// A file without `[ignores]` gets one at its end; a missing file is created private.
    @Test func theTableOrTheFileIsAdded() throws {
        let (dir, path) = try temporaryPath()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "# mine\n[typing]\nsend = false\n".write(toFile: path, atomically: true, encoding: .utf8)
        try ConfigWriter.setIgnores(["ada!*@* MSGS"], in: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# mine\n[typing]\nsend = false\n\n[ignores]\nmasks = [\"ada!*@* MSGS\"]\n")
        let config = try ConfigLoader.load(path: path)
        #expect(config.sendTyping == false && config.ignoreMasks == ["ada!*@* MSGS"])
        let fresh = dir.appendingPathComponent("sub/config.toml").path
        try ConfigWriter.setIgnores(["ada"], in: fresh)
        #expect(try ConfigLoader.load(path: fresh).ignoreMasks == ["ada"])
        #expect(try FileManager.default.attributesOfItem(atPath: fresh)[.posixPermissions] as? Int == 0o600)
    }

    /// A file that does not read is not touched (the app runs on the last one that worked).
    @Test func aBrokenFileIsLeftAsItIs() throws {
        let (dir, path) = try temporaryPath()
        defer { try? FileManager.default.removeItem(at: dir) }
        let broken = "[ignores]\nmasks = [\"old\"]\n[theme\nfont_size = 12\n"
        try broken.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) { try ConfigWriter.setIgnores(["ada!*@*"], in: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == broken)
    }

    /// A bad entry stops the start with the file, the line, the entry and what is wrong.
    @Test(arguments: [
        ("[ignores]\nmasks = [\"ok\", \"bob SHOUTS\"]\n", 2, "entry 2, \"bob SHOUTS\": SHOUTS is not a level"),
        ("# x\n[ignores]\nmasks = [\n  \"bob -until tomorrow\",\n]\n", 3, "-until needs a UTC time"),
        ("[ignores]\nmasks = [\"bob -time 10m\"]\n", 2, "-time is not a level"),
        ("[ignores]\nmasks = [\"bob -network\"]\n", 2, "-network needs a network name"),
    ])
    func badEntriesNameTheirLine(text: String, line: Int, message: String) {
        do {
            _ = try ConfigLoader.parse(text, file: "/home/me/.config/natter/config.toml")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.line == line && error.key == "ignores.masks", "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }
}
