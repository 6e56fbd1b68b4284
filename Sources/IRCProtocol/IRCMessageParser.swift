/// The byte-level parser behind ``IRCMessage/init(parsing:)``. It walks the UTF-8 bytes once and
/// only creates `String`s for the finished pieces, which keeps it allocation-light and fast.
enum IRCMessageParser {
    static let space: UInt8 = 0x20
    static let colon: UInt8 = 0x3A
    static let at: UInt8 = 0x40
    static let semicolon: UInt8 = 0x3B
    static let equals: UInt8 = 0x3D
    static let backslash: UInt8 = 0x5C

    static func parse(_ p: UnsafeBufferPointer<UInt8>, limits: IRCLineLimits)
        -> Result<IRCMessage, IRCParseError> {
        let n = p.count
        var i = 0
        while i < n && p[i] == space { i += 1 }
        if i == n { return .failure(.emptyLine) }

        var tags: [String: String] = [:]
        if p[i] == at {
            let tagStart = i + 1
            var j = tagStart
            while j < n && p[j] != space { j += 1 }
            if j == n { return .failure(.missingCommand) }
            let sectionBytes = j - i + 1
            if sectionBytes > limits.maxTagSectionBytes {
                return .failure(.tagsTooLong(bytes: sectionBytes, limit: limits.maxTagSectionBytes))
            }
            tags = parseTags(p, from: tagStart, to: j)
            i = j
            while i < n && p[i] == space { i += 1 }
            if i == n { return .failure(.missingCommand) }
        }

        let bodyBytes = n - i + 2
        if bodyBytes > limits.maxBodyBytes {
            return .failure(.lineTooLong(bytes: bodyBytes, limit: limits.maxBodyBytes))
        }

        var source: String?
        if p[i] == colon {
            let start = i + 1
            var j = start
            while j < n && p[j] != space { j += 1 }
            if j == n { return .failure(.missingCommand) }
            source = string(p, start, j)
            i = j
            while i < n && p[i] == space { i += 1 }
            if i == n { return .failure(.missingCommand) }
        }

        let commandStart = i
        while i < n && p[i] != space { i += 1 }
        let command = string(p, commandStart, i)

        var parameters: [String] = []
        parameters.reserveCapacity(4)
        while true {
            while i < n && p[i] == space { i += 1 }
            if i == n { break }
            if p[i] == colon {
                parameters.append(string(p, i + 1, n))
                break
            }
            let start = i
            while i < n && p[i] != space { i += 1 }
            parameters.append(string(p, start, i))
        }
        return .success(IRCMessage(tags: tags, source: source, command: command, parameters: parameters))
    }

    @inline(__always)
    static func string(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: p[start..<end]), as: UTF8.self)
    }

    /// Parses `key[=value];...` between `from` and `to` (exclusive). Empty keys are skipped; the
    /// last duplicate key wins.
    static func parseTags(_ p: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> [String: String] {
        var count = 1
        for k in from..<end where p[k] == semicolon { count += 1 }
        var tags: [String: String] = Dictionary(minimumCapacity: count)
        var i = from
        while i < end {
            let keyStart = i
            while i < end && p[i] != semicolon && p[i] != equals { i += 1 }
            let keyEnd = i
            var value = ""
            if i < end && p[i] == equals {
                i += 1
                let valueStart = i
                var escaped = false
                while i < end && p[i] != semicolon {
                    if p[i] == backslash { escaped = true }
                    i += 1
                }
                value = escaped ? unescape(p, valueStart, i) : string(p, valueStart, i)
            }
            if keyEnd > keyStart {
                tags[string(p, keyStart, keyEnd)] = value
            }
            i += 1  // skip ';'
        }
        return tags
    }

    /// Unescapes a tag value: `\:` `\s` `\\` `\r` `\n`, any other `\X` gives `X`, a lone trailing
    /// backslash is dropped.
    static func unescape(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var i = start
        while i < end {
            let b = p[i]
            if b == backslash {
                i += 1
                if i == end { break }
                switch p[i] {
                case colon: out.append(semicolon)
                case 0x73: out.append(space)        // s
                case 0x72: out.append(0x0D)         // r
                case 0x6E: out.append(0x0A)         // n
                default: out.append(p[i])           // includes "\\"
                }
            } else {
                out.append(b)
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
