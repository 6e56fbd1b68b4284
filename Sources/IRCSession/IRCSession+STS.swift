import IRCProtocol

/// Strict Transport Security (the ratified IRCv3 `sts` capability): on a plaintext link the
/// server's `port=` tells us to come back over TLS at once; on a secure link its `duration=`
/// is a policy to keep (the hub stores it, and connects to that host only over TLS until it
/// expires). Values are read as the specification writes them: `key=value` pairs separated
/// by commas, unknown keys ignored.
extension IRCSession {
    /// Handles an `sts` capability on offer; returns whether the connection must stop here (a
    /// plaintext link told to upgrade: nothing more, no CAP REQ, no SASL, goes over it).
    mutating func followSTS() -> Bool {
        guard let value = state.capabilities.available["sts"] else { return false }
        let keys = Self.stsKeys(value)
        if !linkIsSecure {
            // Without a valid port the advertisement is ignored, as the specification says.
            guard let port = keys["port"].flatMap({ Int($0) }), (1...65535).contains(port) else { return false }
            capNegotiationOpen = false
            emit(.stsUpgrade(port: port))
            return true
        }
        if let duration = keys["duration"].flatMap({ Int($0) }), duration >= 0 {
            emit(.stsPolicy(duration: duration, preload: keys["preload"] != nil))
        }
        return false
    }

    /// `duration=300,port=6697,preload` → its keys (a key without `=` has an empty value).
    static func stsKeys(_ value: String) -> [String: String] {
        var keys: [String: String] = [:]
        for item in value.split(separator: ",") {
            if let equals = item.firstIndex(of: "=") {
                keys[String(item[..<equals]).lowercased()] = String(item[item.index(after: equals)...])
            } else {
                keys[String(item).lowercased()] = ""
            }
        }
        return keys
    }
}
