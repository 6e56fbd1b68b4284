import Testing
@testable import IRCProtocol

struct IRCMessageTests {
    @Test func parsesTypicalChannelMessage() throws {
        let line = "@time=2024-01-01T00:00:00.000Z;msgid=abc;account=alice :alice!~a@host.example PRIVMSG #natter :hello: world"
        let m = try IRCMessage(parsing: line)
        #expect(m.tags == ["time": "2024-01-01T00:00:00.000Z", "msgid": "abc", "account": "alice"])
        #expect(m.parsedSource == IRCSource(nick: "alice", user: "~a", host: "host.example"))
        #expect(m.command == "PRIVMSG")
        #expect(m.parameters == ["#natter", "hello: world"])
    }

    @Test func malformedLinesAreErrors() {
        #expect(throws: IRCParseError.emptyLine) { try IRCMessage(parsing: "") }
        #expect(throws: IRCParseError.emptyLine) { try IRCMessage(parsing: "    ") }
        #expect(throws: IRCParseError.missingCommand) { try IRCMessage(parsing: "@a=b") }
        #expect(throws: IRCParseError.missingCommand) { try IRCMessage(parsing: "@a=b :src") }
        #expect(throws: IRCParseError.missingCommand) { try IRCMessage(parsing: ":src   ") }
    }

    @Test func unescapesTagValuesCharacterByCharacter() throws {
        let m = try IRCMessage(parsing: #"@a=\\s;b=x\;c=\q\ CMD"#)
        #expect(m.tags["a"] == #"\s"#)      // "\\" then "s", not "\s" → space
        #expect(m.tags["b"] == "x")         // "\;" is not a tag separator inside the value
        #expect(m.tags["c"] == "q")         // unknown escape keeps the character, trailing "\" dropped
    }

    @Test func incomingLimits() throws {
        let tags = "@" + String(repeating: "a", count: 8189) + " "    // exactly 8191 bytes
        let body = "CMD :" + String(repeating: "x", count: 505)        // 510 + CR LF = 512
        #expect(try IRCMessage(parsing: tags + body).parameters.first?.utf8.count == 505)
        #expect(throws: IRCParseError.tagsTooLong(bytes: 8192, limit: 8191)) {
            try IRCMessage(parsing: "@a" + tags.dropFirst() + body)
        }
        #expect(throws: IRCParseError.lineTooLong(bytes: 513, limit: 512)) {
            try IRCMessage(parsing: tags + body + "y")
        }
        #expect(try IRCMessage(parsing: body + "y", limits: .incoming(lineLength: 1024)).command == "CMD")
    }

    @Test func serializationUsesTrailingColonOnlyWhenNeeded() {
        #expect(IRCMessage(command: "PRIVMSG", parameters: ["#a", "hi"]).serialized() == "PRIVMSG #a hi")
        #expect(IRCMessage(command: "PRIVMSG", parameters: ["#a", "hi there"]).serialized() == "PRIVMSG #a :hi there")
        #expect(IRCMessage(command: "PRIVMSG", parameters: ["#a", ":)"]).serialized() == "PRIVMSG #a ::)")
        #expect(IRCMessage(command: "AWAY", parameters: [""]).serialized() == "AWAY :")
        #expect(IRCMessage(tags: ["+typing": "active", "b": ""], command: "TAGMSG", parameters: ["#a"]).serialized()
                == "@+typing=active;b TAGMSG #a")
    }

    @Test func unsendableMessagesAreErrors() {
        #expect(throws: IRCSerializationError.emptyCommand) {
            try IRCMessage(command: "").validatedSerialization()
        }
        #expect(throws: IRCSerializationError.forbiddenCharacter(parameterIndex: 1)) {
            try IRCMessage(command: "PRIVMSG", parameters: ["#a", "hi\r\nQUIT"]).validatedSerialization()
        }
        #expect(throws: IRCSerializationError.forbiddenCharacter(parameterIndex: 0)) {
            try IRCMessage(command: "PRIVMSG", parameters: ["#a\0", "hi"]).validatedSerialization()
        }
        #expect(throws: IRCSerializationError.invalidMiddleParameter(parameterIndex: 0)) {
            try IRCMessage(command: "PRIVMSG", parameters: ["#a b", "hi"]).validatedSerialization()
        }
        #expect(throws: IRCSerializationError.invalidMiddleParameter(parameterIndex: 0)) {
            try IRCMessage(command: "PRIVMSG", parameters: ["", "hi"]).validatedSerialization()
        }
        #expect(throws: IRCSerializationError.invalidCommand("PRIV MSG")) {
            try IRCMessage(command: "PRIV MSG").validatedSerialization()
        }
        #expect(throws: IRCSerializationError.invalidTagKey("a=b")) {
            try IRCMessage(tags: ["a=b": "c"], command: "PING").validatedSerialization()
        }
        #expect(throws: IRCSerializationError.lineTooLong(bytes: 513, limit: 512)) {
            try IRCMessage(command: "PRIVMSG", parameters: ["#a", String(repeating: "x", count: 500)])
                .validatedSerialization()
        }
        let bigTags = ["+x": String(repeating: "y", count: 4090)]   // "@+x=" + 4090 + " " = 4095
        #expect(throws: IRCSerializationError.tagsTooLong(bytes: 4095, limit: 4094)) {
            try IRCMessage(tags: bigTags, command: "TAGMSG", parameters: ["#a"]).validatedSerialization()
        }
    }

    @Test func serializedNeverEmitsLineBreaks() throws {
        let line = IRCMessage(command: "PRIVMSG", parameters: ["#a", "hi\r\nQUIT :bye\0"]).serialized()
        #expect(!line.contains("\r") && !line.contains("\n") && !line.contains("\0"))
        #expect(try IRCMessage(parsing: line).command == "PRIVMSG")
    }

    @Test func sourceWithoutUserOrHost() {
        #expect(IRCSource(parsing: "irc.example.com") == IRCSource(nick: "irc.example.com"))
        #expect(IRCSource(parsing: "") == IRCSource(nick: ""))
        #expect(IRCSource(parsing: "a!b!c@d@e") == IRCSource(nick: "a", user: "b!c", host: "d@e"))
    }
}
