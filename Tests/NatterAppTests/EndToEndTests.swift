import Foundation
import IRCProtocol
import IRCTestServers
import Testing
import NatterTestSupport

/// The whole app, end to end: the real `natter` binary under a private Xvfb, connected to a real
/// InspIRCd, driven by xdotool keystrokes; raw-socket peers in the test check the exact lines it
/// sends and answer with mIRC-formatted text, which must reach the log file (formatting
/// stripped) and the screen (its colour in a screenshot).
@Suite(.serialized)
struct EndToEndTests {
    @Test(.timeLimit(.minutes(1)))
    func typedLinesReachThePeerAndTheFormattedAnswerReachesLogAndScreen() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("natter-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer {
            if ProcessInfo.processInfo.environment["NATTER_KEEP_E2E_DIR"] == nil {
                try? FileManager.default.removeItem(at: work)
            }
        }
        let server = try InspIRCdNetwork(services: false)
        defer { server.stop() }

        // Two peers in #e2e before natter: `pebble` joins first (so it is the channel operator
        // and sorts first in the nick list), `peer` second; only `peer` will speak, so Tab on
        // "pe" must prefer the recent speaker over the nick list's order.
        let pebble = try RawIRCClient(port: server.clientPort)
        defer { pebble.close() }
        try pebble.register(nick: "pebble")
        try pebble.join("#e2e")
        let peer = try RawIRCClient(port: server.clientPort)
        defer { peer.close() }
        try peer.register(nick: "peer")
        try peer.join("#e2e")
        // MONITOR tells the peer when natter has registered (730 RPL_MONONLINE).
        try peer.send("MONITOR + e2e")

        let x = try XvfbSession()
        defer { x.stop() }
        let data = work.appendingPathComponent("data"), config = work.appendingPathComponent("config")
        let app = try ChildProcess(try natterExecutable(),
                                   ["--server", "127.0.0.1:\(server.clientPort)", "--no-tls", "--nick", "e2e"],
                                   environment: x.environment(["XDG_DATA_HOME": data.path, "XDG_CONFIG_HOME": config.path]))
        defer { app.stop() }
        let window = try x.waitForNatterWindow()
        try peer.waitFor(timeout: 10, "natter online (730)") {
            $0.command == "730" && ($0.parameters.last ?? "").split(separator: ",")
                .contains { $0.split(separator: "!").first?.lowercased() == "e2e" }
        }

        // /join typed into the input line.
        try x.type(window, "/join #e2e")
        try x.key(window, "Return")
        try peer.waitFor(timeout: 5, "natter's JOIN") { $0.command == "JOIN" && $0.parsedSource?.nick == "e2e" && $0.parameters.first == "#e2e" }
        // The peer sees the JOIN when natter gets the server's echo, which is what shows #e2e;
        // on a loaded machine keys typed now could reach natter before the echo and go to the
        // server buffer. Natter logs the join and shows the channel in the same drain of its
        // network events, so keys typed once the log has it go to #e2e.
        _ = try waitForLogLine(data: data, containing: "--> e2e has joined")

        // A plain message, received exactly as typed.
        try x.type(window, "hello from natter")
        try x.key(window, "Return")
        let hello = try peer.waitFor(timeout: 5, "natter's message") { $0.command == "PRIVMSG" && $0.parsedSource?.nick == "e2e" }
        #expect(hello.parameters == ["#e2e", "hello from natter"])

        // The peer speaks; once natter has logged it, Tab on "pe" completes to the recent speaker.
        try peer.send("PRIVMSG #e2e :hi e2e, welcome")
        let log = try waitForLogLine(data: data, containing: "<peer> hi e2e, welcome")
        try x.type(window, "pe")
        try x.key(window, "Tab")
        try x.type(window, "tab works")
        try x.key(window, "Return")
        let completed = try peer.waitFor(timeout: 5, "natter's completed message") { $0.command == "PRIVMSG" && $0.parsedSource?.nick == "e2e" }
        #expect(completed.parameters == ["#e2e", "peer: tab works"])

        // Nothing on screen is pure red yet.
        let screenshots = work.appendingPathComponent("screenshots")
        try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)
        let before = try screenshot(x, to: screenshots.appendingPathComponent("before.png"))
        #expect(before.count(red: 0xFF, green: 0, blue: 0) == 0, "pure red on screen before the red answer")

        // The formatted answer: bold, palette red (04 = #ff0000) as text and as a background,
        // italic, underline.
        try peer.send("PRIVMSG #e2e :\u{02}bold\u{02}, \u{03}04red\u{03}, \u{03}00,04 alert \u{03}, "
                      + "\u{1D}italic\u{1D} and \u{1F}underlined\u{1F}")
        let answer = try waitForLogLine(data: data, containing: "<peer> bold, red,  alert , italic and underlined")
        #expect(answer == log, "the answer went to another log file: \(answer.path)")
        let logText = try String(contentsOf: log, encoding: .utf8)
        #expect(!logText.contains("\u{03}") && !logText.contains("\u{02}") && !logText.contains("\u{1D}") && !logText.contains("\u{1F}"),
                "formatting codes in the log: \(logText)")

        // The screen shows it in red (the window redraws on its next frame: wait for it).
        var after = try screenshot(x, to: screenshots.appendingPathComponent("after.png"))
        let deadline = Date().addingTimeInterval(5)
        while after.count(red: 0xFF, green: 0, blue: 0) < 100, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            after = try screenshot(x, to: screenshots.appendingPathComponent("after.png"))
        }
        let red = after.count(red: 0xFF, green: 0, blue: 0)
        #expect(red >= 100, "only \(red) pure red pixels in \(screenshots.path)/after.png")

        app.signal(SIGTERM)
        #expect(app.waitForExit(seconds: 5), "natter did not quit on SIGTERM")
        #expect(app.exitStatus == 0, "natter ended with status \(String(describing: app.exitStatus)), signal \(String(describing: app.exitSignal))")
        // Its QUIT reaches the peer: the connection was closed properly.
        try peer.waitFor(timeout: 5, "natter's QUIT") { $0.command == "QUIT" && $0.parsedSource?.nick == "e2e" }
    }

    // MARK: - Helpers

    /// Waits until a log file of #e2e (any day: the server's time decides) has a line containing
    /// `text`, and returns that file.
    private func waitForLogLine(data: URL, containing text: String, timeout: Double = 5) throws -> URL {
        let folder = data.appendingPathComponent("natter/logs/127.0.0.1/#e2e")
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names where name.hasSuffix(".log") {
                let file = folder.appendingPathComponent(name)
                if let content = try? String(contentsOf: file, encoding: .utf8),
                   content.split(separator: "\n").contains(where: { $0.contains(text) }) {
                    return file
                }
            }
            if Date() >= deadline {
                throw TestFailure("no line containing \(text) in the logs under \(folder.path) within \(timeout) s")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// The whole screen, saved as PNG at `url` (kept for a person to look at) and decoded.
    private func screenshot(_ x: XvfbSession, to url: URL) throws -> Pixmap {
        guard let importTool = findExecutable("import"), let convert = findExecutable("convert") else {
            throw TestFailure("ImageMagick is not installed (make test installs it)")
        }
        _ = try runTool(importTool, ["-window", "root", url.path], environment: x.environment())
        let ppm = url.deletingPathExtension().appendingPathExtension("ppm")
        _ = try runTool(convert, [url.path, "-depth", "8", "ppm:" + ppm.path], environment: x.environment())
        defer { try? FileManager.default.removeItem(at: ppm) }
        return try Pixmap(ppm: Data(contentsOf: ppm))
    }
}

/// An 8-bit RGB image read from a binary PPM (P6).
struct Pixmap {
    let width: Int
    let height: Int
    let rgb: [UInt8]

    init(ppm: Data) throws {
        let bytes = [UInt8](ppm)
        var fields: [Int] = []
        var index = 2
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "6") else {
            throw TestFailure("not a binary PPM")
        }
        while fields.count < 3, index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "#") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else if (0x30...0x39).contains(byte) {
                var value = 0
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                    value = value * 10 + Int(bytes[index] - 0x30)
                    index += 1
                }
                fields.append(value)
                continue
            }
            index += 1
        }
        index += 1  // the single whitespace byte after the maximum value
        guard fields.count == 3, fields[2] == 255, bytes.count - index >= fields[0] * fields[1] * 3 else {
            throw TestFailure("unsupported PPM header \(fields)")
        }
        width = fields[0]
        height = fields[1]
        rgb = Array(bytes[index..<(index + width * height * 3)])
    }

    /// How many pixels are exactly this colour.
    func count(red: UInt8, green: UInt8, blue: UInt8) -> Int {
        var n = 0
        var i = 0
        while i < rgb.count {
            if rgb[i] == red && rgb[i + 1] == green && rgb[i + 2] == blue { n += 1 }
            i += 3
        }
        return n
    }
}
