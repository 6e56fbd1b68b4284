/// A text colour in IRC formatting: a palette index or a direct RGB value.
public enum IRCColor: Hashable, Sendable {
    /// A palette index 0...98 (0–15 the mIRC colours, 16–98 the extended colours). 99 means
    /// "default" and is never stored: the parser gives `nil` instead.
    case palette(Int)
    /// A direct colour from the hex colour code 0x04.
    case rgb(UInt8, UInt8, UInt8)

    /// The palette of docs/FORMATTING.md as `0xRRGGBB`, indices 0...98.
    public static let palette: [UInt32] = [
        0xFFFFFF, 0x000000, 0x00007F, 0x009300, 0xFF0000, 0x7F0000, 0x9C009C, 0xFC7F00,
        0xFFFF00, 0x00FC00, 0x009393, 0x00FFFF, 0x0000FC, 0xFF00FF, 0x7F7F7F, 0xD2D2D2,
        0x470000, 0x472100, 0x474700, 0x324700, 0x004700, 0x00472C, 0x004747, 0x002747,
        0x000047, 0x2E0047, 0x470047, 0x47002A, 0x740000, 0x743A00, 0x747400, 0x517400,
        0x007400, 0x007449, 0x007474, 0x004074, 0x000074, 0x4B0074, 0x740074, 0x740045,
        0xB50000, 0xB56300, 0xB5B500, 0x7DB500, 0x00B500, 0x00B571, 0x00B5B5, 0x0063B5,
        0x0000B5, 0x7500B5, 0xB500B5, 0xB5006B, 0xFF0000, 0xFF8C00, 0xFFFF00, 0xB2FF00,
        0x00FF00, 0x00FFA0, 0x00FFFF, 0x008CFF, 0x0000FF, 0xA500FF, 0xFF00FF, 0xFF0098,
        0xFF5959, 0xFFB459, 0xFFFF71, 0xCFFF60, 0x6FFF6F, 0x65FFC9, 0x6DFFFF, 0x59B4FF,
        0x5959FF, 0xC459FF, 0xFF66FF, 0xFF59BC, 0xFF9C9C, 0xFFD39C, 0xFFFF9C, 0xE2FF9C,
        0x9CFF9C, 0x9CFFDB, 0x9CFFFF, 0x9CD3FF, 0x9C9CFF, 0xDC9CFF, 0xFF9CFF, 0xFF94D3,
        0x000000, 0x131313, 0x282828, 0x363636, 0x4D4D4D, 0x656565, 0x818181, 0x9F9F9F,
        0xBCBCBC, 0xE2E2E2, 0xFFFFFF,
    ]

    /// The RGB value with the default palette, or `nil` for an index outside 0...98.
    public var rgbComponents: (red: UInt8, green: UInt8, blue: UInt8)? {
        switch self {
        case .rgb(let r, let g, let b):
            return (r, g, b)
        case .palette(let index):
            guard Self.palette.indices.contains(index) else { return nil }
            let value = Self.palette[index]
            return (UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
        }
    }
}
