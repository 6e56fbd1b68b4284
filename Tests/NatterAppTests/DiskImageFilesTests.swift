import Foundation
import NatterApp
import Testing

/// "Save image as…" on a real disk, in a temporary folder: the bytes as they were, the
/// downloads folder from the environment, nothing replaced unless asked.
@MainActor
@Suite struct DiskImageFilesTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-save-\(UUID().uuidString)").path

    @Test func theDownloadsFolderIsXDGsElseHomes() {
        #expect(DiskImageFiles(environment: ["XDG_DOWNLOAD_DIR": "/data/dl", "HOME": "/home/u"]).downloadsFolder == "/data/dl")
        #expect(DiskImageFiles(environment: ["HOME": "/home/u"]).downloadsFolder == "/home/u/Downloads")
        #expect(DiskImageFiles(environment: ["XDG_DOWNLOAD_DIR": "relative", "HOME": "/home/u"]).downloadsFolder == "/home/u/Downloads")
    }

    @Test func theBytesAreCopiedAsTheyAreAndReplacedOnlyWhenAsked() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let source = folder + "/original.png"
        let bytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: URL(fileURLWithPath: source))
        let files = DiskImageFiles(environment: ["HOME": folder])
        let destination = folder + "/Downloads/picture.png"
        #expect(!files.fileExists(destination))
        // The folder is made when missing.
        #expect(files.copyImage(source, to: destination, replacing: false) == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: destination)) == bytes)
        #expect(files.fileExists(destination))
        try Data("other".utf8).write(to: URL(fileURLWithPath: source))
        let refused = try #require(files.copyImage(source, to: destination, replacing: false))
        #expect(refused.contains("already there"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: destination)) == bytes, "not replaced")
        #expect(files.copyImage(source, to: destination, replacing: true) == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: destination)) == Data("other".utf8))
        let gone = try #require(files.copyImage(folder + "/missing.png", to: folder + "/x.png", replacing: false))
        #expect(gone.hasPrefix("The image is no longer there"))
    }
}

extension DiskImageFilesTests {
    /// `~/x.png` is in the home folder and `x.png` in the downloads folder, never a folder
    /// named `~` or a file wherever Natter was started from.
    @Test func aTildeAndARelativePathAreWhereTheUserMeansThem() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let source = folder + "/original.png"
        try Data("png".utf8).write(to: URL(fileURLWithPath: source))
        let files = DiskImageFiles(environment: ["HOME": folder])
        #expect(files.copyImage(source, to: "~/home.png", replacing: false) == nil)
        #expect(FileManager.default.fileExists(atPath: folder + "/home.png"))
        #expect(files.copyImage(source, to: "plain.png", replacing: false) == nil)
        #expect(FileManager.default.fileExists(atPath: folder + "/Downloads/plain.png"))
        #expect(files.fileExists("plain.png") && files.fileExists("~/home.png"))
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/plain.png"))
    }
}
