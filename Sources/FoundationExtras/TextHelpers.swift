import IRCProtocol
/// String helpers Foundation's full library would give (`NSString`'s paths, percent
/// encoding), written here because that library loads ICU.
extension String {
    /// The folder part of a path: everything before the last `/` (`/` for a file at the root,
    /// the empty string for a bare name), as `NSString.deletingLastPathComponent` gives.
    public var parentPath: String {
        var path = Substring(self)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `%XX` escapes decoded; nil when an escape is broken or the bytes are not UTF-8.
    public var percentDecoded: String? {
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next().flatMap(HexDigit.value), let low = iterator.next().flatMap(HexDigit.value) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Every byte but ASCII letters, digits and `keep` written as `%XX`.
    public func percentEncoded(keeping keep: Set<UInt8>) -> String {
        var out = ""
        for byte in utf8 {
            let plain = (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
            if plain || keep.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let digits = Array("0123456789ABCDEF".utf8)
                out += "%" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return out
    }
}
