import IRCProtocol

/// Everything an `IRCTransport` needs besides its event queue.
public struct IRCTransportConfiguration: Sendable {
    /// The server to connect to, and how.
    public var endpoint: IRCServerEndpoint
    /// Whether a dropped or failed connection is retried (with ``backoff``); never after the
    /// server's certificate was rejected.
    public var reconnects: Bool
    /// The delays between attempts after a drop.
    public var backoff: ReconnectBackoff
    /// The outgoing rate limit (its history is reset on each new connection).
    public var floodControl: FloodControl
    /// How often a ``IRCTransportEvent/Kind/tick(_:)`` is posted while connected.
    public var tickInterval: Duration
    /// The time allowed for TCP connect (the TLS handshake has the same limit).
    public var connectTimeout: Duration
    /// Limits for received lines; a longer line is reported and skipped.
    public var incomingLimits: IRCLineLimits
    /// Limits for sent lines; a longer message is handed back as not sent.
    public var outgoingLimits: IRCLineLimits

    public init(endpoint: IRCServerEndpoint, reconnects: Bool = true,
                backoff: ReconnectBackoff = ReconnectBackoff(), floodControl: FloodControl = FloodControl(),
                tickInterval: Duration = .seconds(5), connectTimeout: Duration = .seconds(20),
                incomingLimits: IRCLineLimits = .incoming, outgoingLimits: IRCLineLimits = .outgoing) {
        self.endpoint = endpoint
        self.reconnects = reconnects
        self.backoff = backoff
        self.floodControl = floodControl
        self.tickInterval = tickInterval
        self.connectTimeout = connectTimeout
        self.incomingLimits = incomingLimits
        self.outgoingLimits = outgoingLimits
    }
}
