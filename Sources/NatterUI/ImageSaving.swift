/// What saving a viewed image asks of the disk, done by the app (`DiskImageFiles` in NatterApp)
/// so that the interface touches no file; tests hand a fake.
@MainActor
public protocol ImageFileSaving: AnyObject {
    /// The folder an image is offered to be saved in: `$XDG_DOWNLOAD_DIR`, else `~/Downloads`.
    var downloadsFolder: String { get }
    /// Whether something is at `path`.
    func fileExists(_ path: String) -> Bool
    /// Copies the bytes of `source` to `destination` as they are (no re-encoding), over a file
    /// there only when `replacing`. Returns nil when saved, else why not as a sentence.
    func copyImage(_ source: String, to destination: String, replacing: Bool) -> String?
}

/// What a save ended in, as the dialog shows it.
public enum ImageSaveAnswer: Hashable, Sendable {
    /// The file is written: the dialog closes.
    case saved
    /// A file is already there: the dialog asks before replacing it.
    case exists
    /// It could not be saved: why, as a sentence.
    case failed(String)
}

/// The name an image is offered under: the last part of its URL's path (no query or fragment,
/// nothing that cannot be a file name), in the downloads folder, `name (1).ext` when taken.
public enum ImageSaveNaming {
    /// The file name from `url`, or `image` when the URL's path ends in none.
    public static func fileName(for url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        // The host is no file name: without a `/` after it, there is no path.
        guard let slash = rest.firstIndex(of: "/") else { return "image" }
        let last = rest[rest.index(after: slash)...].split(separator: "/").last.map(String.init) ?? ""
        let name = String(last.filter { $0 != "\0" && $0 != "\\" && !$0.isNewline })
        guard !name.isEmpty, !name.hasPrefix("."), name != ".." else { return "image" }
        return name
    }

    /// `folder/name`, or `folder/name (N).ext` with the first N from 1 whose file does not
    /// exist (after 999 taken, the plain name: the dialog then asks before replacing).
    public static func freePath(folder: String, name: String, exists: (String) -> Bool) -> String {
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        let plain = base + name
        guard exists(plain) else { return plain }
        let stem: Substring, ext: Substring
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            stem = name[..<dot]
            ext = name[dot...]
        } else {
            stem = Substring(name)
            ext = ""
        }
        for n in 1...999 {
            let candidate = base + stem + " (\(n))" + ext
            if !exists(candidate) { return candidate }
        }
        return plain
    }
}
