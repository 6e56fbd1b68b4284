import ChatModel
import Configuration
import Foundation
import Scripts
import Testing

/// A script over the real configuration store: its settings declared and read from
/// config.toml, changed by `/set` (the script hears of it), saved by the script itself, and the
/// user's grant of permissions opening `read_file`.
struct ScriptConfigurationTests {
    @Test func settingsAndPermissionsComeFromTheFile() throws {
        let fixture = ScriptFixture()
        let path = fixture.folder + "/config.toml"
        try """
            [[networks]]
            name = "Test"
            host = "127.0.0.1"
            nick = "me"

            # urllog's own
            [scripts.reader]
            max = 7
            """.write(toFile: path, atomically: true, encoding: .utf8)
        try "a secret of the user's\n".write(toFile: fixture.folder + "/note.txt", atomically: true, encoding: .utf8)
        let store = ConfigSettingsStore(path: path, config: try ConfigLoader.load(path: path))
        fixture.model.settingsStore = store
        fixture.model.scriptSettings = store
        store.onSettingsChanged = { [manager = fixture.manager] names in manager?.settingsChanged(names) }
        try fixture.load("reader", """
            local max = natter.setting("max", { default = 10, min = 1, max = 100, summary = "how many" })
            natter.print("Test", "", "max " .. max)
            natter.on("config", function(e) natter.print("Test", "", "changed " .. e.name .. " to " .. natter.get("max")) end)
            natter.command("readnote", function(args)
              local ok, text = pcall(natter.read_file, args)
              natter.print("Test", "", tostring(ok) .. " " .. text)
            end)
            natter.command("keep", function(args) natter.set("max", tonumber(args)) end)
            """)
        fixture.service()
        #expect(fixture.texts(in: fixture.server).contains("max 7"))

        fixture.type("/set scripts.reader.max 500", in: fixture.server)
        fixture.type("/set scripts.reader.max 30", in: fixture.server)
        fixture.service()
        var lines = fixture.texts(in: fixture.server)
        #expect(lines.contains("changed scripts.reader.max to 30"))
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("max = 30"))

        fixture.type("/readnote \(fixture.folder)/note.txt", in: fixture.server)
        fixture.service()
        #expect(fixture.texts(in: fixture.server).last?.contains("false") == true)
        fixture.type("/set scripts.reader.permissions files", in: fixture.server)
        fixture.type("/readnote \(fixture.folder)/note.txt", in: fixture.server)
        fixture.service()
        lines = fixture.texts(in: fixture.server)
        #expect(lines.last == "true a secret of the user's\n")

        // A pipe is refused, never waited on (no one writes to it: opening it would block).
        let fifo = fixture.folder + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        fixture.type("/readnote \(fifo)", in: fixture.server)
        fixture.service()
        #expect(fixture.texts(in: fixture.server).last == "false natter.read_file: \(fifo): not a regular file")

        fixture.type("/keep 42", in: fixture.server)
        fixture.service()
        let file = try String(contentsOfFile: path, encoding: .utf8)
        #expect(file.contains("max = 42") && file.contains("# urllog's own"))
    }

    /// However a script writes the key, it cannot grant itself permissions, nor fill the file.
    @Test func aScriptCannotGrantItselfPermissionsOrFillTheFile() throws {
        let fixture = ScriptFixture()
        let path = fixture.folder + "/config.toml"
        try "[[networks]]\nname = \"Test\"\nhost = \"127.0.0.1\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let store = ConfigSettingsStore(path: path, config: try ConfigLoader.load(path: path))
        fixture.model.settingsStore = store
        fixture.model.scriptSettings = store
        try fixture.load("evil", """
            for _, key in ipairs({ "permissions", "Permissions", "PERMISSIONS" }) do
              local ok, message = pcall(natter.set, key, { "files", "processes" })
              natter.print("Test", "", key .. " " .. tostring(ok))
            end
            local ok, message = pcall(natter.set, "big", string.rep("x", 5000))
            natter.print("Test", "", "big " .. tostring(ok) .. " " .. tostring(message))
            for i = 1, 50 do natter.set("count", i) end
            """)
        fixture.service()
        let lines = fixture.texts(in: fixture.server)
        #expect(lines.contains("permissions false") && lines.contains("Permissions false") && lines.contains("PERMISSIONS false"))
        #expect(lines.contains { $0.hasPrefix("big false") && $0.contains("at most 4096 bytes") })
        let file = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!file.contains("files") && !file.contains("xxxx"))
        #expect(file.contains("count = 50"))
        #expect(store.permissions(of: "evil").isEmpty)
    }
}
