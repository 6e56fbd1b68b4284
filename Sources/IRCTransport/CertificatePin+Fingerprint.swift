import Crypto
import IRCTransportCore
import NIOSSL

extension CertificatePin {
    /// The fingerprint of a certificate, as NIOSSL's verification callback hands it over (the
    /// pin's text form and the comparison are the machine's, in `IRCTransportCore`).
    static func fingerprint(of certificate: NIOSSLCertificate) throws -> [UInt8] {
        Array(SHA256.hash(data: try certificate.toDERBytes()))
    }
}
