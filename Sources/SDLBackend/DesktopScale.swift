/// How large the desktop wants applications drawn, for a window whose platform does not scale
/// it already.
///
/// On X11 a window's pixels are the screen's pixels whatever the desktop's scale, and
/// `SDL_WINDOW_ALLOW_HIGHDPI` changes nothing, so the scale has to be read where desktops publish
/// it: the `GDK_SCALE` environment variable (GTK's whole-number scale, times `GDK_DPI_SCALE` for
/// text), `QT_SCALE_FACTOR`, or the X resource `Xft.dpi` (96 is 1×, 144 is 1.5×), which GNOME,
/// KDE and Xfce set from their scaling settings. On Wayland SDL already gives the window more
/// pixels than points (the output's scale), so nothing more is applied there. A `[display]
/// scale` in the config wins over all of them.
public enum DesktopScale {
    /// The smallest and largest scale Natter draws at.
    public static let range = 0.5...4.0

    /// The scale to draw at: `configured` if set, else 1 where the platform scales pixels
    /// itself (`platformScales`), else the first of `GDK_SCALE` (× `GDK_DPI_SCALE`),
    /// `QT_SCALE_FACTOR` and `Xft.dpi` / 96 found in `environment` and `resources` (the X
    /// resource database as text), else 1. Kept within ``range`` and rounded to 1/100.
    public static func resolve(configured: Double?, environment: [String: String], resources: String?,
                               platformScales: Bool) -> Double {
        if let configured { return clamp(configured) }
        if platformScales { return 1 }
        if let gdk = environment["GDK_SCALE"].flatMap(Double.init), gdk > 0 {
            let text = environment["GDK_DPI_SCALE"].flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil } ?? 1
            return clamp(gdk * text)
        }
        if let qt = environment["QT_SCALE_FACTOR"].flatMap(Double.init), qt > 0 { return clamp(qt) }
        if let dpi = resources.flatMap({ value(of: "Xft.dpi", in: $0) }).flatMap(Double.init), dpi > 0 {
            return clamp(dpi / 96)
        }
        return 1
    }

    /// The value of the resource `name` in an X resource database's text (`name:\tvalue`
    /// lines, as `xrdb -query` prints them and the root window's `RESOURCE_MANAGER` holds
    /// them); the last line for a name wins, as in Xlib.
    public static func value(of name: String, in resources: String) -> String? {
        var found: String?
        for line in resources.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingWhitespace
            if key == name { found = String(line[line.index(after: colon)...].trimmingWhitespace) }
        }
        return found
    }

    private static func clamp(_ scale: Double) -> Double {
        guard scale.isFinite else { return 1 }
        return (min(max(scale, range.lowerBound), range.upperBound) * 100).rounded() / 100
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingWhitespace: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
