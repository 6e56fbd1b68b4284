import Widgets
import CSDL2
import CSDL2TTF
import CSDL2Image

/// Draws into an SDL_Renderer in logical pixels: rectangles and text through the font
/// library, at the renderer's pixel density (`scale` output pixels per logical pixel).
///
/// The same painter drives the window (hardware or software renderer) and headless PNG
/// output (software renderer on an `SDL_Surface`), so both show the same pixels.
public final class Painter {
    /// The `SDL_Renderer *` drawn into.
    public let renderer: OpaquePointer
    /// Output pixels per logical pixel (2 on a HiDPI screen).
    public var scale: Double {
        didSet { if scale != oldValue { textCache.removeAll() } }
    }
    /// The fonts text is drawn with.
    public let fonts: FontLibrary
    private let textCache: TextTextureCache
    /// The image files drawn lately, as textures (bounded: see ``boundTextCache(toOutputWidth:height:)``).
    let images: ImageTextureCache
    /// The renderer's draw blend mode: `SDL_BLENDMODE_BLEND`, or `SDL_BLENDMODE_NONE` while
    /// opaque fills are drawn (see ``fill(_:_:)``).
    private var drawBlendsOpaque = false
    /// The surface the renderer draws into, when the painter may move its pixels directly
    /// (a headless canvas); see ``scrollPixels(_:dy:)``.
    public var pixelSurface: UnsafeMutablePointer<SDL_Surface>?
    /// The texture ``scrollPixels(_:dy:)`` stages moved pixels in, and its size.
    var scratch: OpaquePointer?
    var scratchSize: (w: Int32, h: Int32) = (0, 0)
    /// The clip rectangle set on the renderer, in output pixels (nil: none), for what the
    /// painter writes into ``pixelSurface`` itself.
    var clipRect: SDL_Rect?
    /// Per pixel format of ``pixelSurface``, whether `PixelBlend`'s blend gives SDL's pixels
    /// (checked once; text goes through SDL's textures where it does not).
    var blendChecks: [UInt32: Bool] = [:]
    /// Whether large opaque fills may wait for what is drawn over them (inside ``execute(_:)``).
    var defersFills = false
    /// The large fill whose rows are not all written yet (see ``fillDirectly(_:_:)``).
    var pendingFill: PendingFill?

    /// A painter for `renderer`, caching up to `textCacheBytes` of rendered text.
    public init(renderer: OpaquePointer, scale: Double, fonts: FontLibrary,
                textCacheBytes: Int = 48 << 20) {
        self.renderer = renderer
        self.scale = scale
        self.fonts = fonts
        self.textCache = TextTextureCache(byteLimit: textCacheBytes)
        self.images = ImageTextureCache(byteLimit: Self.imageCacheFloor)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    deinit {
        images.removeAll()
        if let scratch { SDL_DestroyTexture(scratch) }
    }

    /// The texture of the image file `path` (nil when SDL_image cannot read it).
    func imageTexture(_ path: String) -> OpaquePointer? {
        images.texture(path, renderer: renderer)
    }

    /// Whether image files are decoded on another thread (a window: a frame never waits for a
    /// decoder) or at once (headless, the default). `onDecoded` is called on that thread when
    /// one is ready; ``takeDecodedImages()`` then says the window must draw again.
    public func decodeImagesInBackground(onDecoded: @escaping @Sendable () -> Void) {
        images.decodesInBackground = true
        images.onDecoded = onDecoded
    }

    /// Whether an image was decoded since the last call (its widget draws it now).
    public func takeDecodedImages() -> Bool { images.takeDecoded() }

    /// Bytes of texture memory held by the image cache, and how many images it has.
    public var imageCacheUsage: (bytes: Int, entries: Int) { (images.bytes, images.count) }

    /// The image cache's least bound: a few thumbnails made for HiDPI (720×480, 1.3 MiB each)
    /// and the viewer's image stay, whatever the window's size.
    public static let imageCacheFloor = 16 << 20

    /// The image cache's bound in bytes now.
    public var imageCacheByteLimit: Int { images.byteLimit }

    /// How many texts the painter has rendered (not found in its cache) so far.
    public private(set) var renderedTexts = 0

    /// Bytes of texture memory held by the text cache, and how many entries it has.
    public var textCacheUsage: (bytes: Int, entries: Int) { (textCache.bytes, textCache.count) }

    /// The text cache's bound in bytes (`textCacheBytes` at init, or what
    /// ``boundTextCache(toOutputWidth:height:)`` set).
    public var textCacheByteLimit: Int { textCache.byteLimit }

    /// The bound ``init(renderer:scale:fonts:textCacheBytes:)`` was given.
    private var textCacheCeiling: Int?

    /// Bounds the text cache by what the output can show: text textures hold only their ink
    /// and rows do not overlap, so a frame draws at most a screenful of them (32-bit pixels,
    /// or 8-bit coverage where the painter blends text itself); a quarter more keeps the rows
    /// a short scroll brings back, at least half a million pixels (2 MiB of textures), and no
    /// more than the bound given at init. A window calls this with its output size, after
    /// setting ``pixelSurface`` (a 1280×800 window: 4.9 MiB of textures, 1.2 MiB of coverage;
    /// three screenfuls of textures, the bound before, kept 11.7 MiB of text during a flood
    /// for nothing still on screen).
    public func boundTextCache(toOutputWidth width: Int, height: Int) {
        let ceiling = textCacheCeiling ?? textCache.byteLimit
        textCacheCeiling = ceiling
        // Coverage takes a byte a pixel where the painter blends text itself; the floor is the
        // same number of pixels either way (half a million).
        let bytesPerPixel = blendsTextDirectly ? 1 : 4
        let screenful = bytesPerPixel * max(0, width) * max(0, height)
        let floor = bytesPerPixel * (512 << 10)
        let limit = min(ceiling, max(floor, screenful + screenful / 4))
        if limit != textCache.byteLimit { textCache.byteLimit = limit }
        // Images on screen take no more than a screenful of pixels either: the same bound, at
        // 4 bytes a pixel, and never under the floor.
        images.byteLimit = max(Self.imageCacheFloor, 4 * max(0, width) * max(0, height) * 5 / 4)
    }

    /// Fills the whole target with `color`.
    public func clear(_ color: Color) {
        settle(rows: nil)
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
        SDL_RenderClear(renderer)
    }

    /// Fills `rect` (logical pixels) with `color`, blending by its alpha.
    ///
    /// An opaque colour is filled without blending: the pixels are the same, but SDL's software
    /// renderer then fills rows with its SIMD fill instead of blending pixel by pixel (about 20×
    /// faster; a 1920×1080 background went from ~5 ms to ~0.3 ms). Where the painter may write
    /// the pixels itself (``pixelSurface``), it fills them without SDL: see
    /// ``fillDirectly(_:_:)``.
    public func fill(_ rect: Rect, _ color: Color) {
        if color.a == 255, fillDirectly(pixelRect(rect), color) { return }
        settle(rows: rows(of: rect))
        setDrawBlending(color.a != 255)
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
        var r = pixelRect(rect)
        SDL_RenderFillRect(renderer, &r)
    }

    /// Switches the draw blend mode between blending (translucent fills, points, lines) and
    /// replacing (opaque fills); a no-op when it is already set.
    func setDrawBlending(_ blending: Bool) {
        guard blending == drawBlendsOpaque else { return }
        drawBlendsOpaque = !blending
        SDL_SetRenderDrawBlendMode(renderer, blending ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
    }

    /// Fills `rect` with rounded corners of `radius` logical pixels, anti-aliased: each pixel
    /// row is filled solid between its edges, and edge pixels get the colour with an alpha
    /// equal to their coverage (averaged over four sub-rows).
    public func fillRounded(_ rect: Rect, radius: Double, _ color: Color) {
        let r = min(radius, rect.width / 2, rect.height / 2) * scale
        guard r >= 0.5 else { fill(rect, color); return }
        settle(rows: rows(of: rect))
        let x0 = rect.minX * scale, x1 = rect.maxX * scale
        let y0 = rect.minY * scale, y1 = rect.maxY * scale
        func inset(atY y: Double) -> Double {
            let dy = y < y0 + r ? (y0 + r) - y : (y > y1 - r ? y - (y1 - r) : 0)
            guard dy > 0 else { return 0 }
            return dy >= r ? r : r - (r * r - dy * dy).squareRoot()
        }
        let subRows = 4
        for row in Int(y0.rounded(.down))..<Int(y1.rounded(.up)) {
            // Horizontal insets at four sample heights inside this pixel row (and inside the rect).
            var insets: [Double] = []
            for k in 0..<subRows {
                let y = Double(row) + (Double(k) + 0.5) / Double(subRows)
                if y >= y0 && y <= y1 { insets.append(inset(atY: y)) }
            }
            guard !insets.isEmpty else { continue }
            let verticalCover = Double(insets.count) / Double(subRows)
            let widest = insets.min()!, narrowest = insets.max()!
            let solidLeft = Int((x0 + narrowest).rounded(.up)), solidRight = Int((x1 - narrowest).rounded(.down))
            if solidRight > solidLeft {
                let a = UInt8((Double(color.a) * verticalCover).rounded())
                setDrawBlending(true)
                SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, a)
                var strip = SDL_Rect(x: Int32(solidLeft), y: Int32(row), w: Int32(solidRight - solidLeft), h: 1)
                SDL_RenderFillRect(renderer, &strip)
            }
            // Edge pixels on both sides: coverage averaged over the sample rows.
            let leftStart = Int((x0 + widest).rounded(.down))
            for px in leftStart..<min(solidLeft, solidRight) {
                let cover = insets.reduce(0) { $0 + max(0, min(1, Double(px + 1) - (x0 + $1))) } / Double(subRows)
                point(px, row, color, cover)
            }
            let rightEnd = Int((x1 - widest).rounded(.up))
            for px in max(solidRight, solidLeft)..<rightEnd {
                let cover = insets.reduce(0) { $0 + max(0, min(1, (x1 - $1) - Double(px))) } / Double(subRows)
                point(px, row, color, cover)
            }
        }
    }

    private func point(_ x: Int, _ y: Int, _ color: Color, _ coverage: Double) {
        guard coverage > 0.004 else { return }
        setDrawBlending(true)
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, UInt8((Double(color.a) * coverage).rounded()))
        var pixel = SDL_Rect(x: Int32(x), y: Int32(y), w: 1, h: 1)
        SDL_RenderFillRect(renderer, &pixel)
    }

    /// Line height in logical pixels for `font`.
    public func lineHeight(_ font: FontSpec) -> Double {
        guard let primary = fonts.primary(font, scale: scale) else { return font.size * 1.2 }
        return Double(primary.height) / scale
    }

    /// Width of `text` in logical pixels when drawn in `font` (with fallback faces).
    public func measure(_ text: String, font: FontSpec) -> Double {
        var width = 0.0
        for segment in fonts.segments(of: text, spec: font, scale: scale) {
            width += Double(segment.font.nativeWidth(of: segment.text)) * segment.font.fit
        }
        return width / scale
    }

    /// Draws one line of `text` with its line box's top-left corner at (`x`, `y`) logical
    /// pixels and returns its advance width in logical pixels. Each glyph is drawn where
    /// ``measure(_:font:)`` counts it, at the sum of the advances before it (see
    /// ``LoadedFont/glyphInk(_:)``). Rendered lines are cached, as textures or, where the painter
    /// writes ``pixelSurface`` itself, as ``InkBitmap``s; a cached line costs one copy or blend
    /// per font segment (per emoji in a colour face). A right-to-left run's shaped clusters are
    /// shaped right to left (HarfBuzz, with the script of its first strong character) and its
    /// pieces are placed from right to left.
    @discardableResult
    public func text(_ text: String, x: Double, y: Double, font: FontSpec, color: Color,
                     rightToLeft: Bool = false) -> Double {
        guard !text.isEmpty,
              let entry = texture(for: text, font: font, color: color, rightToLeft: rightToLeft) else { return 0 }
        let originX = Int32(devicePixel(x)), originY = Int32(devicePixel(y))
        let target = entry.direct ? directPixels : nil
        if target != nil { SDL_RenderFlush(renderer) }
        if pendingFill != nil, let first = entry.pieces.first {
            var top = first.destination.y, bottom = first.destination.y + first.destination.h
            for piece in entry.pieces {
                top = min(top, piece.destination.y)
                bottom = max(bottom, piece.destination.y + piece.destination.h)
            }
            settle(rows: (originY + top)..<(originY + bottom))
        }
        var queued = false   // a texture piece SDL has not drawn yet
        for piece in entry.pieces {
            var destination = piece.destination
            destination.x += originX
            destination.y += originY
            switch piece.ink {
            case .texture(let texture):
                SDL_RenderCopy(renderer, texture, nil, &destination)
                queued = true
            case .bitmap(let bitmap):
                if queued { SDL_RenderFlush(renderer); queued = false }
                if let target { bitmap.blend(into: target, x: destination.x, y: destination.y, clip: clipRect) }
            }
        }
        return Double(entry.width) / scale
    }

    private func texture(for text: String, font: FontSpec, color: Color, rightToLeft: Bool) -> TextTexture? {
        let direct = blendsTextDirectly
        let key = TextTextureCache.Key(text: text, font: font, color: color, pixelScale: scale,
                                       rightToLeft: rightToLeft, direct: direct)
        if let cached = textCache.lookup(key) { return cached }
        guard let primary = fonts.primary(font, scale: scale) else { return nil }
        var pieces: [TextTexture.Piece] = []
        var penX = 0.0
        var bytes = 0
        var segments = fonts.segments(of: text, spec: font, scale: scale)
        if rightToLeft { segments.reverse() }
        let script = rightToLeft ? Self.script(of: text) : nil
        for segment in segments {
            let face = segment.font
            // Each piece goes where the widths before it add up to, as the measurer adds them
            // (``LoadedFont/forEachPiece(of:_:)``), right to left in a right-to-left run.
            var facePieces: [LoadedFont.Piece] = []
            face.forEachPiece(of: segment.text) { facePieces.append($0) }
            if rightToLeft { facePieces.reverse() }
            let top = Int((Double(primary.ascent) - Double(face.ascent) * face.fit).rounded())
            if face.isOutline {
                // Glyphs in one colour: each glyph's coverage at its pen, in one bitmap.
                let origin = Int(penX.rounded())
                var pen = 0
                var placed: [(ink: CoverageInk, pen: Int)] = []
                for piece in facePieces {
                    switch piece {
                    case .glyph(let scalar, _):
                        if let ink = face.glyphInk(scalar) { placed.append((ink, pen)) }
                    case .shaped(let shaped, _):
                        if let ink = shapedCoverage(shaped, face: face, script: script) { placed.append((ink, pen)) }
                    }
                    pen += piece.width
                }
                penX += Double(pen)
                guard let ink = CoverageInk.combining(placed)?.scaled(byAlpha: color.a),
                      let piece = inkPiece(ink, color: color, direct: direct) else { continue }
                var destination = piece.destination
                destination.x += Int32(origin)
                destination.y += Int32(top)
                pieces.append(.init(ink: piece.ink, destination: destination))
                bytes += piece.bytes
            } else {
                // Colour glyphs and scaled bitmap strikes: each piece rendered and scaled alone.
                for piece in facePieces {
                    defer { penX += Double(piece.width) * face.fit }
                    guard let made = imagePiece(piece, face: face, color: color, script: script, direct: direct)
                    else { continue }
                    var destination = made.destination
                    destination.x += Int32(penX.rounded())
                    destination.y += Int32(top)
                    pieces.append(.init(ink: made.ink, destination: destination))
                    bytes += made.bytes
                }
            }
        }
        let entry = TextTexture(pieces: pieces, width: Int(penX.rounded()), height: primary.height, bytes: bytes,
                                direct: direct)
        textCache.insert(entry, for: key)
        renderedTexts += 1
        return entry
    }

    /// The coverage of clusters that need shaping, drawn by SDL_ttf (HarfBuzz) as one piece:
    /// right to left with `script` in a right-to-left run.
    private func shapedCoverage(_ text: String, face: LoadedFont, script: String?) -> CoverageInk? {
        if let script {
            TTF_SetFontDirection(face.handle, TTF_DIRECTION_RTL)
            TTF_SetFontScriptName(face.handle, script)
        }
        let rendered = TTF_RenderUTF8_Shaded(face.handle, text, SDL_Color(r: 255, g: 255, b: 255, a: 255),
                                             SDL_Color(r: 0, g: 0, b: 0, a: 255))
        if script != nil {
            TTF_SetFontDirection(face.handle, TTF_DIRECTION_LTR)
            TTF_SetFontScriptName(face.handle, "Zzzz")
        }
        guard let rendered else { return nil }
        defer { SDL_FreeSurface(rendered) }
        return CoverageInk(coverage: rendered, penX: 0, lineTop: 0)
    }

    /// Coverage in `color` as what the painter draws: an ``InkBitmap`` where it blends text
    /// itself, else a texture of the colour with the coverage as its alpha. Its destination is
    /// relative to the pen and the top of the line box.
    private func inkPiece(_ ink: CoverageInk, color: Color,
                          direct: Bool) -> (ink: TextTexture.Ink, destination: SDL_Rect, bytes: Int)? {
        let destination = SDL_Rect(x: Int32(ink.x), y: Int32(ink.y), w: Int32(ink.width), h: Int32(ink.height))
        let rgb = UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
        if direct {
            let bitmap = InkBitmap(width: ink.width, height: ink.height, pixels: .coverage(ink.coverage, rgb: rgb))
            return (.bitmap(bitmap), destination, bitmap.bytes)
        }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(ink.width), Int32(ink.height), 32,
                                                           SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        defer { SDL_FreeSurface(surface) }
        let pitch = Int(surface.pointee.pitch)
        for y in 0..<ink.height {
            let row = (surface.pointee.pixels + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<ink.width { row[x] = UInt32(ink.coverage[y * ink.width + x]) << 24 | rgb }
        }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        return (.texture(texture), destination, ink.width * ink.height * 4)
    }

    /// A piece of a colour or scaled bitmap face (an emoji, a flag), rendered by SDL_ttf in
    /// `color` and scaled by the face's fit, its destination relative to the pen and the top of
    /// the line box.
    private func imagePiece(_ piece: LoadedFont.Piece, face: LoadedFont, color: Color, script: String?,
                            direct: Bool) -> (ink: TextTexture.Ink, destination: SDL_Rect, bytes: Int)? {
        let text: String
        switch piece {
        case .glyph(let scalar, _): text = String(Character(scalar))
        case .shaped(let shaped, _): text = shaped
        }
        if let script {
            TTF_SetFontDirection(face.handle, TTF_DIRECTION_RTL)
            TTF_SetFontScriptName(face.handle, script)
        }
        let rendered = TTF_RenderUTF8_Blended(face.handle, text, SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a))
        if script != nil {
            TTF_SetFontDirection(face.handle, TTF_DIRECTION_LTR)
            TTF_SetFontScriptName(face.handle, "Zzzz")
        }
        guard let rendered else { return nil }
        defer { SDL_FreeSurface(rendered) }
        guard let surface = face.fit == 1 ? rendered : Self.scaled(rendered, by: face.fit) else { return nil }
        defer { if surface != rendered { SDL_FreeSurface(surface) } }
        // Only the ink is kept: the transparent margins of the line box cost a blend per pixel
        // at every draw and change nothing.
        guard let ink = Self.inkBounds(surface) else { return nil }
        if direct, let bitmap = InkBitmap(surface: surface, area: ink) {
            return (.bitmap(bitmap), ink, bitmap.bytes)
        }
        guard let texture = Self.texture(renderer, from: surface, area: ink) else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        return (.texture(texture), ink, Int(ink.w) * Int(ink.h) * 4)
    }

    /// The smallest rectangle holding every pixel of `surface` that is not fully transparent
    /// (ARGB8888) or not zero (8-bit coverage); `nil` when none is (a run of spaces). The whole
    /// surface in any other format.
    static func inkBounds(_ surface: UnsafeMutablePointer<SDL_Surface>) -> SDL_Rect? {
        let s = surface.pointee
        let whole = SDL_Rect(x: 0, y: 0, w: s.w, h: s.h)
        guard s.w > 0, s.h > 0, let pixels = s.pixels else { return nil }
        switch s.format.pointee.format {
        case SDL_PIXELFORMAT_ARGB8888.rawValue:
            return inkBounds(pixels, pitch: Int(s.pitch), width: Int(s.w), height: Int(s.h), as: UInt32.self) { $0 >> 24 != 0 }
        case SDL_PIXELFORMAT_INDEX8.rawValue:
            return inkBounds(pixels, pitch: Int(s.pitch), width: Int(s.w), height: Int(s.h), as: UInt8.self) { $0 != 0 }
        default:
            return whole
        }
    }

    @inline(__always)
    private static func inkBounds<Pixel>(_ pixels: UnsafeMutableRawPointer, pitch: Int, width: Int, height: Int,
                                         as: Pixel.Type, hasInk: (Pixel) -> Bool) -> SDL_Rect? {
        var minX = width, maxX = -1, minY = height, maxY = -1
        for y in 0..<height {
            let row = (pixels + y * pitch).assumingMemoryBound(to: Pixel.self)
            // From each end to the first ink: a row of text has ink near both ends, so this
            // reads a few pixels of it where walking the whole row read them all (a sixth of
            // the instructions of rendering new text, in a flood's callgrind profile).
            var first = 0
            while first < width, !hasInk(row[first]) { first += 1 }
            guard first < width else { continue }
            var last = width - 1
            while !hasInk(row[last]) { last -= 1 }
            minX = min(minX, first); maxX = max(maxX, last)
            minY = min(minY, y); maxY = y
        }
        guard maxX >= 0 else { return nil }
        return SDL_Rect(x: Int32(minX), y: Int32(minY), w: Int32(maxX - minX + 1), h: Int32(maxY - minY + 1))
    }

    /// A texture of the `area` of `surface`.
    static func texture(_ renderer: OpaquePointer, from surface: UnsafeMutablePointer<SDL_Surface>,
                        area: SDL_Rect) -> OpaquePointer? {
        let s = surface.pointee
        if area.x == 0, area.y == 0, area.w == s.w, area.h == s.h { return SDL_CreateTextureFromSurface(renderer, surface) }
        guard let pixels = s.pixels, let format = s.format else { return nil }
        let offset = Int(area.y) * Int(s.pitch) + Int(area.x) * Int(format.pointee.BytesPerPixel)
        guard let part = SDL_CreateRGBSurfaceWithFormatFrom(pixels + offset, area.w, area.h, Int32(format.pointee.BitsPerPixel),
                                                            s.pitch, format.pointee.format) else { return nil }
        defer { SDL_FreeSurface(part) }
        return SDL_CreateTextureFromSurface(renderer, part)
    }

    /// `surface` scaled by `factor` with bilinear filtering, as a new ARGB8888 surface (a colour
    /// emoji strike scaled to the line once, when it is cached). Drawn 1:1 afterwards, the glyph
    /// looks the same whatever part of it a damaged rectangle clips, which a texture scaled at
    /// each draw does not: SDL scales a clipped copy from a proportionally cut source.
    static func scaled(_ surface: UnsafeMutablePointer<SDL_Surface>, by factor: Double) -> UnsafeMutablePointer<SDL_Surface>? {
        let format = SDL_PIXELFORMAT_ARGB8888.rawValue
        let w = max(1, Int32((Double(surface.pointee.w) * factor).rounded()))
        let h = max(1, Int32((Double(surface.pointee.h) * factor).rounded()))
        guard let source = surface.pointee.format.pointee.format == format ? surface
                : SDL_ConvertSurfaceFormat(surface, format, 0) else { return nil }
        defer { if source != surface { SDL_FreeSurface(source) } }
        guard let result = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, format) else { return nil }
        if SDL_SoftStretchLinear(source, nil, result, nil) != 0 {
            SDL_FreeSurface(result)
            return nil
        }
        return result
    }

    /// The ISO 15924 tag HarfBuzz needs to shape a right-to-left run: Arabic-script letters
    /// join only when the buffer's script says Arabic.
    static func script(of text: String) -> String {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0590...0x05FF, 0xFB1D...0xFB4F: return "Hebr"
            case 0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return "Arab"
            case 0x0700...0x074F: return "Syrc"
            case 0x0780...0x07BF: return "Thaa"
            case 0x07C0...0x07FF: return "Nkoo"
            default: continue
            }
        }
        return "Zzzz"
    }

    /// The output pixel edge nearest to the logical coordinate `v`: halves round up, with a
    /// margin far above floating-point noise. The same position then rounds the same way
    /// wherever it is: `round(v + n) == round(v) + n` for a whole number of pixels n, even for
    /// an edge meant to lie at exactly half a pixel (a 14 px font's underline offset at scale 3)
    /// that arithmetic left a hair below .5 in one place and above it in another. Moving pixels
    /// instead of repainting them (``scrollPixels(_:dy:)``) relies on it.
    func devicePixel(_ v: Double) -> Double {
        (v * scale + 0.5 + 1e-6).rounded(.down)
    }

    /// Every output pixel `rect` touches, even partly (edges rounded outwards).
    func pixelBounds(_ rect: Rect) -> SDL_Rect {
        let x0 = (rect.minX * scale).rounded(.down), y0 = (rect.minY * scale).rounded(.down)
        let x1 = (rect.maxX * scale).rounded(.up), y1 = (rect.maxY * scale).rounded(.up)
        return SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(x1 - x0), h: Int32(y1 - y0))
    }

    /// Every output pixel `rect` touches, kept inside `surface` (what a window surface must
    /// send to the display after `rect` was painted).
    public func outputRect(_ rect: Rect, within surface: SDL_Surface) -> SDL_Rect {
        Self.intersection(pixelBounds(rect), SDL_Rect(x: 0, y: 0, w: surface.w, h: surface.h))
    }

    func pixelRect(_ rect: Rect) -> SDL_Rect {
        let x0 = devicePixel(rect.minX), y0 = devicePixel(rect.minY)
        let x1 = devicePixel(rect.maxX), y1 = devicePixel(rect.maxY)
        return SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(x1 - x0), h: Int32(y1 - y0))
    }
}
