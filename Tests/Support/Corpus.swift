import Foundation
import Testing

/// Finds the test corpora: `$NATTER_CORPORA`, else `Tests/Corpora/` of this repository (other
/// projects' public test data, their licences in its SOURCES.txt files). When the folder is
/// absent the corpus tests skip with a message naming it, unless `NATTER_REQUIRE_CORPORA=1`, in
/// which case they run and fail.
public enum Corpus {
    public static let folder: URL = {
        if let path = ProcessInfo.processInfo.environment["NATTER_CORPORA"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        let tests = URL(fileURLWithPath: #filePath)   // Tests/Support/Corpus.swift
            .deletingLastPathComponent().deletingLastPathComponent()
        return tests.appendingPathComponent("Corpora", isDirectory: true)
    }()

    public static var isPresent: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    public static var isRequired: Bool { ProcessInfo.processInfo.environment["NATTER_REQUIRE_CORPORA"] == "1" }

    /// Run the test when the corpora are there or required; otherwise skip, naming the folder.
    public static var shouldRun: Bool { isPresent || isRequired }
    public static var skipMessage: Comment { "corpus folder \(folder.path) is absent" }

    /// The parsed JSON of `relativePath`, failing the test when it cannot be read.
    public static func json(_ relativePath: String) throws -> Any {
        let url = folder.appendingPathComponent(relativePath)
        let data = try Data(contentsOf: url)
        return try JSONSerialization.jsonObject(with: data)
    }

    /// The `tests` array of a parser-tests JSON file.
    public static func parserTests(_ name: String) throws -> [[String: Any]] {
        let root = try #require(try json("parser-tests/json-derived/\(name).json") as? [String: Any])
        return try #require(root["tests"] as? [[String: Any]])
    }
}
