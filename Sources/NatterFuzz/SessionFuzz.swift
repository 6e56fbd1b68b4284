import Foundation
import IRCProtocol
import IRCSession

/// Drives an `IRCSession` with plausible server lines chosen by the fuzzer's bytes: each byte
/// picks a template (registration numerics, CAP, SASL, BATCH open and close, CHATHISTORY pages,
/// NAMES, modes, messages with tags, …) and the next bytes fill its blanks, so the inputs
/// reach deep states that random bytes never would. Intents and ticks come in between.
enum SessionFuzz {
    static let words = ["#c", "#C", "&x", "natter", "Natter", "bob", "*", "", ":", "+", "-", "@", "ov", "+o", "-v",
                        "a b", "sasl", "batch", "server-time", "draft/chathistory", "chathistory", "message-tags",
                        "echo-message", "labeled-response", "draft/multiline", "soju.im/bouncer-networks", "sts",
                        "PLAIN", "+", "b1", "b2", "chathistory", "netsplit", "draft/multiline", "znc.in/playback",
                        "2024-01-01T00:00:00.000Z", "msgid=m1", "m2", "999999999999", "\u{01}ACTION x\u{01}", "é", "\u{03}4,5"]

    static let templates: [@Sendable (inout Reader) -> String] = [
        { _ in ":srv 001 natter :Welcome" },
        { r in ":srv 005 natter \(r.word())=\(r.word()) CHATHISTORY=\(r.number()) PREFIX=(ov)@+ CHANTYPES=#& :are supported" },
        { _ in ":srv 376 natter :End" },
        { r in ":srv CAP * LS :\(r.word()) \(r.word()) \(r.word())" },
        { r in ":srv CAP * \(["ACK", "NAK", "NEW", "DEL", "LS *"][r.pick(5)]) :\(r.word()) \(r.word())" },
        { r in "AUTHENTICATE \(r.word())" },
        { r in ":srv \(["900", "903", "904", "907", "908", "433", "432", "421"][r.pick(8)]) natter \(r.word()) :\(r.word())" },
        { r in "@\(r.tags()) :srv BATCH +\(r.word()) \(r.word()) \(r.word())" },
        { r in ":srv BATCH -\(r.word())" },
        { r in "@batch=\(r.word());\(r.tags()) :\(r.word())!u@h PRIVMSG \(r.word()) :\(r.word()) \(r.word())" },
        { r in "@\(r.tags()) :\(r.word())!u@h \(["PRIVMSG", "NOTICE", "TAGMSG", "REDACT"][r.pick(4)]) \(r.word()) :\(r.word())" },
        { r in ":\(r.word())!u@h JOIN \(r.word())" },
        { r in ":\(r.word())!u@h \(["PART", "QUIT", "NICK", "KICK", "TOPIC", "AWAY"][r.pick(6)]) \(r.word()) :\(r.word())" },
        { r in ":srv 353 natter = \(r.word()) :\(r.word()) @\(r.word()) +\(r.word())" },
        { r in ":srv 366 natter \(r.word()) :End" },
        { r in ":\(r.word()) MODE \(r.word()) \(r.word()) \(r.word()) \(r.word())" },
        { r in ":srv FAIL \(r.word()) \(r.word()) \(r.word()) :\(r.word())" },
        { r in ":srv BOUNCER NETWORK \(r.word()) \(r.word())=\(r.word());\(r.word())" },
        { r in ":srv \(["730", "731", "332", "324", "001", "ACK"][r.pick(6)]) natter \(r.word()) :\(r.word())" },
        { r in "@label=n\(r.number());\(r.tags()) :srv ACK" },
        { r in "PING :\(r.word())" },
        { r in "MARKREAD \(r.word()) timestamp=\(r.word())" },
        // The numerics answers are collected from (WHOIS, WHOWAS, WHO, NAMES, the MOTD, errors).
        { r in
            let codes = ["311", "312", "313", "317", "318", "319", "301", "330", "338", "378", "671", "314", "369", "406",
                         "352", "315", "354", "375", "372", "376", "401", "404", "482", "353", "366"]
            return "@\(r.tags()) :srv \(codes[r.pick(codes.count)]) natter \(r.word()) \(r.word()) \(r.word()) :\(r.word())"
        },
    ]

    static func run(_ data: [UInt8]) {
        var reader = Reader(bytes: data)
        var session = IRCSession(configuration: SessionConfiguration(
            nick: "natter", alternativeNicks: ["natter_"], user: "n", realName: "n",
            sasl: reader.pick(2) == 0 ? .plain(account: "a", password: "b") : nil, autoJoin: [ChannelKey("#c")]))
        var clock = 1_000.0
        func now() -> SessionTime { SessionTime(monotonic: clock, wall: Date(timeIntervalSince1970: clock)) }
        _ = session.handle(.connected(now: now(), secure: reader.pick(2) == 0))
        while !reader.isAtEnd {
            let choice = reader.pick(templates.count + 4)
            switch choice {
            case templates.count:
                clock += Double(reader.pick(200))
                _ = session.handle(.tick(now: now()))
            case templates.count + 1:
                let intents: [UserIntent] = [
                    .sendMessage(target: reader.word(), text: reader.word()), .join([ChannelKey(reader.word())]),
                    .requestOlderHistory(target: reader.word(), before: .msgid(reader.word()), limit: reader.number()),
                    .sendMultiline(target: reader.word(), text: reader.word() + "\n" + reader.word(), replyTo: nil),
                    .react(target: reader.word(), msgid: reader.word(), reaction: reader.word(), removing: reader.pick(2) == 0),
                    .changeNick(reader.word()), .bouncer(.addNetwork(["host": reader.word()])), .markRead(target: reader.word(), timestamp: now().wall),
                    .asked(.whois(reader.word()), from: reader.word()), .asked(.who(reader.word()), from: nil),
                    .asked(.command(["NAMES", "WHOWAS", "MOTD"][reader.pick(3)], parameters: [reader.word()]), from: reader.word()),
                ]
                _ = session.handle(.intent(intents[reader.pick(intents.count)], now: now()))
            case templates.count + 2:
                _ = session.handle(.disconnected(reason: "fuzz", now: now()))
                _ = session.handle(.connected(now: now(), secure: reader.pick(2) == 0))
            case templates.count + 3:
                // Raw bytes as a line: whatever parses goes in.
                let raw = String(decoding: reader.take(reader.pick(64)), as: UTF8.self)
                if let message = try? IRCMessage(parsing: raw) { _ = session.handle(.received(message, now: now())) }
            default:
                let line = templates[choice](&reader)
                if let message = try? IRCMessage(parsing: line) { _ = session.handle(.received(message, now: now())) }
            }
        }
    }

    /// Reads choices from the fuzzer's bytes (0 once they run out).
    struct Reader {
        let bytes: [UInt8]
        var index = 0
        var isAtEnd: Bool { index >= bytes.count }

        mutating func pick(_ count: Int) -> Int {
            guard count > 0, index < bytes.count else { return 0 }
            defer { index += 1 }
            return Int(bytes[index]) % count
        }

        mutating func take(_ count: Int) -> [UInt8] {
            let slice = bytes[min(index, bytes.count)..<min(index + count, bytes.count)]
            index += count
            return Array(slice)
        }

        mutating func word() -> String {
            let choice = pick(SessionFuzz.words.count + 1)
            if choice == SessionFuzz.words.count { return String(decoding: take(pick(12)), as: UTF8.self) }
            return SessionFuzz.words[choice]
        }

        mutating func number() -> Int { [0, 1, 2, 3, 50, 100, 1000, -1][pick(8)] }

        mutating func tags() -> String {
            ["time=\(word())", "msgid=\(word())", "label=n\(number())", "batch=\(word())", "+draft/reply=\(word())",
             "+draft/react=\(word())", "+typing=active", "draft/multiline-concat", "account=\(word())"][pick(9)]
        }
    }
}
