/// Where the session is in the life of one connection.
public enum ConnectionPhase: Sendable, Hashable {
    /// No link.
    case disconnected
    /// Linked; `CAP LS` sent and capabilities being negotiated.
    case negotiatingCapabilities
    /// SASL exchange in progress.
    case authenticating
    /// `CAP END` sent (or CAP unsupported); waiting for 001 and the end of the MOTD.
    case registering
    /// 001 received: we can talk.
    case registered
}
