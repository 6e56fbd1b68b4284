import FoundationEssentials
import FoundationExtras

/// What the app hands to the desktop: links to the browser, notifications to the notification
/// daemon. Programs are started with an argument vector (never a shell string), detached, and
/// their failures never affect the chat.
public enum DesktopActions {
    /// Schemes a clicked link may have; anything else is refused.
    public static let openableSchemes: Set<String> = ["http", "https", "irc", "ircs", "mailto"]

    /// Whether `url` may be handed to xdg-open: an allowed scheme, no control characters, and
    /// not something xdg-open could take for an option.
    public static func isOpenable(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":"), !url.hasPrefix("-") else { return false }
        let scheme = url[..<colon].lowercased()
        guard openableSchemes.contains(scheme) else { return false }
        return !url.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == " " }
    }

    /// Opens `url` with xdg-open. Returns false when it was refused or could not start.
    @discardableResult
    public static func open(_ url: String) -> Bool {
        guard isOpenable(url) else { return false }
        return spawn("xdg-open", [url])
    }

    /// Shows a desktop notification (freedesktop, through notify-send).
    @discardableResult
    public static func notify(title: String, body: String, sound: Bool = true) -> Bool {
        let hint = sound ? "--hint=string:sound-name:message-new-instant" : "--hint=boolean:suppress-sound:true"
        return spawn("notify-send", ["--app-name=Natter", "--icon=natter", hint, "--", clean(title), clean(body)])
    }

    private static func clean(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(300).map(Character.init))
    }

    /// Starts `program` (found on PATH) with `arguments`, without waiting for it; its output goes
    /// to /dev/null and it is reaped by a background thread.
    private static func spawn(_ program: String, _ arguments: [String]) -> Bool {
        Subprocess.start([program] + arguments)
    }
}
