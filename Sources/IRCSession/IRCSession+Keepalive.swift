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
/// link declared dead after ``KeepaliveConfiguration/deadAfter`` (with that PING unanswered),
/// and lag from PONG.
/// (Server PINGs are answered in the dispatcher, at once.)
extension IRCSession {
    mutating func tick(now: SessionTime) {
        guard state.phase != .disconnected else { return }
        if !batches.isEmpty { closeStaleBatches(now: now) }
        if sasl != nil { checkSASLTimeout(now: now) }
        let silence = now.monotonic - keepalive.lastReceived
        // Our PING since the last line, if one is out.
        let pingOut = keepalive.pingSentAt.flatMap { $0 >= keepalive.lastReceived ? $0 : nil }
        // Dead once silent for `deadAfter` with our PING unanswered for the time it was given
        // (`deadAfter - pingAfter`): when the ticks stalled (the process stopped, the machine
        // slept) past both thresholds, the server is asked first rather than dropped untried.
        let grace = configuration.keepalive.deadAfter - configuration.keepalive.pingAfter
        if silence >= configuration.keepalive.deadAfter, let pingOut, now.monotonic - pingOut >= grace {
            guard !keepalive.deadReported else { return }
            keepalive.deadReported = true
            emit(.linkDead(silentFor: silence))
        } else if silence >= configuration.keepalive.pingAfter, pingOut == nil {
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
