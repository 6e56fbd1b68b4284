import ChatModel
import Widgets

/// A previewed image over the whole window: a dimmed backdrop, the image at its zoom and offset
/// (an ``ImageViewState``), and a bar with its URL, its size in pixels, the zoom and the keys.
///
/// Escape closes it, as does a click on the backdrop beside the image; `0` or `F` fit, `1`
/// shows it pixel for pixel (so does a double click, around the pointer, and another fits it
/// again), `+`/`-`, Ctrl+wheel and a pinch zoom (around the pointer), a drag
/// (with momentum and the rubber band), the wheel and the arrow keys pan; a right-click opens
/// a menu (copy the link, save the image, open it in the browser). Nothing reaches the chat
/// below while it is open. What the menu does is the presenter's (``onCopyLink``, …): no file
/// is touched here.
@MainActor
public final class ImageViewer: Widget {
    /// The image shown.
    public let thumbnail: PreviewThumbnail
    /// Where the image is (zoom, offset, motion).
    public internal(set) var state: ImageViewState
    /// Called once the viewer has closed.
    public var onClose: (() -> Void)?
    /// "Copy link": the image's URL.
    public var onCopyLink: ((String) -> Void)?
    /// "Open in browser": the image's URL.
    public var onOpenLink: ((String) -> Void)?
    /// "Save image as…" (nil: the item is disabled).
    public var onSaveAs: (() -> Void)?
    /// The menu open, if any.
    public internal(set) var menu: PopupMenu?
    /// The image file drawn: the whole image, else the thumbnail.
    public var imagePath: String { thumbnail.originalPath ?? thumbnail.path }
    /// How far an arrow key pans (px).
    public static let arrowStep = 60.0
    /// How far a wheel notch pans (px).
    public static let notchStep = 80.0
    /// The bar's height (px).
    public static let barHeight = 32.0
    /// The colours of the bar and the menu (the theme switches live).
    public var theme: ChatTheme { didSet { if theme != oldValue { setNeedsPaint() } } }
    private var outputScale: Double
    /// A left press on the backdrop beside the image: released there, it closes the viewer.
    var backdropPress: Point?
    var closed = false

    /// A viewer of `thumbnail` in `theme`'s colours, for an output of `scale` pixels per
    /// logical pixel (1:1 is one image pixel per screen pixel).
    public init(thumbnail: PreviewThumbnail, theme: ChatTheme, scale: Double = 1) {
        self.thumbnail = thumbnail
        self.theme = theme
        outputScale = scale > 0 && scale.isFinite ? scale : 1
        state = ImageViewState(imageSize: Self.imageSize(thumbnail, scale: outputScale), viewport: .zero)
        super.init()
    }

    /// The image's size at zoom 1 in logical px: its pixels over the output's scale (the
    /// thumbnail's size when the pixels are not known).
    static func imageSize(_ thumbnail: PreviewThumbnail, scale: Double) -> Size {
        guard thumbnail.pixelWidth > 0, thumbnail.pixelHeight > 0 else {
            return Size(width: thumbnail.width, height: thumbnail.height)
        }
        return Size(width: Double(thumbnail.pixelWidth) / scale, height: Double(thumbnail.pixelHeight) / scale)
    }

    public override var isFocusable: Bool { true }

    /// Shows the viewer over everything in `host`, taking the keyboard (given back on close).
    public func show(in host: WidgetHost) {
        closed = false
        host.showOverlay(self, at: .zero, dismissOnOutsideClick: false, takesFocus: true)
    }

    /// Closes the viewer (and its menu).
    public func close() {
        menu?.dismiss()
        host?.dismissOverlay(self)
    }

    public override func overlayDismissed() {
        guard !closed else { return }
        closed = true
        onClose?()
    }

    /// The time now on the host's clock (s).
    var now: Double { host?.now.seconds ?? 0 }

    /// Where the image is shown: the window above the bar.
    public var viewportRect: Rect {
        Rect(x: 0, y: 0, width: bounds.width, height: max(0, bounds.height - Self.barHeight))
    }

    /// The image's rectangle in the viewer now.
    public var imageRect: Rect { state.imageRect(at: now).offsetBy(viewportRect.origin) }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let size = constraints.biggest
        let scale = host?.scale ?? outputScale
        if scale != outputScale, scale > 0 {
            // Another output scale (a zoom): 1:1 is a different logical size.
            outputScale = scale
            state = ImageViewState(imageSize: Self.imageSize(thumbnail, scale: scale), viewport: .zero)
        }
        state.setViewport(Size(width: size.width, height: max(0, size.height - Self.barHeight)), now: now)
        return size
    }

    // MARK: - Motion

    /// After each change: a repaint, and frames while the image moves.
    func changed() {
        setNeedsPaint()
        guard let host else { return }
        if state.isAnimating(at: now) { host.requestTick(for: self, at: host.now + 1.0 / 60) } else { host.cancelTick(for: self) }
    }

    public override func tick(_ time: FrameTime) -> FrameTime? {
        state.advance(to: time.seconds)
        setNeedsPaint()
        return state.isAnimating(at: time.seconds) ? time + 1.0 / 60 : nil
    }

    // MARK: - Painting

    public override func paint(_ context: inout PaintContext) {
        context.fill(bounds, Color(r: 0, g: 0, b: 0, a: 0xD9))
        let viewport = viewportRect
        let saved = context.clip
        context.pushClip(viewport)
        context.image(imagePath, in: state.imageRect(at: context.time.seconds).offsetBy(viewport.origin))
        context.popClip(restoring: saved)
        paintBar(&context, zoom: state.zoom(at: context.time.seconds))
    }

    /// The bar: the URL on the left (cut with "…"), then the size and zoom, then the keys
    /// (left out when the window is too narrow for them and some of the URL).
    private func paintBar(_ context: inout PaintContext, zoom: Double) {
        let bar = Rect(x: 0, y: bounds.height - Self.barHeight, width: bounds.width, height: Self.barHeight)
        context.fill(bar, theme.base.surface)
        context.fill(Rect(x: 0, y: bar.minY, width: bar.width, height: 1), theme.base.border)
        let font = FontSpec(role: .ui, size: 13)
        let info = context.layoutText(StyledText(infoText(zoom: zoom), attributes: TextAttributes(
            font: FontSpec(role: .ui, size: 13, bold: true), foreground: theme.base.text)), maxWidth: nil)
        let hints = context.layoutText(StyledText(Self.hints, attributes: TextAttributes(font: font, foreground: theme.dimText)),
                                       maxWidth: nil)
        let gap = 20.0, margin = 12.0
        var right = bar.width - margin
        let showsHints = right - hints.size.width - gap - info.size.width - gap >= margin + 120
        if showsHints {
            right -= hints.size.width
            context.drawText(hints, at: Point(x: right, y: bar.midY - hints.size.height / 2))
            right -= gap
        }
        right -= info.size.width
        context.drawText(info, at: Point(x: max(margin, right), y: bar.midY - info.size.height / 2))
        let urlWidth = right - gap - margin
        guard urlWidth > 20 else { return }
        let url = context.layoutText(StyledText(thumbnail.imageURL, attributes: TextAttributes(font: font, foreground: theme.base.text)),
                                     fittingWidth: urlWidth)
        context.drawText(url, at: Point(x: margin, y: bar.midY - url.size.height / 2))
    }

    /// The keys, as the bar shows them.
    public static let hints = "Esc closes · 0 fit · 1 actual size · Ctrl+wheel zoom"

    /// The size and zoom, as the bar shows them ("1600 × 1000 · 50 %").
    public func infoText(zoom: Double) -> String {
        let percent = Int((zoom * 100).rounded())
        let size = thumbnail.pixelWidth > 0 ? "\(thumbnail.pixelWidth) × \(thumbnail.pixelHeight) · " : ""
        return size + "\(percent) %"
    }

    // MARK: - Input (ImageViewer+Input.swift)

    public override func keyDown(_ event: KeyEvent) -> Bool { handleKey(event) }
    /// Typed text is the keys' (a `+` typed with Shift): nothing goes to the input line below.
    public override func textInput(_ text: String) -> Bool { true }
    public override func mouseDown(_ event: MouseEvent) -> Bool { handlePress(event) }
    public override func mouseDragged(_ event: MouseEvent) { handleDrag(event) }
    public override func mouseUp(_ event: MouseEvent) { handleRelease(event) }
    public override func scrollWheel(_ event: WheelEvent) -> Bool { handleWheel(event) }
    public override func magnify(_ event: MagnifyEvent) -> Bool { handleMagnify(event) }

    public override func cursor(at point: Point) -> CursorShape? {
        imageRect.contains(point) ? .hand : .arrow
    }
}
