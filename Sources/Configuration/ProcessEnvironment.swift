import FoundationEssentials

/// What the configuration takes from the process's environment.
public enum ProcessEnvironment {
    /// The login name, as a default nick.
    public static var userName: String {
        let env = ProcessInfo.processInfo.environment
        let name = env["USER"] ?? env["LOGNAME"] ?? "natter"
        let cleaned = String(name.filter { $0.isLetter || $0.isNumber || "_-[]{}\\|^`".contains($0) }.prefix(16))
        return cleaned.isEmpty || cleaned.first!.isNumber ? "natter" : cleaned
    }
}
