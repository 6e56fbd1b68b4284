/// Scans of raw bytes eight at a time (SWAR: each byte of a 64-bit word tested at once, its
/// answer in the byte's high bit), for what `memchr` cannot do: counting line feeds and
/// finding control characters in a day of logs at several GB/s.
enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` that is zero.
    @inline(__always)
    private static func zeros(_ word: UInt64) -> UInt64 {
        ~(((word & lows) &+ lows) | word | lows)
    }

    /// The high bit of each byte of `word` below `limit` (at most 0x80).
    @inline(__always)
    private static func below(_ limit: UInt8, _ word: UInt64) -> UInt64 {
        // Adding 0x80 − limit to the low seven bits carries into the high bit exactly when they
        // reach `limit`; a byte with its own high bit set is 0x80 or more.
        ~(((word & lows) &+ ones &* UInt64(0x80 - limit)) | word) & highs
    }

    /// How many bytes of `bytes` are `byte`.
    static func count(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let pattern = ones &* UInt64(byte)
        var count = 0
        var i = 0
        while i + 8 <= bytes.count {
            count += zeros(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ pattern).nonzeroBitCount
            i += 8
        }
        for j in i..<bytes.count where base[j] == byte { count += 1 }
        return count
    }

    /// Whether `bytes` hold a byte below 0x20 (a control character), or, with `ignoringFeeds`,
    /// one other than a line feed.
    static func holdsControlBytes(_ bytes: UnsafeBufferPointer<UInt8>, ignoringFeeds: Bool) -> Bool {
        ignoringFeeds ? holdsControlBytes(bytes) : holdsAny(bytes) { below(0x20, $0) }
    }

    /// Whether `bytes` hold `byte` or `other`.
    static func holds(_ byte: UInt8, or other: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let first = ones &* UInt64(byte), second = ones &* UInt64(other)
        return holdsAny(bytes) { zeros($0 ^ first) | zeros($0 ^ second) }
    }

    /// Whether `test` finds a byte in a word of `bytes` (the tail is read as a word padded
    /// with copies of its first byte, which cannot change the answer).
    @inline(__always)
    private static func holdsAny(_ bytes: UnsafeBufferPointer<UInt8>, _ test: (UInt64) -> UInt64) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= bytes.count {
            if test(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) != 0 { return true }
            i += 8
        }
        guard i < bytes.count else { return false }
        var tail = ones &* UInt64(base[i])
        for j in i..<bytes.count { tail = tail & ~(0xFF << (8 * UInt64(j - i))) | UInt64(base[j]) << (8 * UInt64(j - i)) }
        return test(tail) != 0
    }

    /// Whether `bytes` hold a byte below 0x20 other than a line feed.
    static func holdsControlBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let feeds = ones &* 0x0A
        var i = 0
        while i + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if below(0x20, word) & ~zeros(word ^ feeds) != 0 { return true }
            i += 8
        }
        for j in i..<bytes.count where base[j] < 0x20 && base[j] != 0x0A { return true }
        return false
    }
}
