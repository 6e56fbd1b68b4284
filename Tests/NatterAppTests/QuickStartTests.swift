import ArgumentParser
import Configuration
import IRCSession
@testable import NatterApp
import Testing

/// `natter --server`: HOST[:PORT], and the URL form bouncers give, ircs://USER@HOST:PORT/NETWORK.
@Suite struct QuickStartTests {
    func parse(_ arguments: [String]) throws -> QuickStart {
        let command = try #require(try NatterCommand.parseAsRoot(arguments) as? OpenCommand)
        return try #require(command.quickStart)
    }

    @Test func aBouncerURLNamesTheLoginTheServerAndTheNetwork() throws {
        let start = try parse(["--server", "ircs://alice@bnc.example.org:6697/libera", "--password-command", "pass bnc"])
        #expect(start.host == "bnc.example.org" && start.port == 6697 && start.tls)
        #expect(start.nick == "alice" && start.login == "alice" && start.bouncerNetwork == "libera")
        let network = start.network
        #expect(network.name == "libera")
        #expect(network.user == "alice/libera")              // ZNC's and soju's USER form
        #expect(network.password == .command("pass bnc"))
        let setup = try NetworkSetup(NatterConfig.Network(name: "x", host: "h", port: 1, tls: false, verifyCertificate: true,
                                                          nick: "n", alternativeNicks: [], user: "alice/libera", realName: "r",
                                                          channels: [], password: .command("printf s3cret"), sasl: nil,
                                                          clientCertificate: nil, clientKey: nil, autoConnect: true))
        #expect(setup.session.serverPassword == "s3cret")
    }

    @Test func plainURLsAndDefaults() throws {
        let plain = try parse(["--server", "irc://127.0.0.1", "--nick", "bob", "--join", "a,#b"])
        #expect(plain.host == "127.0.0.1" && plain.port == 6667 && !plain.tls)
        #expect(plain.nick == "bob" && plain.login == nil && plain.bouncerNetwork == nil)
        #expect(plain.channels == ["#a", "#b"])
        #expect(plain.network.user == "bob" && plain.network.name == "127.0.0.1")
        let v6 = try parse(["--server", "ircs://me@[::1]:7000"])
        #expect(v6.host == "::1" && v6.port == 7000 && v6.tls)
        let classic = try parse(["--server", "irc.libera.chat:6697"])
        #expect(classic.host == "irc.libera.chat" && classic.port == 6697 && classic.tls)
    }

    @Test func aPasswordOrAnythingElseInTheURLIsRefused() {
        for bad in ["ircs://alice:secret@bnc.example.org/libera", "ircs://bnc.example.org/a/b", "ircs://bnc.example.org/x?y=1",
                    "ircs://:6697", "ircs://bnc.example.org:99999"] {
            #expect(throws: (any Error).self, "\(bad)") { _ = try NatterCommand.parseAsRoot(["--server", bad]) }
        }
    }
}
