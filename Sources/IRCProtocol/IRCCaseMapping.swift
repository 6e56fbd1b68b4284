/// How a server compares nicknames and channel names (ISUPPORT `CASEMAPPING`).
public enum IRCCaseMapping: String, Hashable, Sendable, CaseIterable {
    /// Only `A`–`Z` fold to `a`–`z`.
    case ascii
    /// ASCII plus `[]\~` fold to `{}|^` (the default when a server does not say).
    case rfc1459
    /// ASCII plus `[]\` fold to `{}|` (`~` and `^` stay distinct).
    case rfc1459Strict = "rfc1459-strict"

    /// Reads an ISUPPORT value; unknown values (such as `rfc7613`) fall back to `ascii`, the
    /// folding every other mapping includes.
    public init(isupportValue: String) {
        self = IRCCaseMapping(rawValue: isupportValue.lowercased()) ?? .ascii
    }

    /// Folds one byte to its lower-case form under this mapping.
    @inline(__always)
    public func fold(_ b: UInt8) -> UInt8 {
        switch b {
        case 0x41...0x5A: return b | 0x20
        case 0x5B...0x5D where self != .ascii: return b + 0x20   // [ \ ] → { | }
        case 0x7E where self == .rfc1459: return 0x5E            // ~ → ^
        default: return b
        }
    }

    /// Every byte's fold under this mapping (256 entries): for loops over many bytes, where a
    /// table look-up is cheaper than ``fold(_:)``'s branches and a call across modules.
    public var foldTable: [UInt8] {
        switch self {
        case .ascii: Self.asciiTable
        case .rfc1459: Self.rfc1459Table
        case .rfc1459Strict: Self.strictTable
        }
    }

    private static let asciiTable = (0...255).map { IRCCaseMapping.ascii.fold(UInt8($0)) }
    private static let rfc1459Table = (0...255).map { IRCCaseMapping.rfc1459.fold(UInt8($0)) }
    private static let strictTable = (0...255).map { IRCCaseMapping.rfc1459Strict.fold(UInt8($0)) }

    /// `text` folded to lower case under this mapping (non-ASCII bytes are kept as they are).
    public func lowercased(_ text: String) -> String {
        // Most names (channels above all) are folded already: no new string for them.
        // Checked through the table on the contiguous bytes: a scan through the UTF-8 view,
        // a call per byte, was 2 % of a flood (every message's target is looked up folded).
        var copy = text
        let table = foldTable
        let folds = table.withUnsafeBufferPointer { table in
            copy.withUTF8 { bytes in bytes.contains { table[Int($0)] != $0 } }
        }
        guard folds else { return text }
        return String(decoding: text.utf8.map { table[Int($0)] }, as: UTF8.self)
    }

    /// Whether two nicknames or channel names are equal under this mapping.
    public func equal(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { fold($0) == fold($1) }
    }
}
