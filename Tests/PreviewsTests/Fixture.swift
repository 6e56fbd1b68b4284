import Foundation

/// The committed sample images (made once with ImageMagick) and temporary folders.
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    static func path(_ name: String) -> String { folder + "/" + name }

    static func bytes(_ name: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: path(name)) ?? Data())
    }

    /// A new empty folder under the (test-pinned) temporary directory.
    static func temporaryFolder() -> String {
        let path = NSTemporaryDirectory() + "/previews-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
