/// One hexadecimal digit read from an ASCII byte: ISUPPORT's `\xHH` escapes, mIRC's `\x04RRGGBB`
/// colours, percent-escapes in links. Inlinable: the formatting parser reads colours with it
/// in its hot loop, from another module.
public enum HexDigit {
    /// The value of `byte` as a hexadecimal digit (`0-9`, `A-F`, `a-f`), or nil.
    @inlinable
    public static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
