/// Turns the bytes of one received line into text.
///
/// Lines are expected to be UTF-8. A line that is not valid UTF-8 is decoded as Windows-1252
/// (the five bytes Windows-1252 leaves undefined fall back to Latin-1), so old clients' text is
/// shown with its accents instead of being dropped or shown as replacement characters.
public enum IRCTextDecoding {
    /// Decodes `bytes` as UTF-8, or as Windows-1252 when they are not valid UTF-8.
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var allASCII = true
        for b in bytes where b >= 0x80 { allASCII = false; break }
        if allASCII { return String(decoding: bytes, as: UTF8.self) }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return decodeWindows1252(bytes)
    }

    /// Decodes `bytes` as UTF-8, or as Windows-1252 when they are not valid UTF-8.
    public static func decode(_ bytes: some Collection<UInt8>) -> String {
        if let result = bytes.withContiguousStorageIfAvailable({ decode($0) }) { return result }
        return Array(bytes).withUnsafeBufferPointer { decode($0) }
    }

    /// Decodes every byte as one Windows-1252 character (Latin-1 for the undefined 0x81, 0x8D,
    /// 0x8F, 0x90 and 0x9D).
    public static func decodeWindows1252(_ bytes: some Sequence<UInt8>) -> String {
        var text = String.UnicodeScalarView()
        for b in bytes {
            if b >= 0x80 && b <= 0x9F {
                let mapped = windows1252High[Int(b - 0x80)]
                text.append(Unicode.Scalar(mapped) ?? Unicode.Scalar(b))
            } else {
                text.append(Unicode.Scalar(b))
            }
        }
        return String(text)
    }

    /// Unicode code points of Windows-1252 bytes 0x80–0x9F (undefined ones map to themselves).
    private static let windows1252High: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]
}
