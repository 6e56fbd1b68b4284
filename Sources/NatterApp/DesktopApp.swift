import SDLBackend
import Widgets

/// The desktop application: opens the window and runs its loop until the user quits.
struct DesktopApp {
    var size: WindowSize
    var theme = Theme.dark

    func run() throws {
        try SDLRuntime.startForWindow()
        let fonts = try FontLibrary()
        let window = try AppWindow(title: "Natter", width: size.width, height: size.height, fonts: fonts)
        let welcome = WelcomeFrame(theme: theme)
        window.run(handle: { event in
            switch event {
            case .quitRequested:
                return .quit
            case .keyDown(let key) where key.ctrl && key.name == "Q":
                return .quit
            case .resized:
                return .redraw
            case .keyDown, .wakeUp:
                return .none
            }
        }, draw: { painter, width, height in
            welcome.draw(painter, width: width, height: height)
        })
    }
}
