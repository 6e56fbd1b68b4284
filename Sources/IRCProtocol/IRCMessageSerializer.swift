extension IRCMessage {
    /// The line for this message, without CR LF.
    ///
    /// Tags are written in key order with escaped values (an empty value as a bare key), and the
    /// last parameter gets a `:` exactly when it needs one (empty, contains a space, or starts
    /// with `:`).
    ///
    /// This never fails. For a message that cannot be sent (see ``validatedSerialization(limits:)``)
    /// the result is still a single line: every CR, LF and NUL is replaced by a space, so it can
    /// never smuggle a second command, but it may not parse back to the same message and is not
    /// checked against any length limit. Code that writes to a server should call
    /// ``validatedSerialization(limits:)`` instead.
    public func serialized() -> String {
        let line = render()
        guard line.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) else { return line }
        return String(decoding: line.utf8.map { ($0 == 0x0D || $0 == 0x0A || $0 == 0x00) ? 0x20 : $0 },
                      as: UTF8.self)
    }

    /// The line for this message (without CR LF), or an error when the message cannot be sent:
    /// an empty or malformed command, a malformed source or tag key, CR/LF/NUL in a parameter, a
    /// non-final parameter that is empty, contains a space or starts with `:`, or a line longer
    /// than `limits` (by default 4094 bytes of tags plus 512 bytes including CR LF).
    public func validatedSerialization(limits: IRCLineLimits = .outgoing) throws(IRCSerializationError) -> String {
        try validate()
        let line = render()
        let tagBytes = tagSectionByteCount(of: line)
        if tagBytes > limits.maxTagSectionBytes {
            throw .tagsTooLong(bytes: tagBytes, limit: limits.maxTagSectionBytes)
        }
        let bodyBytes = line.utf8.count - tagBytes + 2
        if bodyBytes > limits.maxBodyBytes {
            throw .lineTooLong(bytes: bodyBytes, limit: limits.maxBodyBytes)
        }
        return line
    }

    private func tagSectionByteCount(of line: String) -> Int {
        guard !tags.isEmpty, let space = line.utf8.firstIndex(of: 0x20) else { return 0 }
        return line.utf8.distance(from: line.utf8.startIndex, to: space) + 1
    }

    private static func isForbidden(_ b: UInt8) -> Bool { b == 0x0D || b == 0x0A || b == 0x00 }

    private func validate() throws(IRCSerializationError) {
        if command.isEmpty { throw .emptyCommand }
        if command.utf8.contains(where: { Self.isForbidden($0) || $0 == 0x20 })
            || command.utf8.first == 0x3A || command.utf8.first == 0x40 {
            throw .invalidCommand(command)
        }
        if let source, source.isEmpty || source.utf8.contains(where: { Self.isForbidden($0) || $0 == 0x20 }) {
            throw .invalidSource(source)
        }
        for key in tags.keys where !Self.isValidTagKey(key) {
            throw .invalidTagKey(key)
        }
        for (index, parameter) in parameters.enumerated() {
            if parameter.utf8.contains(where: Self.isForbidden) {
                throw .forbiddenCharacter(parameterIndex: index)
            }
            if index < parameters.count - 1 && Self.needsTrailingColon(parameter) {
                throw .invalidMiddleParameter(parameterIndex: index)
            }
        }
    }

    /// Tag keys: an optional `+`, an optional vendor ending in `/`, then letters, digits and `-`.
    /// This checks the characters only (letters, digits, `-`, `.`, `/`, and a leading `+`).
    static func isValidTagKey(_ key: String) -> Bool {
        guard !key.isEmpty else { return false }
        for (offset, b) in key.utf8.enumerated() {
            switch b {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x2F: continue
            case 0x2B where offset == 0: continue
            default: return false
            }
        }
        return key != "+"
    }

    static func needsTrailingColon(_ parameter: String) -> Bool {
        parameter.isEmpty || parameter.utf8.first == 0x3A || parameter.utf8.contains(0x20)
    }

    private func render() -> String {
        var line = ""
        line.reserveCapacity(64)
        if !tags.isEmpty {
            line += "@"
            var first = true
            for key in tags.keys.sorted() {
                if !first { line += ";" }
                first = false
                line += key
                if let value = tags[key], !value.isEmpty {
                    line += "="
                    line += Self.escapeTagValue(value)
                }
            }
            line += " "
        }
        if let source {
            line += ":"
            line += source
            line += " "
        }
        line += command
        for (index, parameter) in parameters.enumerated() {
            line += " "
            if index == parameters.count - 1 && Self.needsTrailingColon(parameter) { line += ":" }
            line += parameter
        }
        return line
    }

    /// Unescapes a tag value (the inverse of ``escapeTagValue(_:)``; any other `\X` gives `X`).
    public static func unescapeTagValue(_ value: String) -> String {
        var bytes = Array(value.utf8)
        return bytes.withUnsafeMutableBufferPointer { IRCMessageParser.unescape(UnsafeBufferPointer($0), 0, $0.count) }
    }

    /// Escapes a tag value: `;` → `\:`, space → `\s`, `\` → `\\`, CR → `\r`, LF → `\n`.
    public static func escapeTagValue(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == 0x3B || $0 == 0x20 || $0 == 0x5C || $0 == 0x0D || $0 == 0x0A })
        else { return value }
        var out = ""
        out.reserveCapacity(value.utf8.count + 8)
        for scalar in value.unicodeScalars {
            switch scalar {
            case ";": out += "\\:"
            case " ": out += "\\s"
            case "\\": out += "\\\\"
            case "\r": out += "\\r"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
