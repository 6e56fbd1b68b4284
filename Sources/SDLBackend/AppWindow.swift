import Widgets
import CSDL2

/// What the window loop tells its owner.
public enum WindowEvent {
    /// The user asked to quit: window closed, Ctrl+Q, or SIGINT/SIGTERM (which SDL turns
    /// into a quit event).
    case quitRequested
    /// The window's logical size or pixel density changed.
    case resized(width: Int, height: Int, scale: Double)
    /// A key was pressed.
    case keyDown(KeyPress)
    /// Another thread called `AppWindow.wakeUp()`.
    case wakeUp
}

/// Whether the loop goes on after an event, and whether the window must be drawn again.
public struct LoopAction: Sendable {
    /// Stop the loop and return from `run`.
    public var quit: Bool
    /// Draw a new frame before waiting again.
    public var redraw: Bool
    public init(quit: Bool = false, redraw: Bool = false) { self.quit = quit; self.redraw = redraw }
    public static let none = LoopAction()
    public static let redraw = LoopAction(redraw: true)
    public static let quit = LoopAction(quit: true)
}

/// Natter's one resizable, HiDPI-aware SDL window and its event loop.
///
/// The loop blocks in `SDL_WaitEvent` while nothing happens — no polling, no timer, no
/// redraw at a fixed rate — so an idle Natter uses no CPU. Other threads (the network) wake
/// it with `wakeUp()`, which posts an SDL user event.
public final class AppWindow {
    /// The `SDL_Window *`.
    public let window: OpaquePointer
    /// The painter for the window's renderer.
    public let painter: Painter
    /// The `SDL_Renderer *` of the window.
    public let renderer: OpaquePointer

    /// Size in logical pixels.
    public private(set) var width: Int
    /// Size in logical pixels.
    public private(set) var height: Int
    /// Size in the window system's units (what SDL and the window manager call the window's
    /// size): logical pixels times ``contentScale``.
    public private(set) var windowSize = (width: 0, height: 0)
    /// Pixels per window unit that the platform gives by itself (2 on a Wayland output at 2×,
    /// 1 on X11 whatever the desktop's scale).
    public private(set) var pixelRatio = 1.0

    /// How much larger than 1:1 everything is drawn on top of ``pixelRatio``: the desktop's
    /// scale where the platform does not apply it (X11, see `DesktopScale`) times the user's
    /// zoom. Setting it keeps the window's size on screen and changes its logical size; the
    /// owner then lays out again (``WidgetWindow/setContentScale(_:)`` does both).
    public var contentScale = 1.0 {
        didSet { if contentScale != oldValue { _ = updateSize() } }
    }

    /// Whether the window draws with SDL's software renderer.
    public let isSoftwareRendered: Bool

    /// Opens the window (SDL must be started with `SDLRuntime.startForWindow()`), drawn by the
    /// renderer `renderer` picks.
    public init(title: String, width: Int, height: Int, fonts: FontLibrary,
                renderer choice: RendererChoice = .auto) throws(BackendError) {
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        let centred = Int32(SDL_WINDOWPOS_CENTERED_MASK)
        guard let window = SDL_CreateWindow(title, centred, centred, Int32(width), Int32(height), flags) else {
            throw BackendError.sdl("cannot open the window")
        }
        SDL_SetWindowMinimumSize(window, 320, 240)
        // The software renderer where GL would be a software one too (RendererChoice); else any
        // renderer, accelerated where the display has one, software if that fails.
        let software = choice.usesSoftware()
        if software {
            // Else SDL backs the software renderer's window surface with a GL renderer of its
            // own ("framebuffer acceleration"), loading the very GL stack this avoids.
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        }
        let made = software ? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
            : SDL_CreateRenderer(window, -1, 0) ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        guard let renderer = made else {
            SDL_DestroyWindow(window)
            throw BackendError.sdl("cannot create a renderer for the window")
        }
        self.window = window
        self.renderer = renderer
        var info = SDL_RendererInfo()
        isSoftwareRendered = SDL_GetRendererInfo(renderer, &info) == 0 && info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
        self.width = width
        self.height = height
        painter = Painter(renderer: renderer, scale: 1, fonts: fonts)
        SDL_StartTextInput()
        // Files dropped on the window are uploaded where the network has a file host.
        _ = SDL_EventState(UInt32(SDL_DROPFILE.rawValue), SDL_ENABLE)
        _ = updateSize()
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    /// The SDL event type that `wakeUp()` posts.
    nonisolated(unsafe) static var wakeEventType: UInt32 = {
        let type = SDL_RegisterEvents(1)
        return type == UInt32.max ? SDL_USEREVENT.rawValue : type
    }()

    /// Wakes the loop from any thread; the owner then sees `.wakeUp`.
    public static func wakeUp() {
        var event = SDL_Event()
        event.type = wakeEventType
        SDL_PushEvent(&event)
    }

    /// Runs the loop until `handle` returns an action with `quit`: draws once, then for each
    /// batch of events calls `handle` per event and `draw` if any of them asked for a redraw.
    public func run(handle: (WindowEvent) -> LoopAction, draw: (Painter, Int, Int) -> Void) {
        _ = AppWindow.wakeEventType
        present(draw)
        var event = SDL_Event()
        while true {
            guard SDL_WaitEvent(&event) == 1 else { return }
            var redraw = false
            repeat {
                guard let windowEvent = translate(event) else {
                    redraw = redraw || needsRedraw(event)
                    continue
                }
                let action = handle(windowEvent)
                if action.quit { return }
                redraw = redraw || action.redraw
            } while SDL_PollEvent(&event) == 1
            if redraw { present(draw) }
        }
    }

    private func present(_ draw: (Painter, Int, Int) -> Void) {
        draw(painter, width, height)
        SDL_RenderPresent(renderer)
    }

    private func translate(_ event: SDL_Event) -> WindowEvent? {
        switch event.type {
        case SDL_QUIT.rawValue:
            return .quitRequested
        case SDL_KEYDOWN.rawValue:
            return .keyDown(KeyPress(event.key.keysym))
        case SDL_WINDOWEVENT.rawValue:
            let id = UInt32(event.window.event)
            if id == SDL_WINDOWEVENT_SIZE_CHANGED.rawValue || id == SDL_WINDOWEVENT_DISPLAY_CHANGED.rawValue,
               updateSize() {
                return .resized(width: width, height: height, scale: painter.scale)
            }
            return nil
        case AppWindow.wakeEventType:
            return .wakeUp
        default:
            return nil
        }
    }

    private func needsRedraw(_ event: SDL_Event) -> Bool {
        guard event.type == SDL_WINDOWEVENT.rawValue else { return false }
        let id = UInt32(event.window.event)
        return id == SDL_WINDOWEVENT_EXPOSED.rawValue || id == SDL_WINDOWEVENT_SHOWN.rawValue
            || id == SDL_WINDOWEVENT_RESTORED.rawValue
    }

    /// Brings the window to the front (restoring it when minimised), as when another `natter`
    /// hands this one a link.
    public func raise() {
        if SDL_GetWindowFlags(window) & SDL_WINDOW_MINIMIZED.rawValue != 0 { SDL_RestoreWindow(window) }
        SDL_RaiseWindow(window)
    }

    /// Hides the window (quitting: what is left to do should not look like a hung window).
    public func hide() {
        SDL_HideWindow(window)
    }

    /// Marks the window as wanting attention (the taskbar's urgent hint) until it is focused.
    public func requestAttention() {
        SDL_FlashWindow(window, SDL_FLASH_UNTIL_FOCUSED)
    }

    /// Reads the logical and pixel sizes again (after a resize or a move to another display).
    public func refreshSize() { _ = updateSize() }

    /// Reads the logical and pixel sizes; returns whether anything changed.
    private func updateSize() -> Bool {
        var w: Int32 = 0, h: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        pixelRatio = w > 0 ? Double(pw) / Double(w) : 1
        let scale = pixelRatio * contentScale
        // Logical pixels cover the window's pixels whole: rounding down leaves at most a pixel
        // unpainted at the edge, where rounding up would lay out text that is cut off.
        let logicalWidth = Int((Double(pw) / scale).rounded(.down)), logicalHeight = Int((Double(ph) / scale).rounded(.down))
        let changed = logicalWidth != width || logicalHeight != height || scale != painter.scale
        windowSize = (Int(w), Int(h))
        width = logicalWidth; height = logicalHeight
        if scale != painter.scale { painter.scale = scale }
        return changed
    }
}
