import Scripting
import Testing

struct ScriptHeaderTests {
    @Test func aFullHeader() throws {
        let header = try ScriptHeader(parsing: """
            -- name: urllog
            -- version: 1.0
            -- author: Ada Lovelace <ada@example.org>
            -- licence: MIT
            -- description: Logs the links said in channels: every one.
            local x = 1
            -- name: ignored, the header has ended
            """, fileName: "urllog.lua")
        #expect(header == ScriptHeader(name: "urllog", version: "1.0", author: "Ada Lovelace <ada@example.org>",
                                       licence: "MIT", description: "Logs the links said in channels: every one."))
    }

    @Test func anyOrderOddSpacingAndUnknownKeys() throws {
        let header = try ScriptHeader(parsing: "\n\r\n--Version:2\r\n--   homepage : x\r\n  --  NAME  :   away-log \t\r\n"
                                      + "-- just a comment\r\n--License:GPL-3\r\nreturn 1\r\n", fileName: "away.lua")
        #expect(header == ScriptHeader(name: "away-log", version: "2", licence: "GPL-3"))
    }

    @Test func aMissingNameIsAClearError() {
        let error = #expect(throws: ScriptHeader.ParseError.self) {
            try ScriptHeader(parsing: "-- version: 1.0\n-- author: someone\nlocal name = 'x'\n-- name: late\n", fileName: "noname.lua")
        }
        #expect(error?.description == "noname.lua: the header names no script: its first comment lines need one like `-- name: urllog`")
        #expect(throws: ScriptHeader.ParseError.self) { try ScriptHeader(parsing: "", fileName: "empty.lua") }
        #expect(throws: ScriptHeader.ParseError.self) { try ScriptHeader(parsing: "-- name:\n", fileName: "blank.lua") }
        #expect(throws: ScriptHeader.ParseError.self) { try ScriptHeader(parsing: "-- name: two words\n", fileName: "space.lua") }
    }
}
