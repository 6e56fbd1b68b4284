import CSDL2
import CSDL2TTF
import Widgets

extension Painter {
    /// Executes the toolkit's draw commands in order, in logical pixels scaled to the output:
    /// clips nest by intersection, text runs get their background, underline and
    /// strikethrough, right-to-left runs are shaped right to left.
    public func execute(_ list: DrawList) {
        var clips: [SDL_Rect] = []
        for command in list.commands {
            switch command {
            case .pushClip(let rect):
                var pixels = pixelRect(rect)
                if let outer = clips.last {
                    var inner = SDL_Rect()
                    if SDL_IntersectRect(&pixels, [outer], &inner) == SDL_FALSE {
                        inner = SDL_Rect(x: pixels.x, y: pixels.y, w: 0, h: 0)
                    }
                    pixels = inner
                }
                clips.append(pixels)
                setClip(pixels)
            case .popClip:
                clips.removeLast()
                if let outer = clips.last { setClip(outer) } else { SDL_RenderSetClipRect(renderer, nil) }
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
            }
        }
        if !clips.isEmpty { SDL_RenderSetClipRect(renderer, nil) }
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
                      width: width, height: thickness), run.color)
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
            setDrawBlending(true)
            SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
            SDL_RenderDrawLineF(renderer, Float(from.x * scale), Float(from.y * scale),
                                Float(to.x * scale), Float(to.y * scale))
        }
    }

    /// Draws the image file `id` (a path SDL_image can read) scaled into `rect`; nothing when
    /// it cannot be read.
    public func image(_ id: String, in rect: Rect) {
        guard let texture = imageTexture(id) else { return }
        var destination = pixelRect(rect)
        SDL_RenderCopy(renderer, texture, nil, &destination)
    }

    private func setClip(_ rect: SDL_Rect) {
        var r = rect
        SDL_RenderSetClipRect(renderer, &r)
    }
}
