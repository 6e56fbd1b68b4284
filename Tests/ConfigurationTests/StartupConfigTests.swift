@testable import Configuration
import Foundation
import Testing

/// A broken config file: the message names the file, line and key; Natter opens with the last
/// configuration that worked; the file itself is never rewritten.
@Suite struct StartupConfigTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-startup-\(UUID().uuidString)")

    @Test func theLastGoodConfigCarriesABrokenFileAndTheFileIsLeftAlone() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("config.toml").path
        let lastGood = folder.appendingPathComponent("state/config.last-good.toml").path
        try "[[networks]]\nname = \"Libera\"\nhost = \"irc.libera.chat\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let good = StartupConfig(path: path, lastGood: lastGood)
        #expect(good.problems.isEmpty && !good.fileIsBroken)
        #expect(good.config.networks.map(\.name) == ["Libera"])
        #expect(FileManager.default.fileExists(atPath: lastGood))

        let broken = "[[networks]]\nname = \"Libera\"\nhost = \"irc.libera.chat\"\nprot = 6697\n"
        try broken.write(toFile: path, atomically: true, encoding: .utf8)
        let start = StartupConfig(path: path, lastGood: lastGood)
        #expect(start.fileIsBroken)
        #expect(start.problems.first?.hasPrefix("\(path):4: networks[0].prot: ") == true, "\(start.problems)")
        #expect(start.problems.last?.hasPrefix("Using the last configuration that worked") == true)
        #expect(start.config.networks.map(\.name) == ["Libera"])
        // Untouched: the user's text, mistake included.
        #expect(try String(contentsOfFile: path, encoding: .utf8) == broken)
    }

    @Test func withNothingKeptTheFirstRunFormIsShownWithTheReason() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("config.toml").path
        try "[theme\nfont_size = 14\n".write(toFile: path, atomically: true, encoding: .utf8)
        let start = StartupConfig(path: path, lastGood: folder.appendingPathComponent("none.toml").path)
        #expect(start.fileIsBroken && start.config.networks.isEmpty)
        #expect(start.problems.first?.hasPrefix("\(path):1") == true, "\(start.problems)")
        #expect(start.problems.last?.contains("is left as it is") == true)
    }
}
