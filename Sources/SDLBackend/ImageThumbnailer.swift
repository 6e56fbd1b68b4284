import CSDL2
import CSDL2Image

/// Makes the thumbnails of link previews: decodes an image file with SDL_image (PNG, JPEG,
/// GIF's first frame, WebP), scales it to fit a box of pixels keeping its aspect ratio, and
/// writes the result as PNG. Uses no renderer and no window, so it runs on any thread: the
/// preview fetcher calls it off the main thread, and only the small PNG it writes is ever
/// loaded by the painter (the decoded original is freed before it returns).
///
/// The caller checks the image's dimensions from its header first (the fetcher refuses more
/// than 40 megapixels before anything is decoded); the thumbnailer checks again after
/// decoding, for a header that lied.
public enum ImageThumbnailer {
    /// What stops a thumbnail.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// SDL_image could not decode the file (not an image, or a format it lacks).
        case undecodable(String)
        /// The decoded image is larger than `maxPixels`.
        case tooLarge(width: Int, height: Int)
        /// The thumbnail could not be made or written.
        case unwritable(String)

        public var description: String {
            switch self {
            case .undecodable(let why): "cannot decode the image: \(why)"
            case .tooLarge(let w, let h): "the image is \(w)×\(h) pixels, more than a preview decodes"
            case .unwritable(let why): "cannot write the thumbnail: \(why)"
            }
        }
    }

    /// The most pixels an image may have to be decoded (40 megapixels).
    public static let maxPixels = 40_000_000

    /// Decodes `source`, scales it to fit within `maxPixelWidth`×`maxPixelHeight` (never
    /// enlarged), writes it to `destination` as PNG, and returns the original image's size.
    public static func write(source: String, destination: String, maxPixelWidth: Int,
                             maxPixelHeight: Int) throws -> (width: Int, height: Int) {
        guard let decoded = IMG_Load(source) else { throw Failure.undecodable(String(cString: SDL_GetError())) }
        defer { SDL_FreeSurface(decoded) }
        let width = Int(decoded.pointee.w), height = Int(decoded.pointee.h)
        guard width > 0, height > 0 else { throw Failure.undecodable("it has no pixels") }
        guard width * height <= maxPixels else { throw Failure.tooLarge(width: width, height: height) }
        let fit = min(1, Double(maxPixelWidth) / Double(width), Double(maxPixelHeight) / Double(height))
        let target = (w: max(1, Int((Double(width) * fit).rounded())), h: max(1, Int((Double(height) * fit).rounded())))
        // One pixel format for scaling and writing; alpha kept (a PNG with transparency).
        guard var current = SDL_ConvertSurfaceFormat(decoded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw Failure.unwritable(String(cString: SDL_GetError()))
        }
        defer { SDL_FreeSurface(current) }
        // Halve while the image is more than twice the target, then one linear step: a single
        // bilinear step from far above samples only a few source pixels per output pixel and
        // shimmers (text in a screenshot turns to noise); halving averages them all.
        while Int(current.pointee.w) >= 2 * target.w, Int(current.pointee.h) >= 2 * target.h {
            let next = try scaled(current, to: (Int(current.pointee.w) / 2, Int(current.pointee.h) / 2))
            SDL_FreeSurface(current)
            current = next
        }
        if Int(current.pointee.w) != target.w || Int(current.pointee.h) != target.h {
            let next = try scaled(current, to: target)
            SDL_FreeSurface(current)
            current = next
        }
        guard IMG_SavePNG(current, destination) == 0 else { throw Failure.unwritable(String(cString: SDL_GetError())) }
        return (width, height)
    }

    /// A new ARGB8888 surface of `size` with `surface`'s pixels scaled into it, bilinearly.
    private static func scaled(_ surface: UnsafeMutablePointer<SDL_Surface>,
                               to size: (w: Int, h: Int)) throws -> UnsafeMutablePointer<SDL_Surface> {
        guard let out = SDL_CreateRGBSurfaceWithFormat(0, Int32(size.w), Int32(size.h), 32,
                                                       SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw Failure.unwritable(String(cString: SDL_GetError()))
        }
        guard SDL_SoftStretchLinear(surface, nil, out, nil) == 0 else {
            let why = String(cString: SDL_GetError())
            SDL_FreeSurface(out)
            throw Failure.unwritable(why)
        }
        return out
    }
}
