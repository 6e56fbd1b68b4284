/// What the line decoder can report about one received line.
public enum IRCLineError: Error, Hashable, Sendable {
    /// The line (`bytes` long without its CR LF) was longer than the limit; its bytes were discarded.
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
    /// Whether the last discarded byte was a CR (not counted as part of the line).
    private var discardedCR = false

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
        if let results = bytes.withContiguousStorageIfAvailable({ decode(buffer: $0) }) { return results }
        return Array(bytes).withUnsafeBufferPointer { decode(buffer: $0) }
    }

    /// Consumes `p` and returns every line it completes, in order.
    public mutating func decode(buffer p: UnsafeBufferPointer<UInt8>) -> [Result<String, IRCLineError>] {
        var results: [Result<String, IRCLineError>] = []
        var start = 0
        while start < p.count {
            var end = start
            while end < p.count && p[end] != 0x0A { end += 1 }
            let complete = end < p.count
            let segment = UnsafeBufferPointer(rebasing: p[start..<end])
            if let count = discarding {
                discarding = count + segment.count
                if let last = segment.last { discardedCR = last == 0x0D }
            } else if complete && buffer.isEmpty {
                // Fast path: the whole line is in this chunk; decode it without copying.
                emit(segment, into: &results)
                start = end + 1
                continue
            } else if buffer.count + segment.count > maxLineBytes + 1 {
                // One extra byte is allowed for a CR that may precede the LF.
                discarding = buffer.count + segment.count
                discardedCR = (segment.last ?? buffer.last) == 0x0D
                buffer.removeAll(keepingCapacity: true)
            } else {
                buffer.append(contentsOf: segment)
            }
            guard complete else { break }
            finishLine(into: &results)
            start = end + 1
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
            results.append(.failure(.lineTooLong(bytes: count - (discardedCR ? 1 : 0), limit: maxLineBytes)))
            return
        }
        buffer.withUnsafeBufferPointer { emit($0, into: &results) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Reports one complete line (its CR, if any, still attached).
    private func emit(_ line: UnsafeBufferPointer<UInt8>, into results: inout [Result<String, IRCLineError>]) {
        var count = line.count
        if count > 0 && line[count - 1] == 0x0D { count -= 1 }
        if count > maxLineBytes {
            results.append(.failure(.lineTooLong(bytes: count, limit: maxLineBytes)))
        } else if count > 0 {
            results.append(.success(IRCTextDecoding.decode(UnsafeBufferPointer(rebasing: line[0..<count]))))
        }
    }
}
