import Crypto
import FoundationEssentials

/// The client side of SCRAM-SHA-256 (RFC 5802 / RFC 7677) without channel binding (`n,,`).
///
/// ```swift
/// var scram = SCRAMSHA256Client(username: "user", password: "pencil", nonce: "rOprNGfwEbeRWgbNEkqO")
/// let first = scram.clientFirstMessage()              // "n,,n=user,r=rOprNGfwEbeRWgbNEkqO"
/// let final = try scram.clientFinalMessage(serverFirst: serverFirst)
/// try scram.verify(serverFinal: serverFinal)
/// ```
/// Names are escaped (`=` → `=3D`, `,` → `=2C`); SASLprep is not applied, so non-ASCII passwords
/// must already be in the normalised form the server stored.
public struct SCRAMSHA256Client: Sendable {
    /// Why an exchange cannot go on.
    public enum Failure: Error, Hashable, Sendable {
        /// The server's first message is malformed, has a bad iteration count, or its nonce does
        /// not extend ours.
        case invalidServerFirst
        /// The server sent `e=…` or a signature that does not prove it knows the password.
        case serverNotVerified(String)
    }

    let username: String
    let password: String
    /// Our nonce.
    public let nonce: String
    private var clientFirstBare = ""
    private var expectedServerSignature: [UInt8]?

    /// Starts an exchange with the given credentials and nonce (use ``randomNonce()``).
    public init(username: String, password: String, nonce: String) {
        self.username = username
        self.password = password
        self.nonce = nonce
    }

    /// A random 24-character nonce of printable characters without `,`.
    public static func randomNonce() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var generator = SystemRandomNumberGenerator()
        return String((0..<24).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }

    /// `n,,n=<user>,r=<nonce>`.
    public mutating func clientFirstMessage() -> String {
        let escaped = username.replacing("=", with: "=3D").replacing(",", with: "=2C")
        clientFirstBare = "n=\(escaped),r=\(nonce)"
        return "n,," + clientFirstBare
    }

    /// Answers the server's `r=…,s=…,i=…` with `c=biws,r=…,p=<proof>`.
    public mutating func clientFinalMessage(serverFirst: String) throws(Failure) -> String {
        var attributes: [Character: String] = [:]
        for part in serverFirst.split(separator: ",") where part.count >= 2 {
            let chars = Array(part)
            guard chars[1] == "=" else { continue }
            attributes[chars[0]] = String(part.dropFirst(2))
        }
        guard let combinedNonce = attributes["r"], combinedNonce.hasPrefix(nonce), combinedNonce.count > nonce.count,
              let saltText = attributes["s"], let salt = Data(base64Encoded: saltText),
              let iterationsText = attributes["i"], let iterations = Int(iterationsText), iterations > 0
        else { throw .invalidServerFirst }
        let salted = Self.hi(password: Array(password.utf8), salt: Array(salt), iterations: iterations)
        let clientKey = Self.hmac(key: salted, Array("Client Key".utf8))
        let storedKey = Array(SHA256.hash(data: clientKey))
        let withoutProof = "c=biws,r=\(combinedNonce)"
        let authMessage = Array("\(clientFirstBare),\(serverFirst),\(withoutProof)".utf8)
        let clientSignature = Self.hmac(key: storedKey, authMessage)
        let proof = zip(clientKey, clientSignature).map { $0 ^ $1 }
        let serverKey = Self.hmac(key: salted, Array("Server Key".utf8))
        expectedServerSignature = Self.hmac(key: serverKey, authMessage)
        return withoutProof + ",p=" + Data(proof).base64EncodedString()
    }

    /// Checks the server's `v=<signature>`.
    public func verify(serverFinal: String) throws(Failure) {
        if serverFinal.hasPrefix("e=") { throw .serverNotVerified(String(serverFinal.dropFirst(2))) }
        guard serverFinal.hasPrefix("v="), let expected = expectedServerSignature,
              let signature = Data(base64Encoded: String(serverFinal.dropFirst(2).prefix { $0 != "," })),
              Array(signature) == expected
        else { throw .serverNotVerified("server signature mismatch") }
    }

    /// PBKDF2-HMAC-SHA-256 with one output block: RFC 5802's `Hi()`.
    static func hi(password: [UInt8], salt: [UInt8], iterations: Int) -> [UInt8] {
        let key = SymmetricKey(data: password)
        var u = Array(HMAC<SHA256>.authenticationCode(for: salt + [0, 0, 0, 1], using: key))
        var result = u
        for _ in 1..<iterations {
            u = Array(HMAC<SHA256>.authenticationCode(for: u, using: key))
            for k in 0..<result.count { result[k] ^= u[k] }
        }
        return result
    }

    static func hmac(key: [UInt8], _ data: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: data, using: SymmetricKey(data: key)))
    }
}
