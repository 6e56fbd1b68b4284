import CSDL2
import Widgets

extension Painter {
    /// Moves the pixels already drawn inside `rect` (logical pixels) by `dy`, keeping them
    /// inside it (``DrawCommand/scroll(_:dy:)``): within the `SDL_Surface` of a headless canvas
    /// (``pixelSurface``) with `memmove`, or — when the renderer draws into a target texture,
    /// as the window does — through a scratch texture, since a texture cannot be copied onto
    /// itself. Returns `false` when neither is there (nothing is moved).
    @discardableResult
    public func scrollPixels(_ rect: Rect, dy: Double) -> Bool {
        settle(rows: nil)   // the pixels moved must all be there
        let area = pixelRect(rect)
        let shift = Int32((dy * scale).rounded())
        guard area.w > 0, area.h > 0, shift != 0, abs(shift) < area.h else { return shift == 0 }
        if let surface = pixelSurface { return Self.move(in: surface, area: area, by: shift, flushing: renderer) }
        guard let target = SDL_GetRenderTarget(renderer) else { return false }
        return move(inTarget: target, area: area, by: shift)
    }

    /// `memmove`s the rows of `area` by `shift` rows within `surface`, after the renderer has
    /// drawn everything queued.
    private static func move(in surface: UnsafeMutablePointer<SDL_Surface>, area: SDL_Rect, by shift: Int32,
                             flushing renderer: OpaquePointer) -> Bool {
        SDL_RenderFlush(renderer)
        let s = surface.pointee
        let bounds = Self.intersection(area, SDL_Rect(x: 0, y: 0, w: s.w, h: s.h))
        guard bounds.w > 0, bounds.h > abs(shift), let pixels = s.pixels,
              let bytesPerPixel = s.format?.pointee.BytesPerPixel else { return false }
        let pitch = Int(s.pitch), rowBytes = Int(bounds.w) * Int(bytesPerPixel)
        let base = pixels + Int(bounds.y) * pitch + Int(bounds.x) * Int(bytesPerPixel)
        let moved = Int(bounds.h - abs(shift))
        // Rows are copied away from the direction of travel so that none is overwritten first.
        let rows: [Int] = shift < 0 ? Array(0..<moved) : Array((0..<moved).reversed())
        for row in rows {
            let source = shift < 0 ? row - Int(shift) : row
            let destination = shift < 0 ? row : row + Int(shift)
            memmove(base + destination * pitch, base + source * pitch, rowBytes)
        }
        return true
    }

    /// Copies the part of `area` that stays into the scratch texture and back, `shift` rows away.
    private func move(inTarget target: OpaquePointer, area: SDL_Rect, by shift: Int32) -> Bool {
        let moved = area.h - abs(shift)
        guard let scratch = scratchTexture(width: area.w, height: moved) else { return false }
        var source = SDL_Rect(x: area.x, y: shift < 0 ? area.y - shift : area.y, w: area.w, h: moved)
        var staging = SDL_Rect(x: 0, y: 0, w: area.w, h: moved)
        var destination = SDL_Rect(x: area.x, y: shift < 0 ? area.y : area.y + shift, w: area.w, h: moved)
        var mode = SDL_BLENDMODE_NONE
        SDL_GetTextureBlendMode(target, &mode)
        SDL_SetTextureBlendMode(target, SDL_BLENDMODE_NONE)
        SDL_SetRenderTarget(renderer, scratch)
        SDL_RenderCopy(renderer, target, &source, &staging)
        SDL_SetRenderTarget(renderer, target)
        SDL_RenderCopy(renderer, scratch, &staging, &destination)
        SDL_SetTextureBlendMode(target, mode)
        return true
    }

    /// A target texture of at least `width × height`, kept between moves.
    private func scratchTexture(width: Int32, height: Int32) -> OpaquePointer? {
        if let scratch, scratchSize.w >= width, scratchSize.h >= height { return scratch }
        if let scratch { SDL_DestroyTexture(scratch) }
        let w = max(width, scratchSize.w), h = max(height, scratchSize.h)
        scratch = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                    Int32(SDL_TEXTUREACCESS_TARGET.rawValue), w, h)
        scratchSize = scratch == nil ? (0, 0) : (w, h)
        if let scratch { SDL_SetTextureBlendMode(scratch, SDL_BLENDMODE_NONE) }
        return scratch
    }
}
