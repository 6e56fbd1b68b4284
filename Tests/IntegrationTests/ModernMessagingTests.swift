import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import IRCTestServers
import Testing
import NatterTestSupport

/// What InspIRCd 3 lacks, against a scripted server that follows the IRCv3 specifications
/// (ircv3-specifications as of commit 22a8e8b, 2026: `draft/multiline`,
/// `draft/message-redaction`, `draft/read-marker`): the whole client sends and receives
/// multiline batches, deletes its own message, and keeps read markers in step.
@MainActor
@Suite("Modern messaging against a scripted server")
struct ModernMessagingTests {
    @Test func multilineRedactionAndReadMarkersEndToEnd() async throws {
        let server = try SpecServer(channel: "#spec")
        defer { server.stop() }
        let client = LiveClient(nick: "natterSpec", channels: ["#spec"])
        defer { client.close() }
        client.connect(port: server.port)
        try server.start()
        try await client.waitUntilJoined("#spec")
        try client.show("#spec")

        // Someone's message, then its deletion by its sender: the row stays, its text goes.
        server.push(["@msgid=a1;time=2026-01-01T10:00:00.000Z :alice!a@h PRIVMSG #spec :my token is 1234",
                     "@time=2026-01-01T10:00:05.000Z :alice!a@h REDACT #spec a1 :oops"])
        try await client.pump("alice's deleted message") {
            client.messages(in: "#spec").first { $0.id == "a1" }?.redaction == LineRedaction(by: "alice", reason: "oops")
        }
        #expect(client.messages(in: "#spec").first { $0.id == "a1" }?.text == "")

        // A multiline batch from bob is one message.
        server.push(["@msgid=b1;time=2026-01-01T10:01:00.000Z :bob!b@h BATCH +x draft/multiline #spec",
                     "@batch=x :bob!b@h PRIVMSG #spec :line one",
                     "@batch=x :bob!b@h PRIVMSG #spec :line ",
                     "@batch=x;draft/multiline-concat :bob!b@h PRIVMSG #spec :two",
                     ":bob!b@h BATCH -x"])
        try await client.pump("bob's multiline message") {
            client.messages(in: "#spec").contains { $0.id == "b1" && $0.text == "line one\nline two" }
        }

        // We paste three lines: offered as one message, sent as one batch, echoed once.
        #expect(client.controller.input.paste("first\nsecond\nthird"))
        client.controller.input.confirmPaste()
        try await client.pump("our echoed multiline message") {
            client.messages(in: "#spec").contains { $0.isOwn && $0.text == "first\nsecond\nthird" && $0.delivery == .delivered }
        }
        #expect(client.messages(in: "#spec").filter(\.isOwn).count == 1)
        #expect(server.received.contains { $0.contains("BATCH +") && $0.hasSuffix("draft/multiline #spec") })

        // /redact deletes it: the server relays the REDACT back to us, the row says so.
        client.controller.submit("/redact")
        try await client.pump("our message deleted") {
            client.messages(in: "#spec").first { $0.isOwn }?.redaction != nil
        }
        #expect(server.problems.isEmpty, "\(server.problems)")

        // Read markers: another client of ours read #other; leaving #spec tells the server.
        server.push([":srv!s@h PRIVMSG #other :hello"])
        try await client.pump("a line in #other") { client.buffer("#other")?.unread == 1 }
        server.push(["MARKREAD #other timestamp=2099-01-01T00:00:00.000Z"])
        try await client.pump("#other read elsewhere") { client.buffer("#other")?.unread == 0 }
        client.controller.show(try #require(client.buffer("#other")).id)
        try await client.pump("our MARKREAD for #spec") { server.received.contains { $0.hasPrefix("MARKREAD #spec timestamp=") } }
        #expect(server.problems.isEmpty, "\(server.problems)")
    }
}

/// A scripted server for the specifications InspIRCd 3 lacks: CAP LS offers batch, message-tags,
/// server-time, echo-message, labeled-response, draft/multiline (max-bytes=4096,max-lines=24),
/// draft/message-redaction and draft/read-marker. It echoes messages and multiline batches with
/// msgids (the label on the opening BATCH), relays REDACT of the client's own messages and
/// refuses others (`FAIL REDACT REDACT_FORBIDDEN`), and answers MARKREAD with the marker as
/// stored. Lines the test pushes are sent as they are; what the client sent is recorded, and
/// whatever breaks a specification rule becomes a problem.
final class SpecServer: ScriptedServer, @unchecked Sendable {
    // @unchecked: the outbox and the record are guarded by the base's lock.
    private let channel: String
    private var _received: [String] = []
    private var _outbox: [String] = []

    var received: [String] { lock.withLock { _received } }

    init(channel: String) throws {
        self.channel = channel
        try super.init()
    }

    func push(_ lines: [String]) { lock.withLock { _outbox += lines } }

    override func serve(_ client: RawIRCClient) {
        var nick = "*"
        var next = 0
        var own: Set<String> = []                              // msgids of the client's messages
        var open: (reference: String, label: String?, target: String, lines: [IRCMessage])?
        func send(_ lines: [String]) { self.send(lines, to: client) }
        func msgid() -> String { next += 1; return "s\(next)" }
        while !isStopped {
            let outbox = lock.withLock { defer { _outbox.removeAll() }; return _outbox }
            if !outbox.isEmpty { send(outbox) }
            let line: String?
            do { line = try client.readLine(timeout: 0.02) } catch { continue }
            guard let line else { return }
            lock.withLock { _received.append(line) }
            guard let message = try? IRCMessage(parsing: line) else { problem("unparsable: \(line)"); continue }
            let p = message.parameters
            let source = ":\(nick)!u@example.org"
            if let batch = message.tags["batch"] {
                // Inside a client multiline batch: only PRIVMSG/NOTICE to the batch target, and
                // no tags but batch and multiline-concat.
                guard let current = open, current.reference == batch else { problem("line in an unknown batch: \(line)"); continue }
                if !["PRIVMSG", "NOTICE"].contains(message.command) || p.first != current.target {
                    problem("MULTILINE_INVALID_TARGET or command: \(line)")
                }
                if message.tags.keys.contains(where: { $0 != "batch" && $0 != "draft/multiline-concat" }) {
                    problem("tags on a line inside a multiline batch: \(line)")
                }
                open?.lines.append(message)
                continue
            }
            switch message.command {
            case "CAP" where p.first == "LS":
                send([":srv CAP * LS :batch message-tags server-time echo-message labeled-response draft/multiline=max-bytes=4096,max-lines=24 draft/message-redaction draft/read-marker"])
            case "CAP" where p.first == "REQ":
                send([":srv CAP * ACK :\(p.last ?? "")"])
            case "NICK":
                nick = p.first ?? nick
            case "USER":
                send([":srv 001 \(nick) :Welcome to the spec network",
                      ":srv 005 \(nick) CHANTYPES=# PREFIX=(ov)@+ CASEMAPPING=ascii :are supported",
                      ":srv 422 \(nick) :MOTD File is missing"])
            case "PING":
                send([":srv PONG srv :\(p.last ?? "")"])
            case "JOIN":
                send(["\(source) JOIN \(channel)", ":srv 353 \(nick) = \(channel) :\(nick) alice bob",
                      ":srv 366 \(nick) \(channel) :End of /NAMES list."])
            case "PRIVMSG", "NOTICE":
                let id = msgid()
                own.insert(id)
                let label = message.tags["label"].map { "label=\($0);" } ?? ""
                send(["@\(label)msgid=\(id) \(source) \(message.command) \(p[0]) :\(p.count > 1 ? p[1] : "")"])
            case "BATCH" where p.first?.hasPrefix("+") == true:
                guard p.count == 3, p[1] == "draft/multiline" else { problem("unexpected batch: \(line)"); continue }
                open = (String(p[0].dropFirst()), message.tags["label"], p[2], [])
            case "BATCH" where p.first?.hasPrefix("-") == true:
                guard let batch = open, batch.reference == String(p[0].dropFirst()) else { problem("unbalanced batch: \(line)"); continue }
                open = nil
                let texts = batch.lines.map { $0.parameters.count > 1 ? $0.parameters[1] : "" }
                if texts.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { problem("a batch of blank lines") }
                let bytes = zip(batch.lines, texts).enumerated().reduce(0) { sum, item in
                    sum + item.element.1.utf8.count + (item.offset > 0 && item.element.0.tags["draft/multiline-concat"] == nil ? 1 : 0)
                }
                if bytes > 4096 || batch.lines.count > 24 { problem("multiline limits exceeded: \(bytes) bytes, \(batch.lines.count) lines") }
                let id = msgid()
                own.insert(id)
                let label = batch.label.map { "label=\($0);" } ?? ""
                send(["@\(label)msgid=\(id) \(source) BATCH +e\(id) draft/multiline \(batch.target)"]
                     + batch.lines.map { line in
                         let concat = line.tags["draft/multiline-concat"] != nil ? ";draft/multiline-concat" : ""
                         return "@batch=e\(id)\(concat) \(source) \(line.command) \(batch.target) :\(line.parameters.count > 1 ? line.parameters[1] : "")"
                     }
                     + ["\(source) BATCH -e\(id)"])
            case "REDACT":
                guard p.count >= 2 else { send([":srv FAIL REDACT INVALID_TARGET * :No target"]); continue }
                if own.contains(p[1]) {
                    send(["\(source) REDACT \(p[0]) \(p[1])" + (p.count > 2 ? " :\(p[2])" : "")])
                } else {
                    send([":srv FAIL REDACT REDACT_FORBIDDEN \(p[0]) \(p[1]) :You are not authorised to delete this message"])
                }
            case "MARKREAD":
                guard p.count == 2, p[1].hasPrefix("timestamp=") else { problem("MARKREAD without a timestamp: \(line)"); continue }
                send([":srv MARKREAD \(p[0]) \(p[1])"])
            default:
                break
            }
        }
    }
}
