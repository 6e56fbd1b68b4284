import Widgets
import CSDL2
import CSDL2Image

/// A drawing target with no window: an ARGB8888 `SDL_Surface` drawn by SDL's software
/// renderer, saved as PNG with SDL_image. Headless render tests and `natter render` use it
/// with the same `Painter` code as the window.
public final class OffscreenCanvas {
    /// The pixels, `width × scale` by `height × scale`.
    public let surface: UnsafeMutablePointer<SDL_Surface>
    /// The painter drawing into `surface`.
    public let painter: Painter
    private let renderer: OpaquePointer

    /// A canvas of `width × height` logical pixels at `scale` output pixels per logical pixel.
    public init(width: Int, height: Int, scale: Double = 1, fonts: FontLibrary) throws(BackendError) {
        let pw = Int32((Double(width) * scale).rounded()), ph = Int32((Double(height) * scale).rounded())
        guard pw > 0, ph > 0, pw <= 16384, ph <= 16384 else {
            throw BackendError("canvas size \(width)x\(height) at scale \(scale) is out of range")
        }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, pw, ph, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw BackendError.sdl("cannot create a \(pw)x\(ph) surface")
        }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            throw BackendError.sdl("cannot create the software renderer")
        }
        self.surface = surface
        self.renderer = renderer
        self.painter = Painter(renderer: renderer, scale: scale, fonts: fonts)
        painter.pixelSurface = surface
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }

    /// Completes pending drawing so that `surface` holds every pixel drawn so far.
    public func flush() {
        SDL_RenderFlush(renderer)
    }

    /// A copy of the current pixels.
    public func snapshot() -> PixelImage {
        flush()
        return PixelImage(copying: surface)
    }

    /// Writes the pixels to `path` as PNG.
    public func savePNG(to path: String) throws(BackendError) {
        flush()
        if IMG_SavePNG(surface, path) != 0 { throw BackendError.sdl("cannot write \(path)") }
    }
}
