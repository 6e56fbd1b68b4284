/// Server features announced in `RPL_ISUPPORT` (005), with sane defaults for absent tokens.
///
/// Feed every 005 message to ``apply(_:)``; `-TOKEN` removes a token again. Values are unescaped
/// (`\x20` and friends). The typed properties read the raw ``tokens``; the ones every
/// incoming message asks for (prefixes, channel types, case mapping) are worked out once per
/// token change instead, since a flood asked for them tens of thousands of times a second.
public struct ISupport: Hashable, Sendable {
    /// Every token received, with its unescaped value (`""` for a token without one).
    public private(set) var tokens: [String: String] = [:] {
        didSet { derived = Derived(tokens) }
    }
    private var derived = Derived([:])

    /// What ``tokens`` imply for every message, worked out when they change.
    private struct Derived: Sendable {
        var prefixes: [(mode: Character, prefix: Character)]
        var prefixSymbols: Set<Character>
        var channelTypes: Set<Character>
        var caseMapping: IRCCaseMapping

        init(_ tokens: [String: String]) {
            prefixes = ISupport.prefixes(tokens["PREFIX"])
            prefixSymbols = Set(prefixes.map(\.prefix))
            channelTypes = Set(tokens["CHANTYPES"] ?? "#&")
            caseMapping = tokens["CASEMAPPING"].map(IRCCaseMapping.init(isupportValue:)) ?? .rfc1459
        }
    }

    /// Creates the defaults (no token received).
    public init() {}

    public static func == (a: ISupport, b: ISupport) -> Bool { a.tokens == b.tokens }
    public func hash(into hasher: inout Hasher) { hasher.combine(tokens) }

    /// Applies one `005` message (`<client> <token>... :are supported by this server`).
    public mutating func apply(_ message: IRCMessage) {
        guard message.command == "005", message.parameters.count >= 2 else { return }
        for token in message.parameters.dropFirst().dropLast() { apply(token: token) }
    }

    /// Applies one token such as `PREFIX=(ov)@+`, `UTF8ONLY` or `-MONITOR`.
    public mutating func apply(token: String) {
        if token.hasPrefix("-") {
            tokens[String(token.dropFirst()).uppercased()] = nil
            return
        }
        if let eq = token.firstIndex(of: "=") {
            tokens[token[..<eq].uppercased()] = Self.unescape(token[token.index(after: eq)...])
        } else if !token.isEmpty {
            tokens[token.uppercased()] = ""
        }
    }

    /// Unescapes `\xHH` sequences in an ISUPPORT value.
    static func unescape(_ value: Substring) -> String {
        guard value.contains("\\") else { return String(value) }
        var bytes: [UInt8] = []
        let utf8 = Array(value.utf8)
        var i = 0
        while i < utf8.count {
            if utf8[i] == 0x5C, i + 3 < utf8.count, utf8[i + 1] == 0x78,
               let hi = HexDigit.value(utf8[i + 2]), let lo = HexDigit.value(utf8[i + 3]) {
                bytes.append(hi << 4 | lo)
                i += 4
            } else {
                bytes.append(utf8[i])
                i += 1
            }
        }
        return IRCTextDecoding.decode(bytes)
    }

    private func int(_ key: String) -> Int? { tokens[key].flatMap { Int($0) } }

    /// Channel membership modes and their prefixes, highest first. Default `(ov)@+`.
    public var prefixes: [(mode: Character, prefix: Character)] { derived.prefixes }

    /// The membership prefix symbols (`@`, `+`, …) of ``prefixes``.
    public var prefixSymbols: Set<Character> { derived.prefixSymbols }

    private static func prefixes(_ value: String?) -> [(mode: Character, prefix: Character)] {
        guard let value else { return [("o", "@"), ("v", "+")] }
        guard value.first == "(", let close = value.firstIndex(of: ")") else { return [] }
        let modes = value[value.index(after: value.startIndex)..<close]
        let symbols = value[value.index(after: close)...]
        return Array(zip(modes, symbols)).map { (mode: $0.0, prefix: $0.1) }
    }

    /// Channel name prefixes. Default `#&`.
    public var channelTypes: Set<Character> { derived.channelTypes }

    /// Whether `name` is a channel name on this server.
    public func isChannel(_ name: String) -> Bool {
        name.first.map { derived.channelTypes.contains($0) } ?? false
    }

    /// Channel modes by type: A (list), B (always a parameter), C (parameter when set),
    /// D (never a parameter). Default `beI,k,l,imnpst`.
    public var channelModes: (a: String, b: String, c: String, d: String) {
        let parts = (tokens["CHANMODES"] ?? "beI,k,l,imnpst").split(separator: ",", omittingEmptySubsequences: false)
        func part(_ i: Int) -> String { i < parts.count ? String(parts[i]) : "" }
        return (part(0), part(1), part(2), part(3))
    }

    /// The case mapping. Default `rfc1459`.
    public var caseMapping: IRCCaseMapping { derived.caseMapping }

    /// The network name, if announced.
    public var network: String? { tokens["NETWORK"].flatMap { $0.isEmpty ? nil : $0 } }
    /// Maximum nickname length. Default 9 (RFC 1459).
    public var nickLength: Int { int("NICKLEN") ?? 9 }
    /// Maximum channel name length. Default 50 (RFC 2812).
    public var channelLength: Int { int("CHANNELLEN") ?? 50 }
    /// Maximum topic length, or `nil` when the server sets no limit.
    public var topicLength: Int? { int("TOPICLEN") }
    /// Maximum line length in bytes including CR LF (tags excluded). Default 512.
    public var lineLength: Int { max(512, int("LINELEN") ?? 512) }
    /// Modes with a parameter allowed in one MODE command. Default 3; `MODES` without a value
    /// means no limit (`Int.max`).
    public var modesPerCommand: Int {
        guard let value = tokens["MODES"] else { return 3 }
        return value.isEmpty ? Int.max : (Int(value) ?? 3)
    }
    /// Whether MONITOR is available.
    public var supportsMonitor: Bool { tokens["MONITOR"] != nil }
    /// The MONITOR list limit; `nil` when MONITOR is absent, `Int.max` when it has no limit.
    public var monitorLimit: Int? {
        guard let value = tokens["MONITOR"] else { return nil }
        return Int(value) ?? Int.max
    }
    /// Whether WHO takes WHOX fields and a token (`WHO mask %tcuhnfar,TOKEN`, answered by 354).
    public var supportsWHOX: Bool { tokens["WHOX"] != nil }
    /// Extended bans (`EXTBAN=prefix,types`): the prefix before a type letter (empty on
    /// InspIRCd, `$` on solanum, `~` on UnrealIRCd) and the type letters; nil when absent.
    public var extendedBans: (prefix: String, types: String)? {
        guard let value = tokens["EXTBAN"] else { return nil }
        let parts = value.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
    }
    /// Whether the server only accepts UTF-8.
    public var utf8Only: Bool { tokens["UTF8ONLY"] != nil }
    /// Where files can be uploaded for this network (`soju.im/FILEHOST`: a URI, as announced
    /// and unchecked); nil when the server offers no file host.
    public var fileHost: String? { tokens["SOJU.IM/FILEHOST"].flatMap { $0.isEmpty ? nil : $0 } }
    /// The user mode letter that marks bots, if announced.
    public var botMode: Character? { tokens["BOT"]?.first }
    /// Whether CHATHISTORY is available (`CHATHISTORY` or the draft `draft/CHATHISTORY`).
    public var supportsChatHistory: Bool {
        tokens["CHATHISTORY"] != nil || tokens["DRAFT/CHATHISTORY"] != nil
    }
    /// The most messages one CHATHISTORY request returns (`0` = no limit), if available.
    public var chatHistoryLimit: Int? {
        guard let value = tokens["CHATHISTORY"] ?? tokens["DRAFT/CHATHISTORY"] else { return nil }
        return Int(value) ?? 0
    }

    /// The most targets a command accepts (TARGMAX). `nil` means the command is not listed
    /// (assume 1); `Int.max` means listed without a limit.
    public func maxTargets(for command: String) -> Int? {
        guard let value = tokens["TARGMAX"] else { return nil }
        for entry in value.split(separator: ",") {
            let pair = entry.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair[0].uppercased() == command.uppercased() else { continue }
            return pair.count > 1 ? (Int(pair[1]) ?? Int.max) : Int.max
        }
        return nil
    }

    /// Whether two nicknames or channel names are equal under the server's case mapping.
    public func equal(_ a: String, _ b: String) -> Bool { caseMapping.equal(a, b) }

    /// Whether the server lets clients send the client-only tag `name` (such as `+typing`),
    /// by `CLIENTTAGDENY` (message-tags): a list of tag names without their `+`, `*` for all,
    /// `-name` as an exception to `*`.
    public func allowsClientTag(_ name: String) -> Bool {
        guard let value = tokens["CLIENTTAGDENY"], !value.isEmpty else { return true }
        let bare = name.hasPrefix("+") ? String(name.dropFirst()) : name
        let entries = value.split(separator: ",").map(String.init)
        if entries.contains("*") { return entries.contains("-" + bare) }
        return !entries.contains(bare)
    }
}
