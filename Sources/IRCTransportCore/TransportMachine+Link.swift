import IRCProtocol

/// A link's life: attempts, readiness, the end of a link and the reconnect after it.
extension TransportMachine {
    mutating func connect() {
        connection += 1
        live = true
        isReady = false
        hasChannel = false
        closing = false
        isWritable = true
        pendingReason = nil
        connectedAt = nil
        post(.connecting(configuration.endpoint))
        actions.append(.open(connection: connection))
    }

    var isTLS: Bool {
        if case .tls = configuration.endpoint.security { true } else { false }
    }

    mutating func channelOpened(_ attempt: Int) {
        guard isCurrent(attempt) else {
            actions.append(.close(connection: attempt))   // a late channel of an attempt given up on
            return
        }
        hasChannel = true
        if isTLS && !isReady {
            actions.append(.schedule(.handshake, after: configuration.connectTimeout))
        }
    }

    /// The pinned certificate check: a mismatch is kept as the reason, naming the fingerprint
    /// seen so that the user can check it and pin the new one.
    mutating func certificateChecked(_ attempt: Int, seen: [UInt8]?) {
        guard attempt == connection, case .tls(let options) = configuration.endpoint.security,
              let pin = options.pinnedFingerprint else { return }
        guard let seen else {
            pendingReason = .certificateRejected("the server sent no certificate to check against the pinned fingerprint")
            return
        }
        guard seen != pin else { return }
        pendingReason = .certificateRejected(
            "the server's certificate is \(CertificatePin.format(seen)), not the pinned \(CertificatePin.format(pin))")
    }

    mutating func linkReady(_ attempt: Int, now: Duration) {
        guard isCurrent(attempt) else {
            actions.append(.close(connection: attempt))
            return
        }
        guard !isReady, !closing else { return }
        hasChannel = true
        isReady = true
        connectedAt = now
        actions.append(.cancel(.handshake))
        flood = configuration.floodControl.with(rate: flood)
        flood.reset()
        post(.connected(IRCConnectionInfo(endpoint: configuration.endpoint, isTLS: isTLS)))
        actions.append(.schedule(.tick, after: configuration.tickInterval))
        pump(now: now)
    }

    mutating func received(_ attempt: Int, _ lines: [Result<String, IRCLineError>]) {
        guard isCurrent(attempt), !lines.isEmpty else { return }
        let limits = configuration.incomingLimits
        let kinds = lines.map { result -> IRCTransportEvent.Kind in
            switch result {
            case .success(let line):
                do {
                    return .received(try IRCMessage(parsing: line, limits: limits))
                } catch {
                    return .malformedLine(IRCMalformedLine(line: line, problem: "\(error)"))
                }
            case .failure(let error):
                return .malformedLine(IRCMalformedLine(line: nil, problem: "\(error)"))
            }
        }
        actions.append(.post(kinds, connection: attempt))
    }

    /// Ends the current link for `reason`: at once when there is no channel yet, else by
    /// closing it (its close then ends the attempt with this reason).
    mutating func closeLink(because reason: IRCDisconnectReason, now: Duration) {
        guard live else { return }
        pendingReason = reason
        if hasChannel {
            guard !closing else { return }
            closing = true
            isReady = false
            actions.append(.close(connection: connection))
        } else {
            ended(connection, reason: reason, now: now)
        }
    }

    mutating func stop(now: Duration) {
        // A stop while leaving ends the wait: the farewell goes now, unless it has gone.
        guard !isStopped || farewell != nil else { return }
        isStopped = true
        actions.append(.cancel(.reconnect))
        if live {
            if let farewell, !farewell.written, isReady {
                self.farewell?.written = true
                actions.append(.write(farewell.lines, connection: connection))
            }
            closeLink(because: .stopped, now: now)
        } else {
            post(.stopped)
        }
    }

    /// Closes once the queue and then `messages` are written (or `within` has passed); see
    /// ``Input/leave(farewell:within:reconnect:)``. Without a link ready for lines it is a
    /// plain stop (or close, to reconnect): there is nobody to say goodbye to.
    mutating func leave(farewell messages: [IRCMessage], within: Duration, reconnect: Bool, now: Duration) {
        let reason: IRCDisconnectReason = reconnect ? .closedByOwner("reconnecting") : .stopped
        guard live, isReady, !closing, farewell == nil else {
            if reconnect { closeLink(because: reason, now: now) } else { stop(now: now) }
            return
        }
        if !reconnect {
            isStopped = true
            actions.append(.cancel(.reconnect))
        }
        var lines: [String] = []
        for message in messages {
            do {
                lines.append(try message.validatedSerialization(limits: configuration.outgoingLimits))
            } catch {
                post(.notSent([message], reason: .invalid(error)))
            }
        }
        farewell = (lines, false)
        // The server's close, when it comes, is the end asked for (not "closed by the server").
        pendingReason = reason
        actions.append(.schedule(.leave, after: within))
        pump(now: now)
    }

    /// Attempt `attempt` is over: queued lines go back to the owner, and a reconnect is
    /// scheduled unless the machine stopped, does not reconnect, or the certificate was
    /// rejected (it does not change by itself: retrying would only repeat the error every
    /// backoff step; the owner connects again once the user has looked at it).
    mutating func ended(_ attempt: Int, reason: IRCDisconnectReason, now: Duration) {
        guard isCurrent(attempt) else { return }
        live = false
        isReady = false
        pumpPending = false
        farewell = nil
        actions += [.cancel(.tick), .cancel(.pump), .cancel(.handshake), .cancel(.leave)]
        if hasChannel { actions.append(.close(connection: attempt)) }
        hasChannel = false
        let unsent = queue.map(\.message)
        queue.removeAll()
        openBatches = 0
        post(.disconnected(reason: reason, unsent: unsent))

        var rejected = false
        if case .certificateRejected = reason { rejected = true }
        if isStopped || !configuration.reconnects || rejected {
            isStopped = true
            post(.stopped)
            return
        }
        if let connectedAt {
            backoff.connectionEnded(after: now - connectedAt)
        }
        let delay = backoff.nextDelay(using: &random)
        post(.reconnectScheduled(delay: delay))
        actions.append(.schedule(.reconnect, after: delay))
    }
}

extension FloodControl {
    /// A fresh bucket with `other`'s rate (the owner may have adjusted it).
    func with(rate other: FloodControl) -> FloodControl {
        FloodControl(burst: other.burst, interval: other.interval)
    }
}
