import Widgets
import CSDL2

/// A rendered line of text as one or more pieces of ink (one per font segment), positioned in
/// output pixels relative to the line's top-left corner: textures the renderer copies, or
/// bitmaps the painter blends into its pixel surface itself.
final class TextTexture {
    enum Ink {
        case texture(OpaquePointer)
        case bitmap(InkBitmap)
    }
    struct Piece {
        var ink: Ink
        var destination: SDL_Rect
    }
    let pieces: [Piece]
    /// Whether the pieces are bitmaps for ``Painter/pixelSurface``.
    let direct: Bool
    /// Advance width in output pixels.
    let width: Int
    /// Line height in output pixels.
    let height: Int
    /// Memory held, in bytes (4 a pixel of a texture, 1 a pixel of coverage).
    let bytes: Int
    var lastUse: UInt64 = 0

    init(pieces: [Piece], width: Int, height: Int, bytes: Int, direct: Bool) {
        self.pieces = pieces; self.width = width; self.height = height; self.bytes = bytes; self.direct = direct
    }

    deinit {
        for piece in pieces {
            if case .texture(let texture) = piece.ink { SDL_DestroyTexture(texture) }
        }
    }
}

/// Rendered text keyed by (text, font, colour, scale, kind of ink), least recently used evicted
/// first once their memory passes `byteLimit`. Lookup and insert are O(1); eviction sorts the
/// entries, O(n log n), and runs only when the bound is passed, dropping a quarter of them so
/// that it stays rare.
final class TextTextureCache {
    struct Key: Hashable {
        var text: String
        var font: FontSpec
        var color: Color
        var pixelScale: Double
        var rightToLeft: Bool
        /// Bitmaps blended by the painter rather than textures.
        var direct: Bool
    }

    /// The memory bound for cached textures in bytes; lowering it evicts at once.
    var byteLimit: Int {
        didSet { if bytes > byteLimit { evict() } }
    }
    private(set) var bytes = 0
    private var entries: [Key: TextTexture] = [:]
    private var clock: UInt64 = 0

    init(byteLimit: Int) { self.byteLimit = byteLimit }

    var count: Int { entries.count }

    func lookup(_ key: Key) -> TextTexture? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entry.lastUse = clock
        return entry
    }

    func insert(_ texture: TextTexture, for key: Key) {
        clock += 1
        texture.lastUse = clock
        if let old = entries.updateValue(texture, forKey: key) { bytes -= old.bytes }
        bytes += texture.bytes
        if bytes > byteLimit { evict() }
    }

    func removeAll() {
        entries.removeAll()
        bytes = 0
    }

    private func evict() {
        let byAge = entries.sorted { $0.value.lastUse < $1.value.lastUse }
        var index = 0
        let target = byteLimit * 3 / 4
        while bytes > target, index < byAge.count {
            let (key, entry) = byAge[index]
            entries[key] = nil
            bytes -= entry.bytes
            index += 1
        }
    }
}
