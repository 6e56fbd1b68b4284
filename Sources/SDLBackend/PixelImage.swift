import Widgets
import CSDL2
import CSDL2Image

/// An image's pixels in memory as 0xAARRGGBB words, row by row: what render tests compare.
public struct PixelImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height` pixels, top row first.
    public private(set) var pixels: [UInt32]

    /// Copies the pixels of `surface`, converting them to ARGB8888 when needed.
    public init(copying surface: UnsafeMutablePointer<SDL_Surface>) {
        let format = SDL_PIXELFORMAT_ARGB8888.rawValue
        let converted = surface.pointee.format.pointee.format == format
            ? surface : SDL_ConvertSurfaceFormat(surface, format, 0)!
        defer { if converted != surface { SDL_FreeSurface(converted) } }
        width = Int(converted.pointee.w)
        height = Int(converted.pointee.h)
        var pixels = [UInt32](repeating: 0, count: width * height)
        SDL_LockSurface(converted)
        let pitch = Int(converted.pointee.pitch)
        let base = converted.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            let row = UnsafeRawPointer(base + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { pixels[y * width + x] = row[x] }
        }
        SDL_UnlockSurface(converted)
        self.pixels = pixels
    }

    /// An image of `width × height` pixels given as 0xAARRGGBB words, top row first.
    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height, "pixel count must be width × height")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Loads a PNG file.
    public init(contentsOfPNG path: String) throws(BackendError) {
        guard let surface = IMG_Load(path) else { throw BackendError.sdl("cannot read \(path)") }
        defer { SDL_FreeSurface(surface) }
        self.init(copying: surface)
    }

    /// Writes the pixels to `path` as PNG.
    public func writePNG(to path: String) throws(BackendError) {
        var copy = pixels
        let result: Int32? = copy.withUnsafeMutableBytes { bytes in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                bytes.baseAddress, Int32(width), Int32(height), 32, Int32(width * 4),
                SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, path)
        }
        guard let result else { throw BackendError.sdl("cannot make a \(width)x\(height) surface") }
        if result != 0 { throw BackendError.sdl("cannot write \(path)") }
    }

    /// The colour at (`x`, `y`).
    public func color(x: Int, y: Int) -> Color {
        let p = pixels[y * width + x]
        return Color(r: UInt8((p >> 16) & 0xff), g: UInt8((p >> 8) & 0xff), b: UInt8(p & 0xff),
                     a: UInt8(p >> 24))
    }
}
