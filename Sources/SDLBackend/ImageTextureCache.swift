import CSDL2
import CSDL2Image
import Dispatch
import Synchronization

/// The textures of image files the painter draws (previews' thumbnails, the viewer's image,
/// icons), least recently drawn first out: only images on or near the screen stay in memory.
/// Bounded by bytes of texture (4 a pixel) and by count (a file that cannot be read is
/// remembered as such, so that a frame does not try again, but counts).
///
/// In a window (``decodesInBackground``) a file is decoded on another thread: a frame never
/// waits for a decoder (a 40-megapixel JPEG opened in the viewer takes most of a second), the
/// image is drawn from the first frame after it is ready, and ``onDecoded`` wakes the loop
/// to draw it. Headless canvases decode at once, so that a scenario's frames do not depend on
/// a thread's timing.
final class ImageTextureCache {
    private struct Entry {
        var texture: OpaquePointer?
        var bytes: Int
        var lastUse: UInt64
    }

    private var entries: [String: Entry] = [:]
    /// Whether files are decoded on another thread (a window) or at once (headless).
    var decodesInBackground = false
    /// Called on the decoding thread when a file is decoded: the window wakes its loop.
    var onDecoded: (@Sendable () -> Void)?
    /// Files being decoded on other threads, and those decoded since.
    private let decoding = DecodeQueue()
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
        let surface: UnsafeMutablePointer<SDL_Surface>?
        if decodesInBackground {
            guard let decoded = decoded(path) else { return nil }   // not yet: drawn when it is
            surface = decoded.surface
        } else {
            surface = IMG_Load(path)
        }
        if let surface {
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

    /// The surface of `path` once decoded on another thread; starts the decode the first time.
    private func decoded(_ path: String) -> DecodedSurface? {
        let (done, start) = decoding.take(path)
        if start {
            let decoding = self.decoding, onDecoded = self.onDecoded
            DispatchQueue.global(qos: .userInitiated).async {
                decoding.finish(path, DecodedSurface(surface: IMG_Load(path)))
                onDecoded?()
            }
        }
        return done
    }

    /// Whether a file was decoded since the last call: the window then draws again.
    func takeDecoded() -> Bool {
        decoding.takeFinished()
    }

    /// Forgets the image `path` (its file changed).
    func remove(_ path: String) {
        guard let entry = entries.removeValue(forKey: path) else { return }
        if let texture = entry.texture { SDL_DestroyTexture(texture) }
        bytes -= entry.bytes
    }

    /// Drops every texture (and the surfaces decoded but not yet drawn).
    func removeAll() {
        for entry in entries.values { if let texture = entry.texture { SDL_DestroyTexture(texture) } }
        entries.removeAll()
        bytes = 0
        for surface in decoding.removeAll() { if let pointer = surface.surface { SDL_FreeSurface(pointer) } }
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

/// A surface decoded on another thread, handed to the main one (which alone uses it after).
struct DecodedSurface: @unchecked Sendable {
    let surface: UnsafeMutablePointer<SDL_Surface>?
}

/// The files an ``ImageTextureCache`` has decoding on other threads, and those done.
final class DecodeQueue: Sendable {
    private let state = Mutex<(started: Set<String>, done: [String: DecodedSurface], finished: Bool)>(([], [:], false))

    /// `path`'s surface when it is decoded (taken), and whether its decode must start now.
    func take(_ path: String) -> (DecodedSurface?, Bool) {
        state.withLock { state in
            if let done = state.done.removeValue(forKey: path) {
                state.started.remove(path)
                return (done, false)
            }
            return (nil, state.started.insert(path).inserted)
        }
    }

    /// `path` is decoded (nil surface: unreadable).
    func finish(_ path: String, _ surface: DecodedSurface) {
        state.withLock {
            $0.done[path] = surface
            $0.finished = true
        }
    }

    /// Whether a decode finished since the last call.
    func takeFinished() -> Bool {
        state.withLock { state in
            defer { state.finished = false }
            return state.finished
        }
    }

    /// Every surface decoded and not taken (the caller frees them); decodes under way are
    /// forgotten, and start again when asked.
    func removeAll() -> [DecodedSurface] {
        state.withLock { state in
            defer {
                state.done.removeAll()
                state.started.removeAll()
            }
            return Array(state.done.values)
        }
    }
}
