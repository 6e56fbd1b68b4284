/// What the line decoder can report about one received line.
public enum IRCLineError: Error, Hashable, Sendable {
    /// The line (without its terminator) was longer than the limit; its bytes were discarded.
    case lineTooLong(bytes: Int, limit: Int)
}

/// An incremental, pure line decoder: bytes in, complete lines out.
///
/// Lines end with CR LF or a bare LF. Each complete line is decoded to text with
/// ``IRCTextDecoding`` (UTF-8, else Windows-1252). Empty lines are skipped. A line longer than the
/// limit yields one ``IRCLineError/lineTooLong(bytes:limit:)`` value when its end arrives; its bytes
/// are not kept, and decoding continues with the next line. Feeding the same stream in any split
/// gives the same results.
public struct IRCLineDecoder: Sendable {
    /// The longest accepted line in bytes, excluding CR LF.
    public let maxLineBytes: Int
    private var buffer: [UInt8] = []
    /// Bytes of the current line seen while discarding an over-long line.
    private var discarding: Int?

    /// Creates a decoder for lines up to `limits.maxLineBytesWithoutTerminator` bytes.
    public init(limits: IRCLineLimits = .incoming) {
        maxLineBytes = limits.maxLineBytesWithoutTerminator
    }

    /// Creates a decoder for lines up to `maxLineBytes` bytes (excluding the terminator).
    public init(maxLineBytes: Int) {
        self.maxLineBytes = max(1, maxLineBytes)
    }

    /// Consumes `bytes` and returns every line they complete, in order.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Result<String, IRCLineError>] {
        var results: [Result<String, IRCLineError>] = []
        for b in bytes {
            if b == 0x0A {
                finishLine(into: &results)
                continue
            }
            if let count = discarding {
                discarding = count + 1
                continue
            }
            buffer.append(b)
            // One extra byte is allowed for a CR that may precede the LF.
            if buffer.count > maxLineBytes + 1 {
                discarding = buffer.count
                buffer.removeAll(keepingCapacity: true)
            }
        }
        return results
    }

    /// Ends the stream: returns the unterminated last line, if any, as if a LF had followed it.
    public mutating func finish() -> [Result<String, IRCLineError>] {
        var results: [Result<String, IRCLineError>] = []
        if discarding != nil || !buffer.isEmpty { finishLine(into: &results) }
        return results
    }

    private mutating func finishLine(into results: inout [Result<String, IRCLineError>]) {
        if let count = discarding {
            discarding = nil
            results.append(.failure(.lineTooLong(bytes: count, limit: maxLineBytes)))
            return
        }
        if buffer.last == 0x0D { buffer.removeLast() }
        if buffer.count > maxLineBytes {
            results.append(.failure(.lineTooLong(bytes: buffer.count, limit: maxLineBytes)))
        } else if !buffer.isEmpty {
            results.append(.success(buffer.withUnsafeBufferPointer { IRCTextDecoding.decode($0) }))
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
