import CSDL2
import Widgets

/// Runs a widget tree in the SDL window: SDL events become the toolkit's input events, and a
/// frame is drawn only when something changed, only where it changed.
///
/// The loop blocks in `SDL_WaitEvent` when no widget has asked for a tick (an idle window uses
/// no CPU), and in `SDL_WaitEventTimeout` until the earliest tick otherwise (animations, the
/// caret, tooltips). Damaged rectangles are repainted into pixels that keep the rest of the
/// frame: with SDL's software renderer, the window's own surface (it persists between frames;
/// only the changed rectangles are sent to the display), otherwise a window-sized target
/// texture copied to the screen.
@MainActor
public final class WidgetWindow {
    /// The window.
    public let window: AppWindow
    /// The widget host the events go to.
    public private(set) var host: WidgetHost
    /// Called before each frame is laid out (the app applies model changes here).
    public var beforeFrame: (() -> Void)?
    /// Sees every key first; returning true consumes it (app-wide shortcuts like Ctrl+Q).
    public var interceptKey: ((KeyEvent) -> Bool)?
    /// Called when another thread woke the loop with `AppWindow.wakeUp()`.
    public var onWake: (() -> Void)?
    /// Called once, when the first frame has been presented (start-up timing).
    public var onFirstFrame: (() -> Void)?
    /// Whether the window should close now (asked on SDL_QUIT and after each batch of events).
    public var shouldQuit: () -> Bool = { false }
    /// Whether work that ``onWake`` takes has arrived again since it last ran (a flood): frames
    /// are then paced by ``pacing``.
    public var isBehind: (() -> Bool)?
    /// How often frames are drawn while ``isBehind`` says so.
    public var pacing = FramePacing()
    private var quitRequested = false
    private var target: OpaquePointer?
    private var targetSize = (w: Int32(0), h: Int32(0))
    /// The window surface the last frame was drawn into (software renderer), to know when SDL
    /// made a new one.
    private var surfaceDrawn: UnsafeMutablePointer<SDL_Surface>?
    private var surfaceSize = (w: Int32(0), h: Int32(0))
    private let measurer: SDLTextMeasurer
    private var cursors: [CursorShape: OpaquePointer] = [:]
    private var textInputOn = false

    /// Seconds on a monotonic clock.
    public static func now() -> Double {
        Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
    }

    /// A window showing `root`.
    public init(window: AppWindow, root: Widget, clipboard: any Clipboard = SDLClipboard()) {
        self.window = window
        measurer = SDLTextMeasurer(painter: window.painter)
        host = WidgetHost(root: root, size: Size(width: Double(window.width), height: Double(window.height)),
                          measurer: measurer, clipboard: clipboard, scale: window.painter.scale,
                          time: FrameTime(seconds: Self.now()))
        SDL_StopTextInput()
        window.painter.decodeImagesInBackground { AppWindow.wakeUp() }
    }

    /// Called when the window moved to another display, before it is laid out again (the app
    /// reads the desktop's scale again there).
    public var onDisplayChanged: (() -> Void)?

    /// Draws everything `scale` times larger than 1:1 (on top of the platform's own pixel
    /// ratio): the window keeps its size on screen, its logical size changes, and the widgets
    /// are laid out again, each scrolled list keeping its anchor row.
    public func setContentScale(_ scale: Double) {
        guard scale != window.contentScale else { return }
        window.contentScale = scale
        surfaceDrawn = nil
        resizeHost()
    }

    private func resizeHost() {
        host.handle(.resize(Size(width: Double(window.width), height: Double(window.height)), scale: window.painter.scale))
    }

    /// Called after the loop closed the font faces, once new text has stopped coming
    /// (``IdleRelease``): the app gives back what else it can (the heap's free pages).
    public var onIdleRelease: (() -> Void)?
    private var idleRelease = IdleRelease()
    /// Texts rendered and faces opened when last looked at (see ``noteNewText(at:)``).
    private var textWork = 0

    /// Asks the loop to end after the current batch of events.
    public func quit() { quitRequested = true }

    /// Runs until the window is closed or `quit()` is called.
    public func run() {
        draw(full: true)
        noteNewText(at: Self.now())
        onFirstFrame?()
        onFirstFrame = nil
        var event = SDL_Event()
        var deferredFrame: Double?
        while !quitRequested {
            // About to wait, with nothing queued (not behind a flood, however long its batches
            // take) and a second gone since the frame that last drew new text: release.
            let mayRelease = deferredFrame == nil && !(isBehind?() ?? false)
            if mayRelease, idleRelease.take(now: Self.now()) {
                window.painter.fonts.closeFaces()
                onIdleRelease?()
            }
            // Woken for the release only when it could be taken: a release due while the loop
            // is behind (a flood into a list scrolled up draws no new text) must not turn the
            // wait into polling.
            let releaseDue = mayRelease ? idleRelease.due : nil
            let got: Int32
            if let wake = [host.nextWakeTime?.seconds, deferredFrame, releaseDue].compactMap({ $0 }).min() {
                let ms = max(0, (wake - Self.now()) * 1000)
                got = ms < 1 ? SDL_PollEvent(&event) : SDL_WaitEventTimeout(&event, Int32(ms.rounded(.up)))
            } else {
                got = SDL_WaitEvent(&event)
            }
            if got == 1 {
                repeat { process(event) } while !quitRequested && SDL_PollEvent(&event) == 1
            }
            if quitRequested || shouldQuit() { break }
            let now = Self.now()
            deferredFrame = pacing.deferral(now: now, behind: isBehind?() ?? false, wakeDue: host.nextWakeTime?.seconds)
            if deferredFrame != nil { continue }
            // Only a painted frame counts: the first one of a flood is not held back by an
            // earlier pass that had nothing to paint.
            if draw(full: false) { pacing.noteFrame(at: now) }
            noteNewText(at: Self.now())
        }
        if let target { SDL_DestroyTexture(target) }
        for cursor in cursors.values { SDL_FreeCursor(cursor) }
    }

    /// Arms ``IdleRelease`` when the painter rendered text or opened faces since last asked.
    private func noteNewText(at now: Double) {
        let work = window.painter.renderedTexts &+ window.painter.fonts.opened
        guard work != textWork else { return }
        textWork = work
        idleRelease.noteNewText(at: now)
    }

    private func process(_ event: SDL_Event) {
        // Anything but our own wake-up (keys, text, the mouse, focus, window changes) means the
        // user or the desktop is at work: frames are not held back for a while.
        if event.type != AppWindow.wakeEventType { pacing.noteInput(at: Self.now()) }
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            quitRequested = true
            return
        case SDL_WINDOWEVENT:
            let id = SDL_WindowEventID(UInt32(event.window.event))
            if id == SDL_WINDOWEVENT_SIZE_CHANGED || id == SDL_WINDOWEVENT_DISPLAY_CHANGED {
                // SDL makes a new window surface, which may reuse the old one's address: the
                // next frame must paint it whole.
                surfaceDrawn = nil
                window.refreshSize()
                if id == SDL_WINDOWEVENT_DISPLAY_CHANGED { onDisplayChanged?() }
                resizeHost()
                return
            }
            if id == SDL_WINDOWEVENT_EXPOSED { host.invalidateAll() }
        default:
            if event.type == AppWindow.wakeEventType {
                // An image decoded on another thread: what shows it is drawn again.
                if window.painter.takeDecodedImages() { host.invalidateAll() }
                onWake?()
                return
            }
        }
        // SDL also reports touches as synthetic mouse events; the finger events carry them.
        let touchMouse = UInt32.max // SDL_TOUCH_MOUSEID, (Uint32)-1
        if (event.type == SDL_MOUSEMOTION.rawValue && event.motion.which == touchMouse)
            || ((event.type == SDL_MOUSEBUTTONDOWN.rawValue || event.type == SDL_MOUSEBUTTONUP.rawValue)
                && event.button.which == touchMouse) {
            return
        }
        guard let input = SDLEventTranslator.translate(event, windowSize: host.size, scale: window.painter.scale,
                                                       contentScale: window.contentScale) else { return }
        host.advance(to: FrameTime(seconds: Self.now()))
        if case .keyDown(let key) = input, interceptKey?(key) == true {
            // Taken (the zoom keys, quit): its text must not be typed (Ctrl+= sends "=").
            host.keyTakenAsShortcut(key)
            return
        }
        host.handle(input)
    }

    /// Draws a frame if anything needs painting; returns whether it painted.
    @discardableResult
    private func draw(full: Bool) -> Bool {
        host.advance(to: FrameTime(seconds: Self.now()))
        beforeFrame?()
        updateTextInput()
        updateCursor()
        guard full || host.needsPaint else { return false }
        if window.isSoftwareRendered, drawIntoWindowSurface(full: full) { return true }
        let renderer = window.renderer
        // No window surface: nothing may be written behind the renderer's back.
        window.painter.pixelSurface = nil
        ensureTarget()
        host.allowsPixelScrolling = target != nil   // moved within the target texture
        var list = DrawList()
        if full || target == nil { host.paintAll(into: &list) } else { _ = host.paint(into: &list) }
        guard !list.commands.isEmpty || full else { return false }
        if let target { SDL_SetRenderTarget(renderer, target) }
        if full || target == nil { window.painter.clear(host.clearColor ?? .black) }
        window.painter.execute(list)
        if let target {
            SDL_SetRenderTarget(renderer, nil)
            SDL_RenderCopy(renderer, target, nil, nil)
        }
        SDL_RenderPresent(renderer)
        return true
    }

    /// Draws the frame straight into the window's surface, where the software renderer draws
    /// anyway: the surface keeps its pixels between frames, so no target texture (a second
    /// copy of the window, 4 MiB at 1280×800, and a full copy per frame) is needed, pixel
    /// moves are a `memmove` in it, and only the rectangles that changed go to the display.
    /// Returns `false` when SDL has no surface for the window (the target path draws then).
    private func drawIntoWindowSurface(full: Bool) -> Bool {
        guard let surface = SDL_GetWindowSurface(window.window) else { return false }
        let painter = window.painter
        if target != nil {
            SDL_DestroyTexture(target)
            target = nil
        }
        // A new surface (the first frame, a resize) holds nothing yet: paint it whole.
        let whole = full || surface != surfaceDrawn || surface.pointee.w != surfaceSize.w || surface.pointee.h != surfaceSize.h
        // Set first: the text cache's bound depends on whether the painter blends text into it.
        painter.pixelSurface = surface
        if whole {
            surfaceSize = (surface.pointee.w, surface.pointee.h)
            painter.boundTextCache(toOutputWidth: Int(surface.pointee.w), height: Int(surface.pointee.h))
        }
        host.allowsPixelScrolling = true
        var list = DrawList()
        var changed: [Rect] = []
        if whole { host.paintAll(into: &list) } else { changed = host.paint(into: &list) }
        guard whole || !list.commands.isEmpty else { return true }
        if whole { painter.clear(host.clearColor ?? .black) }
        painter.execute(list)
        SDL_RenderFlush(window.renderer)
        surfaceDrawn = surface
        if whole {
            SDL_UpdateWindowSurface(window.window)
        } else {
            for case .scroll(let rect, _) in list.commands { changed.append(rect) }
            var rects = changed.map { painter.outputRect($0, within: surface.pointee) }.filter { $0.w > 0 && $0.h > 0 }
            if !rects.isEmpty { SDL_UpdateWindowSurfaceRects(window.window, &rects, Int32(rects.count)) }
        }
        return true
    }

    /// A target texture the size of the output, recreated (and fully repainted) on resize.
    private func ensureTarget() {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(window.renderer, &w, &h)
        guard target == nil || targetSize != (w, h) else { return }
        window.painter.boundTextCache(toOutputWidth: Int(w), height: Int(h))
        if let target { SDL_DestroyTexture(target) }
        target = SDL_CreateTexture(window.renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                   Int32(SDL_TEXTUREACCESS_TARGET.rawValue), w, h)
        targetSize = (w, h)
        host.invalidateAll()
        if let target {
            SDL_SetRenderTarget(window.renderer, target)
            window.painter.clear(host.clearColor ?? .black)
            var list = DrawList()
            host.paintAll(into: &list)
            window.painter.execute(list)
            SDL_SetRenderTarget(window.renderer, nil)
            _ = host.paint(into: &list) // the damage just painted is consumed
        }
    }

    private func updateTextInput() {
        if host.wantsTextInput != textInputOn {
            textInputOn = host.wantsTextInput
            if textInputOn { SDL_StartTextInput() } else { SDL_StopTextInput() }
        }
        if textInputOn, let rect = host.textInputRect {
            // In window units, as the input method places its window.
            let k = window.contentScale
            var r = SDL_Rect(x: Int32(rect.minX * k), y: Int32(rect.minY * k), w: Int32(rect.width * k), h: Int32(rect.height * k))
            SDL_SetTextInputRect(&r)
        }
    }

    private func updateCursor() {
        let shape = host.cursor
        let system: SDL_SystemCursor
        switch shape {
        case .arrow: system = SDL_SYSTEM_CURSOR_ARROW
        case .ibeam: system = SDL_SYSTEM_CURSOR_IBEAM
        case .hand: system = SDL_SYSTEM_CURSOR_HAND
        case .resizeHorizontal: system = SDL_SYSTEM_CURSOR_SIZEWE
        case .resizeVertical: system = SDL_SYSTEM_CURSOR_SIZENS
        }
        if cursors[shape] == nil { cursors[shape] = SDL_CreateSystemCursor(system) }
        if let cursor = cursors[shape], SDL_GetCursor() != cursor { SDL_SetCursor(cursor) }
    }
}

/// The system clipboard through SDL.
public final class SDLClipboard: Clipboard {
    public init() {}
    public func text() -> String? {
        guard SDL_HasClipboardText() == SDL_TRUE, let raw = SDL_GetClipboardText() else { return nil }
        defer { SDL_free(raw) }
        return String(cString: raw)
    }
    public func setText(_ text: String) { SDL_SetClipboardText(text) }
    public func primaryText() -> String? {
        guard SDL_HasPrimarySelectionText() == SDL_TRUE, let raw = SDL_GetPrimarySelectionText() else { return nil }
        defer { SDL_free(raw) }
        return String(cString: raw)
    }
    public func setPrimaryText(_ text: String) { SDL_SetPrimarySelectionText(text) }
}
