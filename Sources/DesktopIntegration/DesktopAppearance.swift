import Configuration
import DesktopBus
import FoundationEssentials
import IRCProtocol

/// Which theme to draw with: the config's `appearance`, else the desktop's preference (the
/// portal's `color-scheme`, else GTK's own settings), else dark.
public enum DesktopAppearance {
    /// Whether to draw dark. `portal` is the portal's answer (nil: none), `gtkPrefersDark` what
    /// GTK's settings say (nil: nothing).
    public static func isDark(_ setting: Appearance, portal: ColorSchemePortal.Scheme?, gtkPrefersDark: Bool?) -> Bool {
        switch setting {
        case .dark: return true
        case .light: return false
        case .auto:
            switch portal {
            case .dark: return true
            case .light: return false
            case .noPreference, nil: return gtkPrefersDark ?? true
            }
        }
    }

    /// GTK's preference where no portal answers: `GTK_THEME` (`Adwaita:dark`, `Foo-dark`), else
    /// `gtk-application-prefer-dark-theme` or a `-dark` `gtk-theme-name` in
    /// `$XDG_CONFIG_HOME/gtk-3.0/settings.ini` (or gtk-4.0's). Nil when none says.
    public static func gtkPrefersDark(environment: [String: String]) -> Bool? {
        if let theme = environment["GTK_THEME"]?.lowercased(), !theme.isEmpty {
            return theme.hasSuffix(":dark") || theme.hasSuffix("-dark")
        }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.config"
        for folder in ["gtk-4.0", "gtk-3.0"] {
            guard let text = try? String(contentsOfFile: "\(config)/\(folder)/settings.ini", encoding: .utf8) else { continue }
            if let answer = settingsPreferDark(text) { return answer }
        }
        return nil
    }

    /// What a GTK `settings.ini` says about dark: a theme named dark (`Adwaita-dark`,
    /// `Materia-dark-compact`, `Arc-Dark`) is dark whatever else it says; otherwise
    /// `gtk-application-prefer-dark-theme`, which only picks a theme's dark variant.
    public static func settingsPreferDark(_ text: String) -> Bool? {
        var values: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingBlanks }
            guard parts.count == 2, !parts[0].hasPrefix("#") else { continue }
            values[parts[0].lowercased()] = parts[1].lowercased()
        }
        let name = values["gtk-theme-name"]?.trimming { $0 == "\"" }
        if let name, name.split(whereSeparator: { $0 == "-" || $0 == ":" }).dropFirst().contains("dark") { return true }
        if let prefer = values["gtk-application-prefer-dark-theme"] {
            if ["1", "true", "yes"].contains(prefer) { return true }
            if ["0", "false", "no"].contains(prefer) { return false }
        }
        return name.map { _ in false }
    }
}
