import Testing
@testable import IRCProtocol

struct IRCMessageSplitterTests {
    static let me = "natter!~natter@user.example.org"

    /// Every produced line, relayed with our source, fits 512 bytes with CR LF.
    func relayedLength(_ m: IRCMessage) throws -> Int {
        var relayed = m
        relayed.source = Self.me
        return try relayed.validatedSerialization().utf8.count + 2
    }

    @Test func shortTextIsOneLine() throws {
        let lines = try IRCMessageSplitter.messages(target: "#c", text: "hello", ownSource: Self.me)
        #expect(lines == [IRCMessage(command: "PRIVMSG", parameters: ["#c", "hello"])])
    }

    @Test func longTextBreaksAtSpacesAndFits() throws {
        let words = (0..<200).map { "word\($0)" }
        let text = words.joined(separator: " ")
        let lines = try IRCMessageSplitter.messages(command: "NOTICE", target: "#natter", text: text, ownSource: Self.me)
        #expect(lines.count > 1)
        for (index, line) in lines.enumerated() {
            #expect(try relayedLength(line) <= 512)
            #expect(line.command == "NOTICE")
            if index < lines.count - 1 { #expect(try relayedLength(line) > 500) }  // filled, not cut early
        }
        #expect(lines.map { $0.parameters[1] }.joined(separator: " ") == text)
    }

    @Test func neverBreaksInsideGraphemeClusters() throws {
        let family = "👨‍👩‍👧‍👦"   // 25 bytes, one grapheme cluster
        let text = String(repeating: family + "é", count: 60)
        let pieces = try IRCMessageSplitter.split(text, maxBytes: 100)
        #expect(pieces.count > 1)
        for piece in pieces {
            #expect(piece.utf8.count <= 100)
            #expect(piece.allSatisfy { $0 == Character(family) || $0 == "é" })
        }
        #expect(pieces.joined() == text)
    }

    @Test func carriesFormattingOver() throws {
        let text = "\u{02}bold \u{03}04,02red " + String(repeating: "x ", count: 40) + "\u{1F}under " + String(repeating: "y ", count: 40)
        let pieces = try IRCMessageSplitter.split(text, maxBytes: 50)
        // `expected` follows the original text; each line must start by restoring it.
        var expected = IRCControlCodeState()
        for (index, piece) in pieces.enumerated() {
            #expect(piece.utf8.count <= 50)
            var content = Substring(piece)
            if index > 0 {
                let restoring = expected.restoringCodes(before: nil)
                #expect(piece.hasPrefix(restoring))
                var fresh = IRCControlCodeState()
                fresh.consume(Array(restoring.utf8))
                #expect(fresh == expected)
                content = content.dropFirst(restoring.count)
                if content.hasPrefix("\u{02}\u{02}") { content = content.dropFirst(2) }
            }
            expected.consume(Array(content.utf8))
        }
        #expect(pieces[1].hasPrefix("\u{02}\u{03}04,02"))
        #expect(pieces.last!.hasPrefix("\u{02}\u{1F}\u{03}04,02"))
    }

    @Test func neverSplitsAColourCode() throws {
        let text = String(repeating: "\u{03}12,04ab", count: 30)
        for maxBytes in 16...30 {
            for piece in try IRCMessageSplitter.split(text, maxBytes: maxBytes) {
                #expect(piece.utf8.count <= maxBytes)
                #expect(!piece.hasSuffix("\u{03}") && !piece.hasSuffix("\u{03}1") && !piece.hasSuffix(","))
            }
        }
    }

    @Test func newlinesStartNewMessagesAndActionsAreWrapped() throws {
        let lines = try IRCMessageSplitter.messages(target: "bob", text: "one\r\ntwo\n\nthree",
                                                    ownSource: Self.me, ctcpCommand: "ACTION")
        #expect(lines.map { $0.parameters[1] } == ["\u{01}ACTION one\u{01}", "\u{01}ACTION two\u{01}", "\u{01}ACTION three\u{01}"])
    }

    @Test func noRoomIsAnError() {
        #expect(throws: IRCSplitError.noRoomForText(availableBytes: 15)) {
            try IRCMessageSplitter.split("hello", maxBytes: 15)
        }
        #expect(throws: IRCSplitError.self) {
            try IRCMessageSplitter.messages(target: String(repeating: "#", count: 500), text: "x", ownSource: Self.me)
        }
    }

    @Test func honoursLineLength() throws {
        let text = String(repeating: "abc ", count: 500)
        let lines = try IRCMessageSplitter.messages(target: "#c", text: text, ownSource: Self.me, lineLength: 1024)
        for line in lines {
            var relayed = line
            relayed.source = Self.me
            #expect(relayed.serialized().utf8.count + 2 <= 1024)
        }
        #expect(lines.count == 3)   // 2000 bytes of text, about 970 per line
    }
}
