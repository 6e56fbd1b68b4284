@testable import Configuration
import ChatModel
import Testing

/// `[scripts.NAME]` tables read from config.toml: each script's values, its permissions, and
/// what cannot be one, named by file, line and key.
struct ScriptSettingsReadingTests {
    /// A file with one script's table, as a person writes it.
    static let file = """
        [[networks]]
        name = "Libera"
        host = "irc.libera.chat"
        nick = "me"

        # my scripts
        [scripts.urllog]
        max = 20          # links kept
        ignore = ["bot"]
        colour = "blue"   # not declared by the script
        permissions = ["files"]
        """

    func parseError(_ text: String) -> ConfigError? {
        do { _ = try ConfigLoader.parse(text, file: "c.toml") } catch { return error }
        return nil
    }

    @Test func theFileIsReadWithItsPermissions() throws {
        let config = try ConfigLoader.parse(Self.file + "\n[scripts.other]\nratio = 0.5\non = true\n", file: "c.toml")
        #expect(config.scripts["urllog"] == ["max": .integer(20), "ignore": .list(["bot"]), "colour": .text("blue")])
        #expect(config.scripts["other"] == ["ratio": .number(0.5), "on": .bool(true)])
        #expect(config.scriptPermissions == ["urllog": [.files]])
        #expect(try ConfigLoader.parse("[scripts.quiet]\n", file: "c.toml").scripts == ["quiet": [:]])
    }

    @Test func aValueNoScriptCanHoldIsNamedWithItsLine() throws {
        let nested = try #require(parseError("[scripts.a]\nok = 1\nbad = { x = 1 }\n"))
        #expect(nested.file == "c.toml" && nested.line == 3 && nested.key == "scripts.a.bad")
        #expect(nested.message.contains("true or false, a number, text in quotes or a list of texts"))
        let mixed = try #require(parseError("[scripts.a]\nlist = [\"a\", 2]\n"))
        #expect(mixed.line == 2 && mixed.key == "scripts.a.list")
        #expect(parseError("[scripts.a]\nwhen = 1979-05-27\n")?.key == "scripts.a.when")
        #expect(parseError("[scripts.\"my script\"]\nx = 1\n")?.message.contains("letters, digits, - and _") == true)
    }

    @Test func permissionsTakeOnlyTheirWords() throws {
        #expect(try ConfigLoader.parse("[scripts.a]\npermissions = [\"files\", \"processes\"]\n", file: "c.toml")
            .scriptPermissions["a"] == [.files, .processes])
        let wrong = try #require(parseError("[scripts.a]\n\npermissions = [\"network\"]\n"))
        #expect(wrong.line == 3 && wrong.key == "scripts.a.permissions")
        #expect(wrong.message == "holds \"network\": a permission is one of files, processes")
        #expect(parseError("[scripts.a]\npermissions = \"files\"\n")?.message.contains("must be a list of files, processes") == true)
    }

    @Test func aChangeInScriptsNeedsNoRestartNorReconnect() throws {
        let old = try ConfigLoader.parse(Self.file, file: "c.toml")
        let new = try ConfigLoader.parse(Self.file.replacing("max = 20", with: "max = 30"), file: "c.toml")
        let changes = ConfigChanges(from: old, to: new)
        #expect(changes.settings == [.scripts] && changes.needRestart.isEmpty && changes.reconnect.isEmpty && changes.inPlace.isEmpty)
        let granted = try ConfigLoader.parse(Self.file.replacing("[\"files\"]", with: "[\"files\", \"processes\"]"), file: "c.toml")
        #expect(ConfigChanges(from: old, to: granted).settings == [.scripts])
    }
}
