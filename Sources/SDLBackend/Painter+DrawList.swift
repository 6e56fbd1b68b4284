import CSDL2
import CSDL2TTF
import Widgets

extension Painter {
    /// Executes the toolkit's draw commands in order, in logical pixels scaled to the output:
    /// clips nest by intersection, text runs get their background, underline and
    /// strikethrough, right-to-left runs are shaped right to left.
    ///
    /// Commands whose pixels a later opaque fill replaces entirely (the window's clear colour
    /// under a screen background under a panel background, …) are skipped: see
    /// ``overdrawnCommands(_:)``.
    public func execute(_ list: DrawList) {
        execute(list, skippingOverdraw: true)
    }

    /// ``execute(_:)``, optionally drawing every command (tests compare the two).
    func execute(_ list: DrawList, skippingOverdraw: Bool) {
        var clips: [SDL_Rect] = []
        let overdrawn = skippingOverdraw ? overdrawnCommands(list.commands)
                                         : [Bool](repeating: false, count: list.commands.count)
        defersFills = true
        defer {
            defersFills = false
            settle(rows: nil)
        }
        for (index, command) in list.commands.enumerated() {
            if overdrawn[index] { continue }
            // Under a clip with no area nothing is drawn. SDL's handling of an empty clip
            // rectangle has changed between releases (some turn clipping off for it), and the
            // pixels the painter writes itself would not follow such a change: neither is asked.
            if let clip = clips.last, clip.w <= 0 || clip.h <= 0 {
                switch command {
                case .pushClip, .popClip: break
                default: continue
                }
            }
            switch command {
            case .pushClip(let rect):
                var pixels = pixelRect(rect)
                if let outer = clips.last { pixels = Self.intersection(pixels, outer) }
                clips.append(pixels)
                setClip(pixels)
            case .popClip:
                clips.removeLast()
                if let outer = clips.last { setClip(outer) } else { clearClip() }
            case .fillRect(let rect, let color):
                fill(rect, color)
            case .roundedRect(let rect, let radius, let color):
                fillRounded(rect, radius: radius, color)
            case .strokeRect(let rect, let width, let color):
                stroke(rect, width: width, color)
            case .line(let from, let to, let width, let color):
                line(from: from, to: to, width: width, color)
            case .text(let run):
                draw(run)
            case .image(let id, let rect):
                image(id, in: rect)
            case .scroll(let rect, let dy):
                scrollPixels(rect, dy: dy)
            }
        }
        if !clips.isEmpty { clearClip() }
    }

    /// For each command, whether it can be skipped because later opaque `fillRect`s replace
    /// every pixel it could touch: its clip (and, for rectangles, its own pixel rectangle) lies
    /// inside the union of the later fills' pixels, each clipped as it is drawn (a window
    /// background under the panes that tile it, the clear colour under it). Clip commands
    /// and pixel moves are never skipped, and nothing before a move is skipped for a fill after
    /// it. The result is pixel-identical; it removes the overdraw of nested opaque
    /// backgrounds. O(n · k · p) for n commands, the k ≤ 16 largest covering fills and at most
    /// p = 16 uncovered pieces tracked per command.
    func overdrawnCommands(_ commands: [DrawCommand]) -> [Bool] {
        var skip = [Bool](repeating: false, count: commands.count)
        // The clip each command is drawn with (nil: none), as `execute` computes it.
        var clipOf = [SDL_Rect?](repeating: nil, count: commands.count)
        var stack: [SDL_Rect] = []
        var hasOpaqueFill = false
        for (index, command) in commands.enumerated() {
            switch command {
            case .pushClip(let rect):
                var pixels = pixelRect(rect)
                if let outer = stack.last { pixels = Self.intersection(pixels, outer) }
                stack.append(pixels)
            case .popClip:
                stack.removeLast()
            case .fillRect(_, let color):
                hasOpaqueFill = hasOpaqueFill || color.a == 255
                clipOf[index] = stack.last
            default:
                clipOf[index] = stack.last
            }
        }
        guard hasOpaqueFill else { return skip }
        var covers: [SDL_Rect] = []
        for index in commands.indices.reversed() {
            let area: SDL_Rect?
            switch commands[index] {
            case .pushClip, .popClip:
                continue
            case .scroll:
                covers.removeAll()   // it reads the pixels drawn before it
                continue
            case .fillRect(let rect, _), .strokeRect(let rect, _, _), .image(_, let rect):
                let own = pixelRect(rect)
                area = clipOf[index].map { Self.intersection(own, $0) } ?? own
            case .roundedRect(let rect, _, _):
                // Its anti-aliased edges reach into the partly covered pixel rows and columns.
                let own = pixelBounds(rect)
                area = clipOf[index].map { Self.intersection(own, $0) } ?? own
            case .text, .line:
                area = clipOf[index]
            }
            guard let area else { continue }
            if area.w <= 0 || area.h <= 0 || Self.isCovered(area, by: covers) {
                skip[index] = true
                continue
            }
            if case .fillRect(_, let color) = commands[index], color.a == 255 {
                covers.append(area)
                if covers.count > 16 {
                    covers.sort { Int($0.w) * Int($0.h) > Int($1.w) * Int($1.h) }
                    covers.removeLast()
                }
            }
        }
        return skip
    }

    /// Whether the union of `covers` contains `area`: what is left of `area` after cutting
    /// out each cover in turn is empty (gives up, answering false, past 16 pieces).
    static func isCovered(_ area: SDL_Rect, by covers: [SDL_Rect]) -> Bool {
        var left = [area]
        for cover in covers {
            var next: [SDL_Rect] = []
            for piece in left { subtract(cover, from: piece, into: &next) }
            if next.isEmpty { return true }
            if next.count > 16 { return false }
            left = next
        }
        return false
    }

    /// Appends the parts of `piece` outside `cover` (up to four rectangles).
    static func subtract(_ cover: SDL_Rect, from piece: SDL_Rect, into out: inout [SDL_Rect]) {
        let cut = intersection(piece, cover)
        guard cut.w > 0, cut.h > 0 else { out.append(piece); return }
        let top = cut.y - piece.y, bottom = piece.y + piece.h - (cut.y + cut.h)
        let left = cut.x - piece.x, right = piece.x + piece.w - (cut.x + cut.w)
        if top > 0 { out.append(SDL_Rect(x: piece.x, y: piece.y, w: piece.w, h: top)) }
        if bottom > 0 { out.append(SDL_Rect(x: piece.x, y: cut.y + cut.h, w: piece.w, h: bottom)) }
        if left > 0 { out.append(SDL_Rect(x: piece.x, y: cut.y, w: left, h: cut.h)) }
        if right > 0 { out.append(SDL_Rect(x: cut.x + cut.w, y: cut.y, w: right, h: cut.h)) }
    }

    /// The intersection of two pixel rectangles; empty (zero size, at `a`'s origin) when they
    /// do not overlap, as SDL_IntersectRect leaves it.
    static func intersection(_ a: SDL_Rect, _ b: SDL_Rect) -> SDL_Rect {
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y)
        let x1 = min(a.x + a.w, b.x + b.w), y1 = min(a.y + a.h, b.y + b.h)
        guard x1 > x0, y1 > y0 else { return SDL_Rect(x: a.x, y: a.y, w: 0, h: 0) }
        return SDL_Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
    }

    /// One styled run: background over the full advance and line height, the glyphs with
    /// their baseline at `origin.y + ascent`, then the decorations.
    public func draw(_ run: TextDraw) {
        let height = run.lineHeight > 0 ? run.lineHeight : lineHeight(run.font)
        if let background = run.background {
            let width = run.width > 0 ? run.width : measure(run.text, font: run.font)
            fill(Rect(x: run.origin.x, y: run.origin.y, width: width, height: height), background)
        }
        let advance = text(run.text, x: run.origin.x, y: run.origin.y, font: run.font, color: run.color,
                           rightToLeft: run.isRightToLeft)
        guard run.underline || run.strikethrough else { return }
        let width = run.width > 0 ? run.width : advance
        let ascent = fonts.primary(run.font, scale: scale).map { Double($0.ascent) / scale } ?? run.font.size
        let thickness = max(1, (run.font.size / 14 * scale).rounded()) / scale
        if run.underline {
            fill(Rect(x: run.origin.x, y: run.origin.y + ascent + max(1, run.font.size / 12),
                      width: width, height: thickness), run.underlineColor ?? run.color)
        }
        if run.strikethrough {
            fill(Rect(x: run.origin.x, y: run.origin.y + ascent * 0.62, width: width, height: thickness), run.color)
        }
    }

    /// A rectangle outline of `width` drawn inside its edges.
    public func stroke(_ rect: Rect, width: Double, _ color: Color) {
        let w = min(width, rect.width / 2, rect.height / 2)
        fill(Rect(x: rect.minX, y: rect.minY, width: rect.width, height: w), color)
        fill(Rect(x: rect.minX, y: rect.maxY - w, width: rect.width, height: w), color)
        fill(Rect(x: rect.minX, y: rect.minY + w, width: w, height: rect.height - 2 * w), color)
        fill(Rect(x: rect.maxX - w, y: rect.minY + w, width: w, height: rect.height - 2 * w), color)
    }

    /// A straight line; horizontal and vertical lines are exact rectangles of `width`.
    public func line(from: Point, to: Point, width: Double, _ color: Color) {
        if from.y == to.y {
            fill(Rect(x: min(from.x, to.x), y: from.y - width / 2, width: abs(to.x - from.x), height: width), color)
        } else if from.x == to.x {
            fill(Rect(x: from.x - width / 2, y: min(from.y, to.y), width: width, height: abs(to.y - from.y)), color)
        } else {
            settle(rows: nil)
            setDrawBlending(true)
            SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
            SDL_RenderDrawLineF(renderer, Float(from.x * scale), Float(from.y * scale),
                                Float(to.x * scale), Float(to.y * scale))
        }
    }

    /// Draws the image file `id` (a path SDL_image can read) scaled into `rect`; nothing when
    /// it cannot be read. Only the part inside the clip and the target is scaled
    /// (``ImageCrop``): a zoomed image costs what shows of it. Shrunk, an image is filtered
    /// (nearest would drop whole rows and columns: a grid's lines vanish); enlarged, each of
    /// its pixels stays a sharp square, as an image viewer shows pixels close up.
    public func image(_ id: String, in rect: Rect) {
        guard let texture = imageTexture(id) else { return }
        var width: Int32 = 0, height: Int32 = 0, outputWidth: Int32 = 0, outputHeight: Int32 = 0
        SDL_QueryTexture(texture, nil, nil, &width, &height)
        SDL_GetRendererOutputSize(renderer, &outputWidth, &outputHeight)
        var visible = SDL_Rect(x: 0, y: 0, w: outputWidth, h: outputHeight)
        if let clipRect { visible = Self.intersection(visible, clipRect) }
        guard var part = ImageCrop.part(destination: pixelRect(rect), width: width, height: height, visible: visible) else { return }
        settle(rows: (part.destination.y - 1)..<(part.destination.y + part.destination.h + 1))
        let shrunk = part.destination.w < part.source.w || part.destination.h < part.source.h
        SDL_SetTextureScaleMode(texture, shrunk ? SDL_ScaleModeLinear : SDL_ScaleModeNearest)
        SDL_RenderCopy(renderer, texture, &part.source, &part.destination)
    }

    private func setClip(_ rect: SDL_Rect) {
        var r = rect
        clipRect = rect
        SDL_RenderSetClipRect(renderer, &r)
    }

    private func clearClip() {
        clipRect = nil
        SDL_RenderSetClipRect(renderer, nil)
    }
}
