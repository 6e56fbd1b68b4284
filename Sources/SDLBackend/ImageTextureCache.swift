import CSDL2
import CSDL2Image

/// The textures of image files the painter draws (previews' thumbnails, the viewer's image,
/// icons), least recently drawn first out: only images on or near the screen stay in memory.
/// Bounded by bytes of texture (4 a pixel) and by count (a file that cannot be read is
/// remembered as such, so that a frame does not try again, but counts).
final class ImageTextureCache {
    private struct Entry {
        var texture: OpaquePointer?
        var bytes: Int
        var lastUse: UInt64
    }

    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0
    /// Bytes of texture held.
    private(set) var bytes = 0
    /// Most bytes held (the painter sets it with the text cache's bound: a screenful or so).
    var byteLimit: Int
    /// Most entries held.
    let countLimit = 256

    init(byteLimit: Int) {
        self.byteLimit = byteLimit
    }

    deinit {
        removeAll()
    }

    /// How many images are held.
    var count: Int { entries.count }

    /// The texture of the image file `path`, loaded now for `renderer` if it is not held (nil,
    /// also remembered, when SDL_image cannot read it). Scaled linearly where it is drawn at
    /// another size (a thumbnail made for HiDPI, drawn at scale 1).
    func texture(_ path: String, renderer: OpaquePointer) -> OpaquePointer? {
        clock += 1
        if var entry = entries[path] {
            entry.lastUse = clock
            entries[path] = entry
            return entry.texture
        }
        var texture: OpaquePointer?
        var size = 0
        if let surface = IMG_Load(path) {
            texture = SDL_CreateTextureFromSurface(renderer, surface)
            size = 4 * Int(surface.pointee.w) * Int(surface.pointee.h)
            SDL_FreeSurface(surface)
            if let texture { SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear) } else { size = 0 }
        }
        entries[path] = Entry(texture: texture, bytes: size, lastUse: clock)
        bytes += size
        evict(keeping: path)
        return texture
    }

    /// Forgets the image `path` (its file changed).
    func remove(_ path: String) {
        guard let entry = entries.removeValue(forKey: path) else { return }
        if let texture = entry.texture { SDL_DestroyTexture(texture) }
        bytes -= entry.bytes
    }

    /// Drops every texture.
    func removeAll() {
        for entry in entries.values { if let texture = entry.texture { SDL_DestroyTexture(texture) } }
        entries.removeAll()
        bytes = 0
    }

    /// Drops the least recently drawn images until the cache is within its bounds, never the
    /// one just loaded (an image larger than the bound is still drawn, and goes next time).
    private func evict(keeping kept: String) {
        while bytes > byteLimit || entries.count > countLimit {
            guard let oldest = entries.filter({ $0.key != kept }).min(by: { $0.value.lastUse < $1.value.lastUse })?.key else { return }
            remove(oldest)
        }
    }
}
