/// Why a text could not be split into sendable lines.
public enum IRCSplitError: Error, Hashable, Sendable {
    /// The command, target and our own source leave fewer than 16 bytes for text in a line
    /// (16 bytes always hold the longest colour code).
    case noRoomForText(availableBytes: Int)
}

/// Splits long PRIVMSG / NOTICE texts into lines that fit the server's line length once the server
/// relays them with our `nick!user@host` in front.
///
/// Lines break only between grapheme clusters and never inside a colour code, prefer the last
/// space that fits (the space itself is not sent), and a continuation line starts with the control
/// codes that restore the mIRC formatting active at the break. Line breaks in the text (LF, CR LF)
/// start a new message; empty lines are skipped, since servers reject empty messages.
public enum IRCMessageSplitter {
    /// Builds the messages for `text` sent to `target`.
    ///
    /// - Parameters:
    ///   - command: `PRIVMSG` or `NOTICE`.
    ///   - ownSource: our `nick!user@host` as the server will relay it.
    ///   - lineLength: the line limit including CR LF (512, or the server's LINELEN).
    ///   - ctcpCommand: wrap each line as this CTCP command, e.g. `ACTION` for `/me`.
    public static func messages(command: String = "PRIVMSG", target: String, text: String,
                                ownSource: String, lineLength: Int = 512,
                                ctcpCommand: String? = nil) throws(IRCSplitError) -> [IRCMessage] {
        // ":" source " " command " " target " :" text CR LF
        var overhead = 1 + ownSource.utf8.count + 1 + command.utf8.count + 1 + target.utf8.count + 2 + 2
        if let ctcpCommand { overhead += 2 + ctcpCommand.utf8.count + 1 }
        let chunks = try split(text, maxBytes: lineLength - overhead)
        return chunks.map { chunk in
            let body = ctcpCommand.map { "\u{01}\($0) \(chunk)\u{01}" } ?? chunk
            return IRCMessage(command: command, parameters: [target, body])
        }
    }

    /// Splits `text` into pieces of at most `maxBytes` UTF-8 bytes each (formatting codes that
    /// restore the active style included), following the rules above.
    public static func split(_ text: String, maxBytes: Int) throws(IRCSplitError) -> [String] {
        guard maxBytes >= 16 else { throw .noRoomForText(availableBytes: maxBytes) }
        var pieces: [String] = []
        // "\r\n" is one Character, so it is listed with the bare terminators.
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            splitLine(line, maxBytes: maxBytes, into: &pieces)
        }
        return pieces
    }

    private static func splitLine(_ line: Substring, maxBytes: Int, into pieces: inout [String]) {
        let bytes = Array(line.utf8)
        let breakable = breakOffsets(line, bytes: bytes)
        var state = IRCControlCodeState()
        var start = 0
        while start < bytes.count {
            var prefix = state.restoringCodes(before: bytes[start])
            var firstUnitEnd = start + 1
            while !breakable[firstUnitEnd] { firstUnitEnd += 1 }
            // Carrying the formatting over must leave room for at least one unit of text.
            if prefix.utf8.count + firstUnitEnd - start > maxBytes { prefix = "" }
            let budget = maxBytes - prefix.utf8.count
            var end: Int
            var next: Int
            if bytes.count - start <= budget {
                end = bytes.count
                next = end
            } else if firstUnitEnd - start > budget {
                // One grapheme cluster larger than a whole line: break at a scalar boundary.
                end = scalarBoundary(bytes, atMost: start + budget, after: start)
                next = end
            } else {
                // Last allowed break point that fits (there is one: firstUnitEnd).
                end = start + budget
                while !breakable[end] { end -= 1 }
                // Prefer the last space in the piece (not at its very start).
                var s = end - 1
                while s > start && !(bytes[s] == 0x20 && breakable[s]) { s -= 1 }
                next = end
                if s > start {
                    end = s
                    next = (s + 1 < bytes.count && breakable[s + 1]) ? s + 1 : s
                }
            }
            let pieceBytes = bytes[start..<end]
            let piece = prefix + String(decoding: pieceBytes, as: UTF8.self)
            if !pieceBytes.isEmpty { pieces.append(piece) }
            state.consume(pieceBytes)
            start = next
        }
    }

    /// `result[k]` is true when a piece may end at byte offset `k`: a grapheme boundary that is
    /// not inside a colour code.
    static func breakOffsets(_ line: Substring, bytes: [UInt8]) -> [Bool] {
        var breakable = [Bool](repeating: false, count: bytes.count + 1)
        let base = line.utf8.startIndex
        for index in line.indices {
            breakable[line.utf8.distance(from: base, to: index)] = true
        }
        breakable[bytes.count] = true
        var i = 0
        while i < bytes.count {
            let length = IRCControlCodeState.codeLength(bytes, at: i)
            if length > 1 { for k in (i + 1)..<(i + length) { breakable[k] = false } }
            i += length
        }
        return breakable
    }

    /// The largest scalar boundary in `(start, limit]`, or the end of the first scalar.
    static func scalarBoundary(_ bytes: [UInt8], atMost limit: Int, after start: Int) -> Int {
        var k = min(limit, bytes.count)
        while k > start + 1 && k < bytes.count && (bytes[k] & 0xC0) == 0x80 { k -= 1 }
        if k > start { return k }
        var e = start + 1
        while e < bytes.count && (bytes[e] & 0xC0) == 0x80 { e += 1 }
        return e
    }
}
