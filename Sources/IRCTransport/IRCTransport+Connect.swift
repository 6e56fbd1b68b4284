import IRCTransportCore
import NIOCore
import NIOPosix
import NIOSSL

/// Opening a link: the NIO bootstrap, the TLS context and pinning callback, and naming errors.
extension IRCTransport {
    func open(_ connection: Int) {
        let endpoint = configuration.endpoint
        let sslContext: NIOSSLContext?
        let serverName: String?
        var pinned: [UInt8]?
        if case .tls(let options) = endpoint.security {
            pinned = options.pinnedFingerprint
            do {
                sslContext = try Self.makeSSLContext(options)
            } catch {
                handle(.connectFailed(connection: connection, reason: .tlsFailed("cannot load the TLS settings: \(error)")))
                return
            }
            let name = options.serverName ?? endpoint.host
            serverName = Self.isIPAddress(name) ? nil : name
        } else {
            sslContext = nil
            serverName = nil
        }
        let pin = pinned
        let limits = configuration.incomingLimits
        ClientBootstrap(group: eventLoop)
            .connectTimeout(.nanoseconds(Int64(configuration.connectTimeout.seconds * 1e9)))
            .channelOption(.socketOption(.so_keepalive), value: 1)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .channelInitializer { [self] channel in
                do {
                    if let sslContext, let pin {
                        // Pinned: exactly that certificate, instead of the chain and name checks.
                        try channel.pipeline.syncOperations.addHandler(
                            NIOSSLClientHandler(context: sslContext, serverHostname: serverName,
                                                customVerificationCallback: { [self] certificates, promise in
                                                    let seen = certificates.first.flatMap { try? CertificatePin.fingerprint(of: $0) }
                                                    handle(.certificateChecked(connection: connection, seen: seen))
                                                    promise.succeed(seen == pin ? .certificateVerified : .failed)
                                                }))
                    } else if let sslContext {
                        try channel.pipeline.syncOperations.addHandler(
                            NIOSSLClientHandler(context: sslContext, serverHostname: serverName))
                    }
                    try channel.pipeline.syncOperations.addHandler(
                        IRCLineHandler(waitsForTLSHandshake: sslContext != nil, limits: limits, backlog: events) { [self] event in
                            report(event, connection: connection)
                        })
                    return channel.eventLoop.makeSucceededVoidFuture()
                } catch {
                    return channel.eventLoop.makeFailedFuture(error)
                }
            }
            .connect(host: endpoint.host, port: endpoint.port)
            .hop(to: eventLoop)
            .whenComplete { result in
                switch result {
                case .success(let channel):
                    self.handle(.channelOpened(connection: connection), channel: channel, connection: connection)
                case .failure(let error):
                    self.handle(.connectFailed(connection: connection, reason: Self.classify(error, connecting: true)))
                }
            }
    }

    /// What the pipeline's line handler saw, as the machine's input.
    private func report(_ event: IRCLineHandler.Event, connection: Int) {
        switch event {
        case .ready(let channel):
            handle(.linkReady(connection: connection), channel: channel, connection: connection)
        case .lines(let lines):
            handle(.received(connection: connection, lines: lines))
        case .writabilityChanged(let writable):
            handle(.writabilityChanged(connection: connection, isWritable: writable))
        case .failed(let error):
            handle(.linkFailed(connection: connection, reason: Self.classify(error, connecting: !isReady)))
        case .closed:
            handle(.linkClosed(connection: connection))
        }
    }

    private static func makeSSLContext(_ options: IRCTLSOptions) throws -> NIOSSLContext {
        var tls = TLSConfiguration.makeClientConfiguration()
        if !options.verifiesCertificate { tls.certificateVerification = .none }
        // Pinned: the callback compares the certificate itself; the name it was issued for does
        // not matter (a self-signed server reached by address), and NIOSSL's own host name check
        // would run after the callback.
        if options.pinnedFingerprint != nil { tls.certificateVerification = .noHostnameVerification }
        tls.additionalTrustRoots = options.additionalTrustRootFiles.map { .file($0) }
        if let client = options.clientCertificate {
            tls.certificateChain = try NIOSSLCertificate.fromPEMFile(client.certificateFile).map { .certificate($0) }
            tls.privateKey = .privateKey(try NIOSSLPrivateKey(file: client.privateKeyFile, format: .pem))
        }
        return try NIOSSLContext(configuration: tls)
    }

    private static func isIPAddress(_ host: String) -> Bool {
        (try? SocketAddress(ipAddress: host, port: 0)) != nil
    }

    /// Names the failure the way the UI should show it.
    static func classify(_ error: any Error, connecting: Bool) -> IRCDisconnectReason {
        if let extra = error as? NIOSSLExtraError, extra == .failedToValidateHostname {
            return .certificateRejected("the certificate is not valid for this host name (\(extra))")
        }
        if let ssl = error as? NIOSSLError {
            if case .handshakeFailed(let boring) = ssl {
                let text = "\(boring)"
                if text.contains("CERTIFICATE_VERIFY_FAILED") {
                    return .certificateRejected("certificate verify failed: the server's certificate is "
                        + "self-signed, untrusted, expired or for another host (\(text))")
                }
                return .tlsFailed("TLS handshake failed: \(text)")
            }
            return .tlsFailed("\(ssl)")
        }
        if error is NIOSSLExtraError { return .tlsFailed("\(error)") }
        return connecting ? .connectFailed("\(error)") : .failed("\(error)")
    }
}
