import Synchronization
import Widgets

/// The readable form of each (colour, background) pair met, kept: finding it is a search over
/// lightness (some twenty contrast computations), and a channel's lines use the same few pairs
/// again and again. Shared by the stylers of one process; bounded.
final class ReadableColours: Sendable {
    static let shared = ReadableColours()
    /// Pairs kept at most; the palette and a theme give a few hundred.
    static let capacity = 4096
    private let table = Mutex<[UInt64: Color]>([:])

    /// `color` made readable on `background` at `contrast` (``Color/readable(on:contrast:)``).
    func color(_ color: Color, on background: Color, contrast: Double) -> Color {
        let key = UInt64(color.r) << 56 | UInt64(color.g) << 48 | UInt64(color.b) << 40 | UInt64(color.a) << 32
            | UInt64(background.r) << 24 | UInt64(background.g) << 16 | UInt64(background.b) << 8 | UInt64(contrast * 10)
        if let known = table.withLock({ $0[key] }) { return known }
        let readable = color.readable(on: background, contrast: contrast)
        table.withLock { table in
            if table.count >= Self.capacity { table.removeAll(keepingCapacity: true) }
            table[key] = readable
        }
        return readable
    }
}
