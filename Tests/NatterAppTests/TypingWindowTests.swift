import Foundation
import IRCProtocol
import IRCTestServers
import NatterTestSupport
import Testing

/// Typed text in the real window (Xvfb, xdotool): a zoom key types nothing (Ctrl++ and the
/// keypad's keys with Ctrl included), and what is typed after the nick list had the keyboard
/// and the messages were clicked, or the list was hidden, reaches the channel. These bugs lived
/// in event handling (the window sent the zoom key's text on; it stopped sending text at all
/// while the nick list had the keyboard; a hidden list kept it), so only a real window shows
/// them.
@Suite(.serialized)
struct TypingWindowTests {
    @Test(.timeLimit(.minutes(1)))
    func zoomKeysTypeNothingAndTheNickListGivesTheKeyboardBack() throws {
        try inTypingWindow { x, window, peer in
            // Ctrl+= zooms in, Ctrl+- out, Ctrl++ (Ctrl+Shift+=, whose text is "+") and the
            // keypad's + and - with Ctrl too, Ctrl+0 back: none of "=", "-", "+", "0" is typed.
            for name in ["ctrl+equal", "ctrl+equal", "ctrl+minus", "ctrl+plus", "ctrl+KP_Add", "ctrl+KP_Subtract", "ctrl+0"] {
                try x.key(window, name)
            }
            try x.type(window, "zoomed")
            try x.key(window, "Return")
            let zoomed = try peer.waitFor(timeout: 5, "the line typed after zooming") { $0.command == "PRIVMSG" && $0.parsedSource?.nick == "typist" }
            #expect(zoomed.parameters == ["#w", "zoomed"])

            // Alt+N: the nick list takes the keyboard and typing filters it; a click in the
            // messages gives the keyboard back to the input line, and what is typed then is said.
            try x.key(window, "alt+n")
            try x.type(window, "pe")
            _ = try runTool(try XvfbSession.xdotool(), ["mousemove", "--window", window, "500", "300", "click", "1"],
                            environment: x.environment())
            try x.type(window, "after the click")
            try x.key(window, "Return")
            let after = try peer.waitFor(timeout: 5, "the line typed after clicking the messages") {
                $0.command == "PRIVMSG" && $0.parsedSource?.nick == "typist"
            }
            #expect(after.parameters == ["#w", "after the click"])
        }
    }

    /// The nick list hidden (F8) while it has the keyboard gives it to the input line: what is
    /// typed then is said, not put in a filter no one sees.
    @Test(.timeLimit(.minutes(1)))
    func hidingTheNickListGivesTheKeyboardBack() throws {
        try inTypingWindow { x, window, peer in
            try x.key(window, "alt+n")
            try x.type(window, "pe")
            try x.key(window, "F8")
            try x.type(window, "after hiding")
            try x.key(window, "Return")
            let after = try peer.waitFor(timeout: 5, "the line typed after hiding the nick list") {
                $0.command == "PRIVMSG" && $0.parsedSource?.nick == "typist"
            }
            #expect(after.parameters == ["#w", "after hiding"])
        }
    }

    /// Natter in a private X server, joined to #w on an InspIRCd where `peer` is in #w too and
    /// natter has the channel's names; `body` types into its window.
    private func inTypingWindow(_ body: (XvfbSession, String, RawIRCClient) throws -> Void) throws {
        let server = try InspIRCdNetwork(services: false)
        defer { server.stop() }
        let peer = try RawIRCClient(port: server.clientPort)
        defer { peer.close() }
        try peer.register(nick: "peer")
        try peer.join("#w")

        let x = try XvfbSession()
        defer { x.stop() }
        let app = try ChildProcess(try natterExecutable(),
                                   ["--server", "127.0.0.1:\(server.clientPort)", "--no-tls", "--nick", "typist",
                                    "--join", "#w", "--window-size", "1000x700"],
                                   environment: x.environment())
        defer { app.stop() }
        let window = try x.waitForNatterWindow()
        try peer.waitFor(timeout: 10, "natter's JOIN") { $0.command == "JOIN" && $0.parsedSource?.nick == "typist" }
        // The channel is shown once its names came: the peer's line proves natter has them.
        try peer.send("PRIVMSG #w :ready")
        Thread.sleep(forTimeInterval: 0.5)
        try body(x, window, peer)
    }
}
