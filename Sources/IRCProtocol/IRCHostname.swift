/// Hostname validation as the ircdocs parser tests expect it.
public enum IRCHostname {
    /// Whether `host` is a valid server hostname: it contains a dot (`services.` is valid, `irc`
    /// is not), a final dot is allowed, each label 1–63 letters, digits or hyphens, not starting or ending with a
    /// hyphen; no spaces, underscores or other characters; at most 253 bytes without the final dot.
    public static func isValid(_ host: String) -> Bool {
        var labels = host.utf8.split(separator: 0x2E, omittingEmptySubsequences: false)
        if labels.count > 1, labels.last?.isEmpty == true { labels.removeLast() }
        guard host.utf8.contains(0x2E), !labels.isEmpty else { return false }
        var total = labels.count - 1
        for label in labels {
            guard (1...63).contains(label.count), label.first != 0x2D, label.last != 0x2D else { return false }
            for b in label {
                switch b {
                case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D: continue
                default: return false
                }
            }
            total += label.count
        }
        return total <= 253
    }
}
