import ChatModel
import FoundationEssentials
import Widgets

/// One command of a headless scenario (see docs/SCENARIOS.md, the `natter render` contract).
public enum ScenarioCommand: Hashable, Sendable {
    case size(width: Int, height: Int)
    case scale(Double)
    case fps(Double)
    case nick(String)
    case network(String)
    /// A raw line from the server, processed immediately.
    case server(String)
    case buffer(String)
    /// A raw line arriving now.
    case recv(String)
    /// A file of raw lines loaded as already-read history of a buffer.
    case history(buffer: String, file: String)
    /// A page of N generated older messages prepended now.
    case older(buffer: String, count: Int)
    /// Advance the virtual clock by seconds.
    case wait(Double)
    /// The session's once-a-second tick, now (the transport's timer in the app).
    case tick
    /// Advance the virtual clock to an absolute time in seconds.
    case at(Double)
    case wheel(Double)
    /// N wheel notches at a window point with modifiers held (extension: `wheel N X Y [MODS]`).
    case wheelAt(Double, x: Double, y: Double, modifiers: Modifiers)
    /// Opens the image viewer on an image file beside the scenario, as a click on its
    /// thumbnail does (extension).
    case viewer(String)
    /// A two-finger pinch zooming by FACTOR around a window point (extension).
    case pinch(Double, x: Double, y: Double)
    case scroll(Double)
    case touch(TouchPhase, x: Double, y: Double)
    case mouseMove(x: Double, y: Double)
    case mouseDown(x: Double, y: Double, button: MouseButton)
    case mouseUp(x: Double, y: Double, button: MouseButton)
    case click(x: Double, y: Double)
    case key(KeyEvent)
    case type(String)
    /// Input-method composition in progress (extension of the format): `compose TEXT` shows
    /// TEXT inline, uncommitted; `compose` alone ends the composition.
    case compose(String)
    /// Shows the first-run form (`first-run`) or the chat screen (`chat`) (extension).
    case screen(String)
    /// Checks the input line's spelling in LANG through Enchant (`off`: not) (extension).
    case spell(String)
    /// Switches the theme to `light` or `dark`, live, as the desktop's preference does (extension).
    case theme(String)
    /// The rows' timestamps in this format (`[theme] timestamp_format`'s), restyled live
    /// (extension).
    case timestamps(String)
    /// Puts TEXT on the clipboard (`\n` is a line break) and presses Ctrl+V (extension).
    case paste(String)
    /// Jumps to the line with this id in the shown buffer, as a notification or a search hit
    /// does; the time (ISO 8601) helps to fetch it when it is not loaded (extension).
    case reveal(id: String, time: Date?)
    /// A line written to the log file of BUFFER for DAY (`YYYY-MM-DD`), as the logs on disk
    /// hold it (`HH:MM:SS <nick> text`); the scenario then has a logs folder of its own,
    /// removed when it ends (extension).
    case log(buffer: String, day: String, line: String)
    /// The settings (`/set`, the settings screen) are those of config text FILE (beside the
    /// scenario), copied to a temporary file of the scenario's own that they edit in place, as
    /// the app's store edits config.toml; removed when the scenario ends (extension).
    case config(String)
    /// Opens the settings screen at SECTION (none: the section last shown), as Ctrl+, and
    /// `/settings` do (extension).
    case settings(SettingSection?)
    /// Gives the keyboard to the control of setting NAME (its full name, as `/set` takes it)
    /// on the settings screen, as a click in it does (extension).
    case field(String)
    /// The link URL's preview is FILE beside the scenario (a page or an image), built as a
    /// download would be; it lands after DELAY (a page with a declared image size sends its
    /// first answer at once), with IMAGE as a page's `og:image` (extension).
    case preview(url: String, file: String, delay: Double, image: String?)
    /// Shows an upload of file NAME at SENT of TOTAL bytes in the input's upload bar, as the
    /// window's uploads report it (extension).
    case uploadProgress(name: String, sent: Int64, total: Int64)
    case snapshot(String)

    /// The phase of a `touch` command.
    public enum TouchPhase: String, Hashable, Sendable { case down, move, up }
}

/// A command and the line of the scenario file it came from.
public struct ScenarioStep: Hashable, Sendable {
    public var command: ScenarioCommand
    public var line: Int
    public init(command: ScenarioCommand, line: Int) { self.command = command; self.line = line }
}

/// A malformed scenario: names the file and line; `natter render` exits with status 2.
public struct ScenarioError: Error, CustomStringConvertible, Sendable {
    public var file: String
    public var line: Int
    public var message: String
    public var description: String { "\(file):\(line): \(message)" }
}
