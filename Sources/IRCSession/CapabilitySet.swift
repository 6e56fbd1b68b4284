/// IRCv3 capabilities as three plain sets, as Halloy keeps them: what the server lists, what we
/// asked for and wait to hear about, and what is acknowledged.
public struct CapabilitySet: Sendable, Hashable {
    /// Capabilities the server offers, with their values (`sasl` → `PLAIN,EXTERNAL`, `""` if none).
    public internal(set) var available: [String: String] = [:]
    /// Requested and not yet ACKed or NAKed.
    public internal(set) var pending: Set<String> = []
    /// Acknowledged and in effect.
    public internal(set) var enabled: Set<String> = []

    /// Capabilities Natter asks for when a server offers them.
    public static let wanted: [String] = [
        "cap-notify", "sasl", "server-time", "message-tags", "echo-message", "batch",
        "labeled-response", "draft/chathistory", "chathistory",
        "away-notify", "account-notify", "account-tag", "extended-join", "multi-prefix",
        "userhost-in-names", "chghost", "invite-notify", "setname", "standard-replies",
        "extended-monitor", "draft/read-marker", "draft/message-redaction", "draft/multiline", "draft/pre-away", "soju.im/bouncer-networks",
        "soju.im/bouncer-networks-notify",
        // ZNC: what we said from another client attached to the same network comes to us too,
        // as our own messages.
        "znc.in/self-message",
    ]

    /// Whether `name` is enabled.
    public func has(_ name: String) -> Bool { enabled.contains(name) }

    /// Whether either the ratified or the draft form of CHATHISTORY is enabled.
    public var chatHistory: Bool { has("chathistory") || has("draft/chathistory") }

    /// The SASL mechanisms offered (`sasl=PLAIN,EXTERNAL`); empty when the value lists none.
    public var saslMechanisms: [String] {
        (available["sasl"] ?? "").split(separator: ",").map { String($0).uppercased() }
    }

    /// Records a `CAP LS` / `CAP NEW` token such as `sasl=PLAIN` or `server-time`.
    mutating func offer(token: String) {
        guard !token.isEmpty else { return }
        if let eq = token.firstIndex(of: "=") {
            available[String(token[..<eq])] = String(token[token.index(after: eq)...])
        } else {
            available[token] = ""
        }
    }

    /// The wanted capabilities among those offered that are neither enabled nor pending,
    /// in the order of ``wanted``; `sasl` only if `includeSASL`.
    func toRequest(includeSASL: Bool) -> [String] {
        Self.wanted.filter { cap in
            available[cap] != nil && !enabled.contains(cap) && !pending.contains(cap)
                && (cap != "sasl" || includeSASL)
                && (cap != "draft/chathistory" || available["chathistory"] == nil)
        }
    }

    /// Applies `CAP ACK`: `-cap` disables, anything else enables; both leave `pending`.
    mutating func acknowledge(_ caps: [String]) {
        for cap in caps {
            if cap.hasPrefix("-") {
                let name = String(cap.dropFirst())
                enabled.remove(name)
                pending.remove(name)
            } else {
                enabled.insert(cap)
                pending.remove(cap)
            }
        }
    }

    /// Applies `CAP NAK`: the whole request failed.
    mutating func reject(_ caps: [String]) {
        for cap in caps { pending.remove(cap.hasPrefix("-") ? String(cap.dropFirst()) : cap) }
    }

    /// Applies `CAP DEL`.
    mutating func remove(_ caps: [String]) {
        for cap in caps {
            available[cap] = nil
            enabled.remove(cap)
            pending.remove(cap)
        }
    }

    /// Marks requested capabilities as pending.
    mutating func request(_ caps: [String]) { pending.formUnion(caps) }

    /// Forgets everything (a new connection).
    mutating func reset() { self = CapabilitySet() }
}
