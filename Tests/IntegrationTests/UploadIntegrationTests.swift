import ChatModel
import Crypto
import Foundation
import IRCProtocol
import IRCSession
import IRCTestServers
import NatterUI
import Testing
import Uploads

/// Uploads through the whole client: a scripted IRC server announces a file host
/// (`soju.im/FILEHOST`) served by ``FileHostServer`` on loopback; `/upload` streams a real file
/// to it with the network's SASL login, the bar above the input shows its progress, and the
/// returned address lands in the input. Cancelling, a refusal for size (413) and for the login
/// (401), and a network with no file host, each end in a sentence.
@MainActor
@Suite("Uploads to a file host", .serialized)
struct UploadIntegrationTests {
    nonisolated static let megabytes3 = 3 * 1024 * 1024
    /// Large enough that the socket buffers (the file host's receive buffer is kept small, the
    /// send buffer is at most 4 MiB) cannot take all that is past a gate of the file host's
    /// (``FileHostServer/gates``) while it waits there.
    nonisolated static let megabytes16 = 16 * 1024 * 1024

    /// `count` bytes that are not all alike (a chunk out of place shows in the digest), made
    /// quickly: a 64-bit linear congruential generator, eight bytes a step.
    /// The percentage an upload bar shows.
    nonisolated static func percent(_ bar: String) -> Int? {
        guard let dash = bar.range(of: "— "), let end = bar.range(of: " %", range: dash.upperBound..<bar.endIndex) else { return nil }
        return Int(bar[dash.upperBound..<end.lowerBound])
    }

    nonisolated static func noise(_ count: Int) -> Data {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var data = Data(count: count)
        data.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt64.self)
            for index in words.indices {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                words[index] = state
            }
        }
        return data
    }

    /// The client, its uploads, the IRC server and the file host, torn down by ``close()``.
    @MainActor
    final class Rig {
        let irc: FileHostIRCServer
        let host: FileHostServer
        let client: LiveClient
        let uploads: UploadSession
        let file: String
        let bytes: Data

        init(fileHost: (FileHostServer) -> String?, password: String = "hunter2", limit: Int = 64 * 1024 * 1024,
             size: Int = UploadIntegrationTests.megabytes3) async throws {
            host = try await FileHostServer(user: "ada", password: "hunter2", limit: limit)
            irc = try FileHostIRCServer(fileHost: fileHost(host))
            // Made off the main actor, which the other integration tests' loops share.
            bytes = await Task.detached { UploadIntegrationTests.noise(size) }.value
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-upload-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            file = folder.appendingPathComponent("cat.png").path
            try bytes.write(to: URL(fileURLWithPath: file))
            client = LiveClient(nick: "ada", channels: ["#c"], sasl: .plain(account: "ada", password: password),
                                saslFailure: .continue)
            uploads = UploadSession(controller: client.controller, uploader: FileUploader(wakeUp: {}))
            client.eachFrame = { [uploads] in uploads.drain() }
            client.connect(port: irc.port)
            try irc.start()
            try await client.waitUntilJoined("#c")
            try client.show("#c")
        }

        func close() {
            uploads.cancel()
            client.close()
            irc.stop()
            host.stop()
        }

        var lastNote: String? { client.buffer("#c")?.lines.last?.text }
        var barText: String? { client.screen.uploadBar.isHidden ? nil : client.screen.uploadBar.label.text.string }
    }

    @Test func aFileIsStreamedWithTheLoginAndItsAddressLandsInTheInput() async throws {
        let rig = try await Rig(fileHost: { $0.url("gated/upload") }, size: UploadIntegrationTests.megabytes16)
        defer { rig.close() }
        #expect(rig.client.network.canUpload)
        rig.client.controller.submit("/upload \(rig.file)")
        // Typed while the file goes: the address comes after it, at the caret.
        rig.client.screen.input.text = "look:"
        var bars: Set<String> = []
        // At each gate the file host waits: what was sent is then past the gate before (the
        // host read that much) and short of the next (the socket buffers hold less than the
        // gap), so the two figures seen differ, and neither is 0 or 100 %.
        for (index, gate) in FileHostServer.gates.enumerated() {
            try await rig.client.pump("the file host at gate \(index)", timeout: 60) { rig.host.isWaiting(at: index) }
            let floor = Int(Int64(gate) * 100 / Int64(UploadIntegrationTests.megabytes16))
            try await rig.client.pump("progress to gate \(index)", timeout: 60) {
                guard let bar = rig.barText, let percent = UploadIntegrationTests.percent(bar) else { return false }
                bars.insert(bar)
                return percent >= max(floor, 1)
            }
            rig.host.open(gate: index)
        }
        try await rig.client.pump("the upload's end", timeout: 60) { !rig.uploads.isUploading }
        #expect(rig.client.screen.input.text == "look: http://127.0.0.1:\(rig.host.port)/gated/files/abc123/cat.png",
                "the Location, relative to the upload URL, made absolute and put at the caret")
        #expect(rig.barText == nil)
        let between = Set(bars.compactMap { UploadIntegrationTests.percent($0) }.filter { $0 > 0 && $0 < 100 })
        #expect(between.count >= 2, "progress was seen more than once on the way: \(bars.sorted())")
        #expect(bars.allSatisfy { $0.hasPrefix("Uploading cat.png — ") && $0.hasSuffix("% of 16 MiB · Escape cancels") })
        let request = try #require(rig.host.requests.first)
        #expect(request["method"] as? String == "POST")
        #expect(request["login"] as? Bool == true, "HTTP Basic with the SASL PLAIN account and password")
        #expect(request["type"] as? String == "image/png")
        #expect(request["disposition"] as? String == "attachment; filename=\"cat.png\"")
        #expect(request["length"] as? Int == UploadIntegrationTests.megabytes16)
        let digest = SHA256.hash(data: rig.bytes).map { String(format: "%02x", $0) }.joined()
        #expect(request["sha256"] as? String == digest, "the body is the file's bytes, in order")
    }

    /// The bar's button (Escape does the same: UploadViewTests) cancels the upload.
    @Test func theBarCancelsAnUploadUnderWay() async throws {
        let rig = try await Rig(fileHost: { $0.url("gated/upload") }, size: UploadIntegrationTests.megabytes16)
        defer { rig.close() }
        rig.client.controller.submit("/upload \(rig.file)")
        try await rig.client.pump("the file host at its first gate", timeout: 60) { rig.host.isWaiting(at: 0) }
        try await rig.client.pump("some progress", timeout: 60) {
            guard let bar = rig.barText, let percent = UploadIntegrationTests.percent(bar) else { return false }
            return percent > 0
        }
        let cancel = try #require(rig.client.screen.uploadBar.cancelButton.onPress)
        cancel()
        try await rig.client.pump("the cancelled upload's end") { !rig.uploads.isUploading }
        rig.host.open(gate: 0)
        #expect(rig.lastNote == "The upload of cat.png was cancelled")
        #expect(rig.barText == nil && rig.client.screen.input.text.isEmpty)
        try await rig.client.pump("the file host seeing the cut", timeout: 60) { !rig.host.requests.isEmpty }
        let request = try #require(rig.host.requests.first)
        let received = try #require(request["received"] as? Int)
        #expect(received < UploadIntegrationTests.megabytes16, "the body was cut off")
    }

    /// One upload at a time: another asked for meanwhile is refused in a sentence, and the
    /// first goes on.
    @Test func aSecondUploadWaitsForTheFirst() async throws {
        let rig = try await Rig(fileHost: { $0.url("gated/upload") }, size: UploadIntegrationTests.megabytes16)
        defer { rig.close() }
        rig.client.controller.submit("/upload \(rig.file)")
        try await rig.client.pump("the file host at its first gate", timeout: 60) { rig.host.isWaiting(at: 0) }
        rig.client.controller.input.dropFile(rig.file)
        #expect(rig.lastNote == "cat.png is still being uploaded: wait for it, or Escape cancels it")
        #expect(rig.uploads.isUploading)
        for gate in FileHostServer.gates.indices { rig.host.open(gate: gate) }
        try await rig.client.pump("the first upload's end", timeout: 60) { !rig.uploads.isUploading }
        #expect(rig.client.screen.input.text == "http://127.0.0.1:\(rig.host.port)/gated/files/abc123/cat.png")
        #expect(rig.host.requests.count == 1)
    }

    @Test func aFileTooLargeIsRefusedInASentence() async throws {
        let rig = try await Rig(fileHost: { $0.url("upload") }, limit: 1024 * 1024)
        defer { rig.close() }
        rig.client.controller.submit("/upload \(rig.file)")
        try await rig.client.pump("the refusal", timeout: 60) { !rig.uploads.isUploading }
        #expect(rig.lastNote == "The server refused cat.png: at 3 MiB it is larger than the file host accepts: “Upload too large”")
        #expect(rig.client.screen.input.text.isEmpty)
    }

    @Test func aWrongLoginIsRefusedInASentence() async throws {
        let rig = try await Rig(fileHost: { $0.url("upload") }, password: "wrong")
        defer { rig.close() }
        rig.client.controller.submit("/upload \(rig.file)")
        try await rig.client.pump("the refusal", timeout: 60) { !rig.uploads.isUploading }
        #expect(rig.lastNote == "The server refused cat.png: it did not accept testnet's login: “Invalid credentials”")
        #expect(rig.host.requests.first?["has_login"] as? Bool == true)
    }

    @Test func withoutAFileHostUploadsAndDropsAreRefused() async throws {
        let rig = try await Rig(fileHost: { _ in nil })
        defer { rig.close() }
        #expect(!rig.client.network.canUpload)
        rig.client.controller.submit("/upload \(rig.file)")
        #expect(rig.lastNote == "testnet offers no file host: files can be uploaded only where the server has one (soju.im/FILEHOST)")
        let count = rig.client.buffer("#c")?.lines.count
        rig.client.controller.input.dropFile(rig.file)
        #expect(rig.client.buffer("#c")?.lines.count == (count ?? 0) + 1)
        #expect(rig.lastNote?.hasPrefix("testnet offers no file host") == true)
        #expect(!rig.uploads.isUploading && rig.host.requests.isEmpty)
    }
}

/// Registers the client with `soju.im/FILEHOST` in its ISUPPORT (when given) and joins it to
/// the channels it asks for.
final class FileHostIRCServer: ScriptedServer, @unchecked Sendable {
    let fileHost: String?

    init(fileHost: String?) throws {
        self.fileHost = fileHost
        try super.init()
    }

    override func serve(_ client: RawIRCClient) {
        var nick = "*"
        while !isStopped {
            let line: String?
            do { line = try client.readLine(timeout: 0.02) } catch { continue }
            guard let line else { return }
            guard let message = try? IRCMessage(parsing: line) else { problem("unparsable: \(line)"); continue }
            let p = message.parameters
            switch message.command {
            case "CAP" where p.first == "LS":
                send([":srv CAP * LS :"], to: client)
            case "NICK":
                nick = p.first ?? nick
            case "USER":
                let token = fileHost.map { " soju.im/FILEHOST=\($0)" } ?? ""
                send([":srv 001 \(nick) :Welcome", ":srv 005 \(nick) CHANTYPES=# PREFIX=(ov)@+\(token) :are supported",
                      ":srv 422 \(nick) :No MOTD"], to: client)
            case "JOIN":
                let channel = p.first ?? "#c"
                send([":\(nick)!u@h JOIN \(channel)", ":srv 353 \(nick) = \(channel) :\(nick)", ":srv 366 \(nick) \(channel) :End"],
                     to: client)
            case "PING":
                send([":srv PONG srv :\(p.last ?? "")"], to: client)
            default:
                break
            }
        }
    }
}
