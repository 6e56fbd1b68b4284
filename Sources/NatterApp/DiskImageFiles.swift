import FoundationEssentials
import FoundationExtras
import Glibc
import NatterUI

/// The disk for the image viewer's "Save image as…": the downloads folder, and the image's
/// bytes copied as fetched (a PNG stays that PNG, a JPEG keeps its quality and metadata).
@MainActor
public final class DiskImageFiles: ImageFileSaving {
    private let environment: [String: String]

    /// Files under the folders `environment` names (`XDG_DOWNLOAD_DIR`, `HOME`).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    public var downloadsFolder: String {
        if let folder = environment["XDG_DOWNLOAD_DIR"], folder.hasPrefix("/") { return folder }
        return (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/Downloads"
    }

    public func fileExists(_ path: String) -> Bool {
        var info = stat()
        return lstat(resolved(path), &info) == 0
    }

    /// `path` as the user meant it: `~` is the home folder, and a path that is not absolute is
    /// in the downloads folder (not wherever Natter was started from).
    func resolved(_ path: String) -> String {
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst() }
        return path.hasPrefix("/") ? path : downloadsFolder + "/" + path
    }

    public func copyImage(_ source: String, to destination: String, replacing: Bool) -> String? {
        let destination = resolved(destination)
        let bytes: Data
        do {
            bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        } catch {
            return "The image is no longer there to save (\(describe(error)))."
        }
        let folder = destination.parentPath
        if !folder.isEmpty {
            do throws(AppError) { try makeDirectory(folder) } catch { return "The folder \(folder) cannot be made." }
        }
        do {
            // Without replacing, a file that appeared since the question is not overwritten.
            try bytes.write(to: URL(fileURLWithPath: destination), options: replacing ? [.atomic] : [.withoutOverwriting])
        } catch {
            return fileExists(destination) && !replacing ? "“\(destination)” is already there."
                : "The image could not be saved in \(folder.isEmpty ? "this folder" : folder): \(describe(error))."
        }
        return nil
    }
}
