import IRCSession

/// What the UI asks of a network: whether it can do something, who we are on it, how it is
/// doing. The answers come from the session's negotiated capabilities and ISUPPORT, so the UI
/// makes no protocol decision of its own and names no capability.
extension ChatNetwork {
    /// Our nick on this network now.
    public var nick: String { session.state.nick }

    /// Whether registration is complete (the welcome came).
    public var isRegistered: Bool { session.state.phase == .registered }

    /// Whether the session is registered and may send (joins done, flood control running).
    public var isReady: Bool { session.isReady }

    /// Our away message while registered and away ("" when away without one); nil otherwise.
    public var awayMessage: String? { isRegistered ? session.state.awayMessage : nil }

    /// Whether several lines can go as one message (`draft/multiline` inside a `batch`).
    public var canSendMultiline: Bool {
        session.state.capabilities.has("draft/multiline") && session.state.capabilities.has("batch")
    }

    /// Whether read positions are shared with the server (`draft/read-marker`) now.
    public var sendsReadMarkers: Bool { session.state.capabilities.has("draft/read-marker") && session.isReady }

    /// Whether a message can carry client tags: reactions, and replies that keep their quote.
    public var canReact: Bool { session.state.capabilities.has("message-tags") }

    /// Whether our own messages can be deleted (`draft/message-redaction`).
    public var canRedact: Bool { session.state.capabilities.has("draft/message-redaction") }

    /// Whether this connection is a bouncer's own that lists and manages its networks
    /// (`soju.im/bouncer-networks`).
    public var managesBouncerNetworks: Bool { session.state.capabilities.has("soju.im/bouncer-networks") }

    /// The nicks we watch (MONITOR), as the user wrote them.
    public var watchedNicks: [String] { session.monitorList }

    /// Whether `nick` is one we watch.
    public func isWatched(_ nick: String) -> Bool { session.monitorList.contains { caseMapping.equal($0, nick) } }

    /// Whether the server watches nicks for us (MONITOR in ISUPPORT).
    public var hasMonitor: Bool { session.state.isupport.supportsMonitor }

    /// Whether we hold channel operator rights (op, admin or owner) in `channel`.
    public func isOperator(in channel: String) -> Bool {
        guard let own = session.state.channel(named: channel)?.members[caseMapping.lowercased(nick)] else { return false }
        return own.modes.contains("o") || own.modes.contains("q") || own.modes.contains("a")
    }

    /// The nicks in `channel` as held, unsorted (cheap enough for every keystroke).
    public func memberNicks(of channel: String) -> [String] {
        session.state.channel(named: channel)?.members.values.map(\.nick) ?? []
    }

    /// How the connection is doing, in words: "connected, lag 42 ms", "connecting…", ….
    public var statusSummary: String {
        let state = session.state
        switch state.phase {
        case .registered:
            return state.lag.map { "connected, lag \(Int(($0 * 1000).rounded())) ms" } ?? "connected"
        case .disconnected: return "disconnected"
        case .negotiatingCapabilities, .authenticating, .registering: return "connecting…"
        }
    }

    /// Whether our real name can be changed while connected (`setname`).
    public var canSetRealName: Bool { session.state.capabilities.has("setname") }

    /// How this server quiets `mask` in a channel (its members stay, and cannot talk): a `q`
    /// list mode (solanum, as on Libera) or the `m` extended ban (`+b m:mask` on InspIRCd); nil
    /// where it has neither.
    public func quietMode(for mask: String) -> (mode: Character, parameter: String)? {
        let isupport = session.state.isupport
        // (InspIRCd's `q`, the founder, is a rank in PREFIX, never a list mode in CHANMODES.)
        if isupport.channelModes.a.contains("q") { return ("q", mask) }
        if let extban = isupport.extendedBans, extban.types.contains("m") { return ("b", "\(extban.prefix)m:\(mask)") }
        return nil
    }

}
