import ArgumentParser
import SDLBackend
import Widgets

/// `natter render`: draws frames with no display, through SDL's software renderer, and
/// writes them as PNG files.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw frames headless (no display needed) and write them as PNG files."
    )

    @Flag(help: "Draw the built-in demo frame to OUT/demo.png.")
    var demo = false

    @Option(help: "Frame size in logical pixels, WIDTHxHEIGHT.")
    var size = WindowSize(width: 800, height: 600)

    @Option(help: "HiDPI scale: output pixels per logical pixel.")
    var scale: Double = 1

    @Option(help: "Folder to write the PNG files into (created if missing).")
    var out: String

    func validate() throws {
        guard demo else { throw ValidationError("say what to draw: --demo") }
        guard scale >= 0.5, scale <= 4 else { throw ValidationError("--scale must be between 0.5 and 4") }
    }

    func run() throws {
        do {
            try SDLRuntime.startHeadless()
            let fonts = try FontLibrary()
            try makeDirectory(out)
            let canvas = try OffscreenCanvas(width: size.width, height: size.height, scale: scale, fonts: fonts)
            DemoFrame().draw(canvas.painter, width: size.width, height: size.height)
            let path = out.hasSuffix("/") ? out + "demo.png" : out + "/demo.png"
            try canvas.savePNG(to: path)
            print("natter render: wrote \(path)")
        } catch {
            printError("natter render: \(error)")
            throw ExitCode.failure
        }
    }
}
