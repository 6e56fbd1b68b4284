import ArgumentParser

/// `natter`: launches the desktop app; `natter render` draws frames to PNG with no display.
public struct NatterCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "natter",
        abstract: "A graphical IRC client for Linux desktops.",
        version: NatterVersion.string,
        subcommands: [RenderCommand.self]
    )

    @Option(name: .customLong("window-size"), help: "Initial window size in logical pixels, WIDTHxHEIGHT.")
    var size: WindowSize = WindowSize(width: 1100, height: 720)

    public init() {}

    public func run() throws {
        do {
            try DesktopApp(size: size).run()
        } catch {
            printError("natter: \(error)")
            throw ExitCode.failure
        }
    }
}

/// The version `natter --version` prints.
public enum NatterVersion {
    public static let string = "0.1.0"
}
