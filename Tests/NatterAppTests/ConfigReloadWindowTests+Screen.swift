import Foundation
import IRCTestServers
import NatterTestSupport
import Testing

/// What `ConfigReloadWindowTests` read off the screen and the logs, waiting for each.
extension ConfigReloadWindowTests {
    /// Waits until the top of the message list (its background: the few lines of a channel are
    /// at the bottom) is `expected`.
    func waitForCentre(_ x: XvfbSession, toBe expected: String) throws {
        guard let importTool = findExecutable("import"), let convert = findExecutable("convert") else {
            throw TestFailure("ImageMagick is not installed (make test installs it)")
        }
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("natter-reload-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: shot) }
        var pixel = ""
        try waitUntil("the centre is \(expected) (it is \(pixel))") {
            _ = try? runTool(importTool, ["-window", "root", shot], environment: x.environment())
            pixel = (try? runTool(convert, [shot, "-format", "%[pixel:p{640,150}]", "info:"], environment: x.environment())) ?? ""
            return pixel == expected
        }
    }

    /// How tall the dark theme's topic bar is, counted down a column of pixels near the
    /// window's right edge (where no title reaches).
    func topBarHeight(_ x: XvfbSession) throws -> Int {
        let (left, top, width, height) = try windowGeometry(x)
        let image = try screen(x)
        let column = left + width - 10
        guard column >= 0, column < image.width else { return 0 }
        var count = 0
        for row in max(0, top)..<min(image.height, top + height) {
            let i = (row * image.width + column) * 3
            if image.rgb[i] == 43, image.rgb[i + 1] == 45, image.rgb[i + 2] == 49 { count += 1 }
        }
        return count
    }

    /// The whole screen, decoded.
    func screen(_ x: XvfbSession) throws -> Pixmap {
        guard let importTool = findExecutable("import"), let convert = findExecutable("convert") else {
            throw TestFailure("ImageMagick is not installed (make test installs it)")
        }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("natter-reload-\(UUID().uuidString)").path
        defer {
            try? FileManager.default.removeItem(atPath: base + ".png")
            try? FileManager.default.removeItem(atPath: base + ".ppm")
        }
        _ = try runTool(importTool, ["-window", "root", base + ".png"], environment: x.environment())
        _ = try runTool(convert, [base + ".png", "-depth", "8", "ppm:" + base + ".ppm"], environment: x.environment())
        return try Pixmap(ppm: Data(contentsOf: URL(fileURLWithPath: base + ".ppm")))
    }

    /// How many pixels of the screen (of its `left` columns of the window, when given) are
    /// (nearly: text is smoothed) the error colour `rgb`.
    func errorPixels(_ x: XvfbSession, _ rgb: (UInt8, UInt8, UInt8), left: Int? = nil) throws -> Int {
        let image = try screen(x)
        let columns = try left.map { left in
            let origin = try windowGeometry(x).x
            return max(0, origin)..<min(image.width, origin + left)
        } ?? 0..<image.width
        var count = 0
        for row in 0..<image.height {
            for column in columns {
                let i = (row * image.width + column) * 3
                if abs(Int(image.rgb[i]) - Int(rgb.0)) <= 8, abs(Int(image.rgb[i + 1]) - Int(rgb.1)) <= 8,
                   abs(Int(image.rgb[i + 2]) - Int(rgb.2)) <= 8 { count += 1 }
            }
        }
        return count
    }

    /// Where the (only) Natter window is on the screen, and its size.
    func windowGeometry(_ x: XvfbSession) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let window = try x.waitForNatterWindow()
        let geometry = try runTool(try XvfbSession.xdotool(), ["getwindowgeometry", "--shell", window], environment: x.environment())
        var values: [String: Int] = [:]
        for line in geometry.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
        }
        guard let left = values["X"], let top = values["Y"], let width = values["WIDTH"], let height = values["HEIGHT"] else {
            throw TestFailure("no geometry in \(geometry)")
        }
        return (left, top, width, height)
    }

    /// Waits until a log of `network` has a line containing `text`; returns that line.
    func waitForLogLine(data: URL, network: String, containing text: String) throws -> String {
        var found: String?
        try waitUntil("a log line of \(network) contains \(text)") {
            found = logLines(data: data, network: network, containing: text).first
            return found != nil
        }
        return found ?? ""
    }

    /// The lines of `network`'s logs (any buffer, any day) that contain `text`.
    func logLines(data: URL, network: String, containing text: String) -> [String] {
        let folder = data.appendingPathComponent("natter/logs/\(network)")
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".log") }.sorted().flatMap { name in
            let content = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return content.split(separator: "\n").filter { $0.contains(text) }.map(String.init)
        }
    }

    func waitUntil(_ what: @autoclosure () -> String, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(10)
        while try !condition() {
            guard Date() < deadline else { throw TestServerError("timed out waiting until \(what())") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}
