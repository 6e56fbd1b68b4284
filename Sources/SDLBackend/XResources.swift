import CX11

/// The X server's resource database (the root window's `RESOURCE_MANAGER` property), where
/// desktops publish `Xft.dpi`.
public enum XResources {
    /// The database as text, or nil when there is no X display or no database. Opens a
    /// connection of its own for the read (SDL keeps its display to itself), so call it on
    /// start-up and when the window changes display, not per frame.
    public static func read(display name: String? = nil) -> String? {
        guard let display = XOpenDisplay(name) else { return nil }
        defer { XCloseDisplay(display) }
        guard let text = XResourceManagerString(display) else { return nil }
        return String(cString: text)
    }
}
