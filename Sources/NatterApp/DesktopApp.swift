import NatterUI
import SDLBackend
import Widgets

/// The desktop application: opens the window, shows the chat screen (or the welcome view when
/// no network is configured), and runs the loop until the user quits.
@MainActor
struct DesktopApp {
    var size: WindowSize
    var quickStart: QuickStart?

    func run() throws {
        try SDLRuntime.startForWindow()
        let fonts = try FontLibrary()
        let window = try AppWindow(title: "Natter", width: size.width, height: size.height, fonts: fonts)
        let root = WelcomeView(version: NatterVersion.string)
        let ui = WidgetWindow(window: window, root: root)
        ui.host.clearColor = ChatTheme.dark.base.background
        ui.interceptKey = { key in
            if key.modifiers == [.ctrl], key.key == .character("q") {
                ui.quit()
                return true
            }
            return false
        }
        ui.run()
    }
}
