import Foundation
import IRCProtocol
import IRCTestServers
import NatterTestSupport
import Testing

/// Link previews in the real window (Xvfb) against a real InspIRCd and a local HTTP server: a
/// link to an image posted in the channel is fetched and its thumbnail drawn under the message;
/// a click on it opens the viewer over the window and Escape closes it; a restarted Natter shows
/// the preview from its disk cache without asking the server again; and a link to a loopback
/// address is not fetched at all while private addresses are not allowed.
@Suite(.serialized)
struct PreviewWindowTests {
    /// The cat's fur: a colour nothing else on the screen has.
    static let fur = "srgb(224,122,95)"

    @Test(.timeLimit(.minutes(2)))
    func anImageLinkIsPreviewedOpenedAndCached() throws {
        let web = try WebFolder()
        defer { web.stop() }
        let (server, peer) = try serverWithPeer(joining: ["#p"])
        defer { server.stop(); peer.close() }
        let x = try XvfbSession()
        defer { x.stop() }
        try writeConfig(x, port: server.clientPort, "[previews]\nallow_private_addresses = true\n")
        var app = try ChildProcess(try natterExecutable(), ["--window-size", "1000x700"], environment: x.environment())
        defer { app.stop() }
        let window = try x.waitForNatterWindow()
        try peer.waitFor(timeout: 10, "natter's JOIN") { $0.command == "JOIN" && $0.parsedSource?.nick == "viewer" }
        try peer.send("PRIVMSG #p :my cat http://127.0.0.1:\(web.port)/cat.png")

        let shown = try waitForPixel(x, Self.fur, within: 10)
        #expect(shown != nil, "no thumbnail drawn")
        #expect(web.requests() == ["/cat.png"])

        // A click on the thumbnail opens the viewer: the whole window dims but the image, and the
        // viewer's bar says the image's size.
        if let (px, py) = shown {
            _ = try runTool(try XvfbSession.xdotool(), ["mousemove", "\(px)", "\(py)", "click", "1"], environment: x.environment())
            #expect(try waitFor(x, within: 5) { try pixel(x, 5, 5) != "srgb(30,31,34)" && pixel(x, 5, 5) != "srgb(17,18,20)" },
                    "the backdrop did not dim the window")
            try x.key(window, "Escape")
        }

        // Restarted: the preview comes from the cache, with no request.
        app.stop()
        app = try ChildProcess(try natterExecutable(), ["--window-size", "1000x700"], environment: x.environment())
        _ = try x.waitForNatterWindow()
        try peer.waitFor(timeout: 10, "natter's JOIN again") { $0.command == "JOIN" && $0.parsedSource?.nick == "viewer" }
        try peer.send("PRIVMSG #p :again http://127.0.0.1:\(web.port)/cat.png")
        #expect(try waitForPixel(x, Self.fur, within: 10) != nil, "no thumbnail after the restart")
        #expect(web.requests() == ["/cat.png"], "the cached preview was fetched again")
    }

    @Test(.timeLimit(.minutes(1)))
    func aLoopbackLinkIsNotFetchedByDefault() throws {
        let web = try WebFolder()
        defer { web.stop() }
        let (server, peer) = try serverWithPeer(joining: ["#p"])
        defer { server.stop(); peer.close() }
        let x = try XvfbSession()
        defer { x.stop() }
        try writeConfig(x, port: server.clientPort)
        let app = try ChildProcess(try natterExecutable(), ["--window-size", "1000x700"], environment: x.environment())
        defer { app.stop() }
        _ = try x.waitForNatterWindow()
        try peer.waitFor(timeout: 10, "natter's JOIN") { $0.command == "JOIN" && $0.parsedSource?.nick == "viewer" }
        try peer.send("PRIVMSG #p :probe http://127.0.0.1:\(web.port)/cat.png")
        let log = x.environment()["XDG_STATE_HOME"]! + "/natter/debug.log"
        #expect(try waitFor(x, within: 10) {
            (try? String(contentsOfFile: log, encoding: .utf8))?.contains("http://127.0.0.1:\(web.port)/cat.png") == true
        }, "the refusal is not in the debug log")
        #expect(web.requests().isEmpty, "a loopback address was fetched")
        #expect(try waitForPixel(x, Self.fur, within: 1) == nil)
    }

    /// A configuration joining #p on the test's server as "viewer", after `settings`.
    private func writeConfig(_ x: XvfbSession, port: UInt16, _ settings: String = "") throws {
        try x.writeConfig(settings + """

            [[networks]]
            name = "Local"
            host = "127.0.0.1"
            port = \(port)
            tls = false
            nick = "viewer"
            channels = ["#p"]
            """)
    }

    /// Polls the screen for a pixel of `colour` on a coarse grid; its position, or nil.
    private func waitForPixel(_ x: XvfbSession, _ colour: String, within seconds: Double) throws -> (Int, Int)? {
        var found: (Int, Int)?
        _ = try waitFor(x, within: seconds) {
            found = try findPixel(x, colour)
            return found != nil
        }
        return found
    }

    private func waitFor(_ x: XvfbSession, within seconds: Double, _ condition: () throws -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.2)
        } while Date() < deadline
        return false
    }

    private func screenshot(_ x: XvfbSession) throws -> String {
        guard let importTool = findExecutable("import") else { throw TestFailure("ImageMagick is not installed (make test installs it)") }
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("natter-preview-\(UUID().uuidString).png").path
        _ = try runTool(importTool, ["-window", "root", shot], environment: x.environment())
        return shot
    }

    private func pixel(_ x: XvfbSession, _ px: Int, _ py: Int) throws -> String {
        guard let convert = findExecutable("convert") else { throw TestFailure("ImageMagick is not installed (make test installs it)") }
        let shot = try screenshot(x)
        defer { try? FileManager.default.removeItem(atPath: shot) }
        return try runTool(convert, [shot, "-format", "%[pixel:p{\(px),\(py)}]", "info:"], environment: x.environment())
    }

    /// The first pixel of `colour` on a 10 px grid of the screen.
    private func findPixel(_ x: XvfbSession, _ colour: String) throws -> (Int, Int)? {
        guard let convert = findExecutable("convert") else { throw TestFailure("ImageMagick is not installed (make test installs it)") }
        let shot = try screenshot(x)
        defer { try? FileManager.default.removeItem(atPath: shot) }
        // Every 10th pixel, as text: "x,y: (...) #RRGGBB srgb(r,g,b)".
        let text = try runTool(convert, [shot, "-sample", "10%", "txt:-"], environment: x.environment())
        for line in text.split(separator: "\n") where line.hasSuffix(colour) {
            let coords = line.split(separator: ":")[0].split(separator: ",").compactMap { Int($0) }
            if coords.count == 2 { return (coords[0] * 10 + 5, coords[1] * 10 + 5) }
        }
        return nil
    }
}

/// A folder served over HTTP on a loopback port by Python's http.server, holding the test
/// image; it remembers each path asked for.
final class WebFolder {
    let port: UInt16
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-web-\(UUID().uuidString)").path
    private let process: ChildProcess
    private let log: String

    init() throws {
        log = folder + "/requests.log"
        try FileManager.default.createDirectory(atPath: folder + "/www", withIntermediateDirectories: true)
        let cat = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("RenderTests/Scenarios/preview-assets/cat.png")
        try FileManager.default.copyItem(atPath: cat.path, toPath: folder + "/www/cat.png")
        // Logs each GET's path, one a line, to a file of its own.
        let script = """
            import http.server, sys
            log = open(sys.argv[2], "a", buffering=1)
            class Handler(http.server.SimpleHTTPRequestHandler):
                def do_GET(self):
                    log.write(self.path + "\\n")
                    super().do_GET()
                def log_message(self, *args):
                    pass
            http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])),
                lambda *a: Handler(*a, directory=sys.argv[3])).serve_forever()
            """
        try script.write(toFile: folder + "/serve.py", atomically: true, encoding: .utf8)
        guard let python = findExecutable("python3") else { throw TestFailure("python3 is not installed (make test installs it)") }
        port = try LoopbackPorts.free(1)[0]
        process = try ChildProcess(python, [folder + "/serve.py", "\(port)", log, folder + "/www"])
        let deadline = Date().addingTimeInterval(10)
        while !LoopbackPorts.isListening(port) {
            guard Date() < deadline else { throw TestFailure("the HTTP server did not start") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// The paths asked for so far.
    func requests() -> [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func stop() {
        process.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
