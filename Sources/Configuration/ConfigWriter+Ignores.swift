import FoundationEssentials
import IRCProtocol

extension ConfigWriter {
    /// Writes `masks = [...]` into the `[ignores]` table (replacing the one there, over as many
    /// lines as it spans, or adding one under the header; adding the table at the end when
    /// there is none, and the file when it is missing), keeping every other line as it is.
    /// Each entry goes on a line of its own once there are two or more. A file that does not
    /// read is left as it is (the app runs on the last one that worked until it is fixed), and
    /// so is one the change would not leave readable: both throw, saying why.
    public static func setIgnores(_ entries: [String], in path: String) throws {
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists {
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        let text = exists ? try String(contentsOfFile: path, encoding: .utf8) : "# Natter's configuration: see README.md.\n"
        do { _ = try ConfigLoader.parse(text, file: path) } catch {
            throw ConfigWriteError("\(error); the file is left as it is, and the ignores hold for this run only")
        }
        let crlf = text.contains("\r\n")
        var lines = text.components(separatedBy: crlf ? "\r\n" : "\n")
        let value = entries.count < 2 ? ["masks = [" + entries.map(quoted).joined(separator: ", ") + "]"]
            : ["masks = ["] + entries.map { "    \(quoted($0))," } + ["]"]
        func header(_ line: String) -> String? {
            let trimmed = line.trimmingBlanks
            guard trimmed.hasPrefix("[") else { return nil }
            // A header may carry a comment after it.
            return trimmed.split(separator: "#", maxSplits: 1).first?.trimmingBlanks ?? ""
        }
        if let start = lines.firstIndex(where: { header($0) == "[ignores]" }) {
            let end = lines[(start + 1)...].firstIndex { header($0) != nil } ?? lines.count
            if let first = lines[(start + 1)..<end].firstIndex(where: { Self.key(of: $0) == "masks" }) {
                // The old value ends on the line that closes its array.
                guard let last = lines[first..<end].firstIndex(where: { Self.closesArray($0) }) else {
                    throw ConfigWriteError("[ignores] masks does not close its list: edit it by hand")
                }
                lines.replaceSubrange(first...last, with: value)
            } else {
                lines.insert(contentsOf: value, at: start + 1)
            }
        } else {
            // Before the file's last line break, so it keeps ending with one.
            let at = lines.last == "" ? lines.count - 1 : lines.count
            lines.insert(contentsOf: ["", "[ignores]"] + value, at: at)
        }
        let changed = lines.joined(separator: crlf ? "\r\n" : "\n")
        do { _ = try ConfigLoader.parse(changed, file: path) } catch {
            throw ConfigWriteError("the ignores would not read back (\(error)): \(path) is left as it is")
        }
        try changed.write(toFile: path, atomically: true, encoding: .utf8)
        if !exists { try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path) }
    }

    /// The key a `key = value` line sets, nil for a comment or anything else.
    static func key(of line: String) -> String? {
        let trimmed = line.trimmingBlanks
        guard !trimmed.hasPrefix("#"), let eq = trimmed.firstIndex(of: "=") else { return nil }
        return trimmed[..<eq].trimmingBlanks
    }
}
