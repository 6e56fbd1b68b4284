import Foundation
import IRCFormatting
import IRCProtocol
import IRCSession

/// The fuzz targets: each takes libFuzzer's bytes and checks what must hold for any input
/// (no crash, and the invariants below); a violation traps, which libFuzzer reports with the
/// input. Chosen by `NATTER_FUZZ_TARGET` (see ``FuzzTarget/named(_:)``).
enum FuzzTarget: String, CaseIterable {
    /// Bytes through `IRCLineDecoder` (whole, and split where the first byte says), each line
    /// through `IRCMessage(parsing:)`; what parses serialises to a single line (no CR, LF or
    /// NUL, whatever it holds), and when it can be sent as it is (`validatedSerialization`),
    /// that line parses back to the same message.
    case parser
    /// A tag value escaped and unescaped comes back unchanged.
    case tags
    /// `parseFormatting` and `stripFormatting` agree on the text; runs serialised and parsed
    /// again give the same text.
    case formatting
    /// `detectURLs` ranges lie inside the text and hold the URL they name.
    case urls
    /// ISUPPORT tokens from the bytes, then every typed property read.
    case isupport
    /// A session fed plausible server lines built from the bytes (registration, CAP, SASL,
    /// BATCH, CHATHISTORY, NAMES, …) with intents between them.
    case session
    /// `config.toml` text through the config reader (TOML, types, ranges, unknown keys).
    case config
    /// A `natter render` scenario through its parser.
    case scenario
    /// Styled message text laid out and drawn with the real fonts (see ``LayoutFuzz``).
    case layout
    /// A Lua script of API calls with odd arguments, loaded and driven (see ``ScriptFuzz``).
    case scripts
    /// A body through the link previews' sniffer, image header and head reader (see ``PreviewFuzz``).
    case previews

    static func named(_ name: String?) -> FuzzTarget? { name.flatMap(FuzzTarget.init(rawValue:)) }

    func run(_ data: [UInt8]) {
        switch self {
        case .parser: Self.parser(data)
        case .tags: Self.tags(data)
        case .formatting: Self.formatting(data)
        case .urls: Self.urls(data)
        case .isupport: Self.isupport(data)
        case .session: SessionFuzz.run(data)
        case .config: AppFuzz.config(data)
        case .scenario: AppFuzz.scenario(data)
        case .layout: MainActor.assumeIsolated { LayoutFuzz.run(data) }
        case .scripts: ScriptFuzz.run(data)
        case .previews: PreviewFuzz.run(data)
        }
    }

    static func parser(_ data: [UInt8]) {
        var whole = IRCLineDecoder()
        var lines = whole.decode(data) + whole.finish()
        // The same bytes split at a place the first byte picks: the same lines.
        if let first = data.first, data.count > 1 {
            let cut = Int(first) % data.count
            var split = IRCLineDecoder()
            let again = split.decode(data[..<cut]) + split.decode(data[cut...]) + split.finish()
            precondition(again.map(describe) == lines.map(describe), "a split changed the lines")
        }
        lines.removeAll { if case .failure = $0 { true } else { false } }
        let roomy = IRCLineLimits(maxTagSectionBytes: 1 << 20, maxBodyBytes: 1 << 20)
        for case .success(let line) in lines {
            guard let message = try? IRCMessage(parsing: line) else { continue }
            precondition(!message.serialized().utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }, "a second line smuggled")
            guard let text = try? message.validatedSerialization(limits: roomy) else { continue }
            guard let back = try? IRCMessage(parsing: text, limits: roomy) else {
                preconditionFailure("serialised \(text.debugDescription) does not parse")
            }
            precondition(back.command == message.command && back.parameters == message.parameters
                         && back.tags == message.tags && back.source == message.source, "round trip changed \(line.debugDescription)")
        }
    }

    static func tags(_ data: [UInt8]) {
        let value = String(decoding: data, as: UTF8.self)
        let escaped = IRCMessage.escapeTagValue(value)
        // Bytes, not Characters: U+037E is canonically a semicolon to String comparison.
        precondition(!escaped.utf8.contains { $0 == 0x20 || $0 == 0x3B || $0 == 0x0D || $0 == 0x0A }, "unescaped separator")
        precondition(IRCMessage.unescapeTagValue(escaped) == value, "tag value round trip")
    }

    static func formatting(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        let runs = parseFormatting(text)
        let plain = stripFormatting(text)
        precondition(runs.map(\.text).joined() == plain, "runs and stripped text differ")
        let again = parseFormatting(serializeFormatting(runs))
        precondition(again.map(\.text).joined() == plain, "serialised runs lose text")
    }

    static func urls(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        for found in detectURLs(in: text) {
            precondition(found.range.lowerBound >= text.startIndex && found.range.upperBound <= text.endIndex)
            precondition(!found.url.isEmpty)
        }
    }

    static func isupport(_ data: [UInt8]) {
        var support = ISupport()
        for token in String(decoding: data, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            support.apply(token: String(token))
        }
        _ = (support.prefixes, support.channelTypes, support.channelModes, support.caseMapping, support.network,
             support.nickLength, support.channelLength, support.topicLength, support.lineLength, support.modesPerCommand,
             support.maxTargets(for: "PRIVMSG"), support.isChannel("#x"), support.caseMapping.lowercased("[Nick]\\^~"))
    }

    private static func describe(_ result: Result<String, IRCLineError>) -> String {
        switch result {
        case .success(let line): "ok:" + line
        case .failure(let error): "error:\(error)"
        }
    }
}
