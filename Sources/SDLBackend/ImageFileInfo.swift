import CSDL2
import CSDL2Image

/// What SDL_image says of an image file without drawing it.
public enum ImageFileInfo {
    /// The image's size in pixels, or nil when SDL_image cannot read the file.
    public static func pixelSize(of path: String) -> (width: Int, height: Int)? {
        guard let surface = IMG_Load(path) else { return nil }
        defer { SDL_FreeSurface(surface) }
        return (Int(surface.pointee.w), Int(surface.pointee.h))
    }
}
