/// Where and how to connect: host, port, and TLS (the default) or plain TCP.
public struct IRCServerEndpoint: Hashable, Sendable {
    /// A host name or an IP address.
    public var host: String
    public var port: Int
    /// TLS (and how it verifies), or plain TCP.
    public var security: IRCTransportSecurity

    /// An endpoint; TLS with certificate verification unless `security` says otherwise.
    public init(host: String, port: Int = 6697, security: IRCTransportSecurity = .tls(IRCTLSOptions())) {
        self.host = host
        self.port = port
        self.security = security
    }
}

/// TLS or plain TCP.
public enum IRCTransportSecurity: Hashable, Sendable {
    /// TLS with these options.
    case tls(IRCTLSOptions)
    /// Plain TCP: everything, passwords included, travels in clear text.
    case plaintext

    /// Whether the UI should show this connection as insecure (plain TCP or unverified TLS; a
    /// pinned certificate is verified, by its fingerprint).
    public var isInsecure: Bool {
        switch self {
        case .plaintext: true
        case .tls(let options): !options.verifiesCertificate && options.pinnedFingerprint == nil
        }
    }
}

/// TLS settings for one server.
public struct IRCTLSOptions: Hashable, Sendable {
    /// Whether the server's certificate chain and host name are verified (on by default). Turning
    /// it off is the explicit per-server opt-out that the UI shows as insecure.
    public var verifiesCertificate: Bool
    /// The name sent as SNI and checked against the certificate; `nil` uses the endpoint's host
    /// (no SNI is sent for an IP address).
    public var serverName: String?
    /// A client certificate (CertFP / SASL EXTERNAL), or `nil`.
    public var clientCertificate: IRCClientCertificate?
    /// PEM files of extra trusted roots (a private CA), added to the system's roots.
    public var additionalTrustRootFiles: [String]
    /// The SHA-256 of the one certificate to accept (DER, 32 bytes), as WeeChat's
    /// `tls_fingerprint`: that certificate is accepted, self-signed or not, whatever its name,
    /// and no other, whatever CA signed it. `nil`: the usual chain and host name checks.
    public var pinnedFingerprint: [UInt8]?

    public init(verifiesCertificate: Bool = true, serverName: String? = nil,
                clientCertificate: IRCClientCertificate? = nil, additionalTrustRootFiles: [String] = [],
                pinnedFingerprint: [UInt8]? = nil) {
        self.verifiesCertificate = verifiesCertificate
        self.serverName = serverName
        self.clientCertificate = clientCertificate
        self.additionalTrustRootFiles = additionalTrustRootFiles
        self.pinnedFingerprint = pinnedFingerprint
    }
}

/// A client certificate and its private key, as PEM files.
public struct IRCClientCertificate: Hashable, Sendable {
    /// The certificate chain, leaf first.
    public var certificateFile: String
    /// The unencrypted private key.
    public var privateKeyFile: String

    public init(certificateFile: String, privateKeyFile: String) {
        self.certificateFile = certificateFile
        self.privateKeyFile = privateKeyFile
    }
}
