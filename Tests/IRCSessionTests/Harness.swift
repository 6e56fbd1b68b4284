import Foundation
import IRCProtocol
@testable import IRCSession

/// Drives a session with scripted server lines and a fake clock, and reads back what it sent.
struct Harness {
    var session: IRCSession
    var now: Double = 1_000

    init(_ configuration: SessionConfiguration = Harness.config()) {
        session = IRCSession(configuration: configuration)
    }

    static func config(nick: String = "natter", alternatives: [String] = [],
                       sasl: SASLMechanismConfig? = nil, autoJoin: [ChannelKey] = []) -> SessionConfiguration {
        var config = SessionConfiguration(nick: nick, alternativeNicks: alternatives, user: "nat",
                                          realName: "Natter User", sasl: sasl, autoJoin: autoJoin)
        config.ctcp.versionString = "Natter 1.0"
        return config
    }

    var time: SessionTime { SessionTime(now) }

    @discardableResult
    mutating func connect() -> [SessionOutput] { session.handle(.connected(now: time)) }

    @discardableResult
    mutating func feed(_ line: String) -> [SessionOutput] {
        let message: IRCMessage
        do { message = try IRCMessage(parsing: line) } catch { fatalError("bad test line \(line): \(error)") }
        return session.handle(.received(message, now: time))
    }

    /// Feeds several lines and returns everything they produced.
    @discardableResult
    mutating func feed(_ lines: [String]) -> [SessionOutput] { lines.flatMap { feed($0) } }

    @discardableResult
    mutating func intent(_ intent: UserIntent) -> [SessionOutput] { session.handle(.intent(intent, now: time)) }

    @discardableResult
    mutating func tick(at seconds: Double) -> [SessionOutput] {
        now = seconds
        return session.handle(.tick(now: time))
    }

    @discardableResult
    mutating func disconnect() -> [SessionOutput] { session.handle(.disconnected(reason: "EOF", now: time)) }

    /// Connects and registers against a server offering `caps` (a CAP LS value), ACKing every
    /// request, with the given ISUPPORT tokens; the end of the MOTD is fed too.
    @discardableResult
    mutating func register(caps: String = "", isupport: [String] = ["CHANTYPES=#", "PREFIX=(ov)@+", "CASEMAPPING=rfc1459"])
        -> [SessionOutput] {
        var outputs = connect()
        outputs += feed(":irc.example CAP * LS :\(caps)")
        for line in sent(outputs) where line.hasPrefix("CAP REQ :") || line.hasPrefix("CAP REQ ") {
            let list = line.hasPrefix("CAP REQ :") ? String(line.dropFirst(9)) : String(line.dropFirst(8))
            outputs += feed(":irc.example CAP * ACK :\(list)")
        }
        outputs += feed(":irc.example 001 \(session.state.nick) :Welcome to TestNet")
        outputs += feed(":irc.example 005 \(session.state.nick) \(isupport.joined(separator: " ")) :are supported by this server")
        outputs += feed(":irc.example 376 \(session.state.nick) :End of /MOTD command.")
        return outputs
    }
}

/// The lines sent, serialized.
func sent(_ outputs: [SessionOutput]) -> [String] {
    outputs.compactMap { if case .send(let message) = $0 { return message.serialized() } else { return nil } }
}

/// The events emitted.
func events(_ outputs: [SessionOutput]) -> [SessionEvent] {
    outputs.compactMap { if case .event(let event) = $0 { return event } else { return nil } }
}

/// The buffer messages emitted.
func messages(_ outputs: [SessionOutput]) -> [BufferMessage] {
    events(outputs).compactMap { if case .message(let message) = $0 { return message } else { return nil } }
}

/// The history batches emitted.
func histories(_ outputs: [SessionOutput]) -> [HistoryBatch] {
    events(outputs).compactMap { if case .history(let batch) = $0 { return batch } else { return nil } }
}
