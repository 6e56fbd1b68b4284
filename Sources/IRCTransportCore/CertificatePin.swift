/// Certificate pinning: a server's certificate named by the SHA-256 of its DER bytes, written
/// `sha256:AB:CD:…` (or the 64 hex digits alone), as `openssl x509 -fingerprint -sha256` and
/// WeeChat print it.
public enum CertificatePin {
    /// The 32 bytes of a written fingerprint, or `nil` when it is not one.
    public static func parse(_ text: String) -> [UInt8]? {
        var hex = String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()).lowercased()
        if hex.hasPrefix("sha256:") { hex.removeFirst(7) } else if hex.hasPrefix("sha256/") { hex.removeFirst(7) }
        hex.removeAll { $0 == ":" }
        guard hex.count == 64 else { return nil }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }

    /// `sha256:AB:CD:…` for 32 bytes.
    public static func format(_ bytes: [UInt8]) -> String {
        "sha256:" + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined(separator: ":")
    }
}
