import IRCProtocol

/// Keepalive bookkeeping for one connection.
struct KeepaliveState: Sendable, Hashable {
    /// Monotonic time of the last line from the server (or of connecting).
    var lastReceived: Double = 0
    /// When our outstanding PING went out, and its token.
    var pingSentAt: Double?
    var token: String?
    var counter = 0
    var deadReported = false
}

/// Keepalive: our own PING after ``KeepaliveConfiguration/pingAfter`` seconds of silence, the
/// link declared dead after ``KeepaliveConfiguration/deadAfter``, and lag from PONG.
/// (Server PINGs are answered in the dispatcher, at once.)
extension IRCSession {
    mutating func tick(now: SessionTime) {
        guard state.phase != .disconnected else { return }
        if !batches.isEmpty { closeStaleBatches(now: now) }
        let silence = now.monotonic - keepalive.lastReceived
        if silence >= configuration.keepalive.deadAfter {
            guard !keepalive.deadReported else { return }
            keepalive.deadReported = true
            emit(.linkDead(silentFor: silence))
        } else if silence >= configuration.keepalive.pingAfter,
                  keepalive.pingSentAt.map({ $0 < keepalive.lastReceived }) ?? true {
            keepalive.counter += 1
            let token = "natter-\(keepalive.counter)"
            keepalive.token = token
            keepalive.pingSentAt = now.monotonic
            send("PING", token)
        }
    }

    mutating func handlePong(_ message: IRCMessage, now: SessionTime) {
        guard let token = keepalive.token, message.parameters.last == token,
              let sentAt = keepalive.pingSentAt else { return }
        let lag = now.monotonic - sentAt
        keepalive.token = nil
        keepalive.pingSentAt = nil
        state.lag = lag
        emit(.lag(lag))
    }
}
