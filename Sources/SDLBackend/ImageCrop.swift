import CSDL2

/// The part of an image worth drawing when it is scaled into a rectangle much larger than what
/// shows (the image viewer zoomed in): SDL's software renderer scales a copy that reaches past
/// its target into a temporary surface of the whole destination first, hundreds of megabytes
/// and half a second a frame at 8×. Cropping the source to the whole texture pixels that cover
/// the visible part, placed where the full scaling puts them, keeps each pixel where it was and
/// the work to the visible area (plus at most one scaled pixel at each side).
enum ImageCrop {
    /// For a texture `width`×`height` scaled into `destination` (device px) of which only
    /// `visible` shows: the source rectangle and where it goes. Nil when nothing shows.
    static func part(destination: SDL_Rect, width: Int32, height: Int32, visible: SDL_Rect)
        -> (source: SDL_Rect, destination: SDL_Rect)? {
        guard destination.w > 0, destination.h > 0, width > 0, height > 0 else { return nil }
        let shown = Painter.intersection(destination, visible)
        guard shown.w > 0, shown.h > 0 else { return nil }
        let x = axis(start: destination.x, length: destination.w, shownStart: shown.x, shownLength: shown.w, pixels: width)
        let y = axis(start: destination.y, length: destination.h, shownStart: shown.y, shownLength: shown.h, pixels: height)
        return (SDL_Rect(x: x.source, y: y.source, w: x.sourceLength, h: y.sourceLength),
                SDL_Rect(x: x.target, y: y.target, w: x.targetLength, h: y.targetLength))
    }

    /// One axis: the texture's pixels `pixels` long over `length` device px from `start`.
    private static func axis(start: Int32, length: Int32, shownStart: Int32, shownLength: Int32, pixels: Int32)
        -> (source: Int32, sourceLength: Int32, target: Int32, targetLength: Int32) {
        let perPixel = Double(length) / Double(pixels)
        let first = max(0, Int32((Double(shownStart - start) / perPixel).rounded(.down)))
        let end = min(pixels, Int32((Double(shownStart + shownLength - start) / perPixel).rounded(.up)))
        // Where texture pixel boundary i lands: the same for every crop of the same image.
        func edge(_ i: Int32) -> Int32 { i == pixels ? start + length : start + Int32((Double(i) * perPixel).rounded()) }
        let target = edge(first)
        return (first, max(end - first, 1), target, edge(end) - target)
    }
}
