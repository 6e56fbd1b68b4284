/// What a body is, as its bytes say.
public enum ContentKind: String, Sendable, Hashable, CaseIterable {
    case html, png, jpeg, gif, webp, other

    /// Whether it is an image a thumbnail can be made of.
    public var isImage: Bool { self == .png || self == .jpeg || self == .gif || self == .webp }
}

/// Tells a body's kind from its first bytes, never from the server's Content-Type: a server
/// that calls an HTML page `image/png` (or a PNG `text/html`) is not believed.
///
/// Images by their signatures; HTML by what opens it once white space and a byte-order mark are
/// skipped: a doctype, a comment or one of the tags pages open with (the list browsers sniff
/// by). The header breaks one tie only: a body that opens with none of these but whose first
/// 512 bytes are text is HTML when the server said `text/html` (a head starting with `<meta>`
/// or plain text before the first tag), and `other` when it did not.
public enum ContentSniffer {
    /// The kind of `bytes` (a body's beginning; 512 bytes are enough). `declaredType`: the
    /// response's Content-Type, used only for the tie above.
    public static func kind(of bytes: [UInt8], declaredType: String? = nil) -> ContentKind {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) { return .webp }
        if opensAsHTML(bytes) { return .html }
        let saysHTML = declaredType.map { $0.split(separator: ";").first?.trimmingCharacters() == "text/html" } ?? false
        if saysHTML, isText(bytes.prefix(512)) { return .html }
        return .other
    }

    /// The openings browsers take as HTML (each followed by a space or `>`; the comment by anything).
    private static let openings = ["<!doctype html", "<html", "<head", "<script", "<iframe", "<h1", "<div", "<font",
                                   "<table", "<a", "<style", "<title", "<b", "<body", "<br", "<p", "<meta", "<link"]

    private static func opensAsHTML(_ bytes: [UInt8]) -> Bool {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, ASCII.isSpace(bytes[start]) { start += 1 }
        let rest = bytes[start...]
        if rest.starts(with: Array("<!--".utf8)) { return true }
        for opening in openings {
            let pattern = Array(opening.utf8)
            guard rest.count > pattern.count,
                  zip(rest, pattern).allSatisfy({ ASCII.lower($0) == $1 }) else { continue }
            let after = rest[rest.startIndex + pattern.count]
            if after == ASCII.greaterThan || ASCII.isSpace(after) { return true }
        }
        return false
    }

    /// No byte that text never holds (the controls but tab, LF, FF, CR and ESC).
    private static func isText(_ bytes: ArraySlice<UInt8>) -> Bool {
        !bytes.contains { $0 <= 0x08 || $0 == 0x0B || ($0 >= 0x0E && $0 <= 0x1A) || ($0 >= 0x1C && $0 <= 0x1F) }
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> String { String(self).trimmingBlanksOfKey().lowercased() }
}
