import IRCProtocol

/// Identifies one `IRCTransport` (one network) in a shared event queue.
public struct IRCTransportID: Hashable, Sendable, CustomStringConvertible {
    /// The number, unique among the process's transports.
    public let rawValue: Int
    public var description: String { "transport#\(rawValue)" }

    /// Package-wide, not public: the transport numbers itself, so two never share an ID.
    package init(rawValue: Int) { self.rawValue = rawValue }
}

/// Something that happened on a transport, delivered through an `IRCTransportEventQueue`.
public struct IRCTransportEvent: Sendable {
    /// The transport it came from.
    public let transport: IRCTransportID
    /// The connection attempt it belongs to (1, 2, … per transport); 0 for events outside any.
    public let connection: Int
    /// What happened.
    public let kind: Kind

    /// Package-wide, not public: only a transport posts events (tests make their own).
    package init(transport: IRCTransportID, connection: Int, kind: Kind) {
        self.transport = transport
        self.connection = connection
        self.kind = kind
    }

    /// What can happen on a transport: what ``TransportMachine`` decides to post, and the
    /// ticks its shell stamps with the time.
    public enum Kind: Hashable, Sendable {
        /// A connection attempt started.
        case connecting(IRCServerEndpoint)
        /// The link is up (after the TLS handshake, for TLS): the session may register now.
        case connected(IRCConnectionInfo)
        /// A line arrived and parsed.
        case received(IRCMessage)
        /// A line was over-long or did not parse: it was skipped, and the next line follows.
        case malformedLine(IRCMalformedLine)
        /// Time passed while connected (every ``IRCTransportConfiguration/tickInterval``).
        case tick(ContinuousClock.Instant)
        /// The link went down; `unsent` holds queued lines that never reached the socket, in order.
        case disconnected(reason: IRCDisconnectReason, unsent: [IRCMessage])
        /// The next attempt starts after `delay`.
        case reconnectScheduled(delay: Duration)
        /// Lines handed to `IRCTransport.send(_:)` that were not queued.
        case notSent([IRCMessage], reason: IRCNotSentReason)
        /// The last queued line was written: the queue is empty. `interval` is the flood-control
        /// time per line after the burst. A paste hands its lines over one at a time on this,
        /// so a line typed meanwhile waits behind one pasted line, not the whole paste.
        case drained(interval: Duration)
        /// `IRCTransport.stop()` finished, or the link dropped with reconnecting off or with the
        /// server's certificate rejected (it would be rejected again): nothing follows except
        /// ``notSent(_:reason:)`` for lines sent afterwards.
        case stopped
    }
}

/// What the UI shows about a live link.
public struct IRCConnectionInfo: Hashable, Sendable {
    public let endpoint: IRCServerEndpoint
    /// TLS is in use.
    public let isTLS: Bool
    /// Plain TCP, or TLS with verification turned off: the UI shows it as insecure.
    public var isInsecure: Bool { endpoint.security.isInsecure }
}

/// A received line that was skipped.
public struct IRCMalformedLine: Hashable, Sendable {
    /// The line's text, or `nil` for an over-long line (its bytes are not kept).
    public let line: String?
    /// Why it was skipped.
    public let problem: String
}

/// Why a link went down.
public enum IRCDisconnectReason: Hashable, Sendable {
    /// TCP connect failed (refused, unreachable, timeout, no such host).
    case connectFailed(String)
    /// The server's TLS certificate was not accepted (untrusted issuer, self-signed, expired, or
    /// another host's name). Turning off verification for this server is the user's explicit choice.
    case certificateRejected(String)
    /// The TLS handshake or a TLS record failed for a reason other than the certificate, or the
    /// TLS settings (client certificate files) could not be loaded.
    case tlsFailed(String)
    /// The server closed the connection.
    case closedByServer
    /// A read or write error.
    case failed(String)
    /// The owner closed the link (`IRCTransport.forceClose(reason:)`), e.g. declared it dead.
    case closedByOwner(String)
    /// `IRCTransport.stop()`.
    case stopped
}

/// Why lines were handed back instead of being queued.
public enum IRCNotSentReason: Hashable, Sendable {
    /// No link is up (connecting, waiting to reconnect, or stopped).
    case notConnected
    /// The message cannot be serialized within the outgoing limits.
    case invalid(IRCSerializationError)
}
