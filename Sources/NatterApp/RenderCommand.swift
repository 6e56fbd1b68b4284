import ArgumentParser
import FoundationEssentials
import FoundationExtras
import Scenario
import SDLBackend
import Widgets

/// `natter render`: draws frames with no display, through SDL's software renderer, and
/// writes them as PNG files.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw frames headless (no display needed) and write them as PNG files."
    )

    @Argument(help: "A scenario file (see docs/SCENARIOS.md).")
    var scenario: String?

    @Flag(help: "Draw the built-in demo frame to OUT/demo.png.")
    var demo = false

    @Option(help: "Frame size in logical pixels, WIDTHxHEIGHT.")
    var size = WindowSize(width: 800, height: 600)

    @Option(help: "HiDPI scale: output pixels per logical pixel.")
    var scale: Double = 1

    @Option(help: "Folder to write the PNG files into (created if missing).")
    var out: String

    func validate() throws {
        guard demo != (scenario != nil) else { throw ValidationError("give a scenario file or --demo (one of them)") }
        guard scale >= 0.5, scale <= 4 else { throw ValidationError("--scale must be between 0.5 and 4") }
    }

    func run() throws {
        if let scenario {
            let command = self
            return try MainActor.assumeIsolated { try command.runScenario(scenario) }
        }
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

    @MainActor
    private func runScenario(_ path: String) throws {
        let file = URL(fileURLWithPath: path)
        let steps: [ScenarioStep]
        do {
            let text = try String(contentsOf: file, encoding: .utf8)
            steps = try ScenarioParser.parse(text, file: path)
        } catch let error as ScenarioError {
            printError("natter render: \(error)")
            throw ExitCode(2)
        } catch {
            printError("natter render: cannot read \(path): \(error)")
            throw ExitCode(2)
        }
        do {
            try SDLRuntime.startHeadless()
            let fonts = try FontLibrary()
            let runner = ScenarioRunner(scenarioFile: file, out: URL(fileURLWithPath: out), fonts: fonts)
            try runner.run(steps, file: path)
            print("natter render: wrote \(out)")
        } catch let error as ScenarioError {
            printError("natter render: \(error)")
            throw ExitCode(2)
        } catch {
            printError("natter render: \(error)")
            throw ExitCode.failure
        }
    }
}
