import Widgets
import CSDL2
import CSDL2Image
import Glibc

/// Starts SDL's subsystems the way Natter uses them.
///
/// Only the video subsystem is started: with joystick or sensor subsystems running, SDL must
/// poll for events, and the window loop would no longer block while nothing happens.
public enum SDLRuntime {
    /// Starts SDL for a real window. Fails with a clear message when there is no display.
    public static func startForWindow() throws(BackendError) {
        let env = ProcessEnvironment()
        if env["SDL_VIDEODRIVER"] == nil, env["DISPLAY"] == nil, env["WAYLAND_DISPLAY"] == nil {
            throw BackendError("""
                no display: neither DISPLAY nor WAYLAND_DISPLAY is set, so there is no screen to \
                open a window on. Run Natter inside a desktop session (or under Xvfb), or use \
                `natter render` to draw to PNG files without one.
                """)
        }
        try start()
    }

    /// Starts SDL with the `dummy` video driver: no window, drawing goes to surfaces with the
    /// software renderer.
    public static func startHeadless() throws(BackendError) {
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
        try start()
    }

    /// The video driver SDL runs on (`x11`, `wayland`, `dummy`, …), nil before it started.
    public static var videoDriver: String? { SDL_GetCurrentVideoDriver().map { String(cString: $0) } }

    /// The scale the desktop asks for (see `DesktopScale`), or `configured` if set: where
    /// the platform does not scale pixels itself (X11), read from the environment and the X
    /// resource database.
    public static func desktopScale(configured: Double?, environment: [String: String]) -> Double {
        let platformScales = videoDriver != "x11"
        return DesktopScale.resolve(configured: configured, environment: environment,
                                    resources: platformScales || configured != nil ? nil : XResources.read(),
                                    platformScales: platformScales)
    }

    private static func start() throws(BackendError) {
        if SDL_WasInit(SDL_INIT_VIDEO) == 0, SDL_Init(SDL_INIT_VIDEO) != 0 {
            throw BackendError.sdl("SDL could not start its video subsystem")
        }
        let wanted = Int32(IMG_INIT_PNG.rawValue)
        if IMG_Init(wanted) & wanted == 0 { throw BackendError.sdl("SDL_image has no PNG support") }
    }
}

/// Reads the process environment without Foundation.
struct ProcessEnvironment {
    subscript(name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let string = String(cString: value)
        return string.isEmpty ? nil : string
    }
}
