import FoundationEssentials

/// The STS policies servers gave over TLS (IRCv3 `sts`): for each host, the TLS port and until
/// when only TLS may be used. Kept in `$XDG_STATE_HOME/natter/sts.json`, so that a restarted
/// Natter never speaks plaintext to a host that asked for TLS; an unreadable file is no
/// policies (and is written again whole at the next change).
public struct STSPolicyStore {
    struct Policy: Codable, Equatable {
        var port: Int
        var expires: Date
    }

    let path: String
    private(set) var policies: [String: Policy]

    init(path: String) {
        self.path = path
        let data = FileManager.default.contents(atPath: path)
        policies = data.flatMap { try? JSONDecoder.sts.decode([String: Policy].self, from: $0) } ?? [:]
    }

    /// `$XDG_STATE_HOME/natter/sts.json`, or `~/.local/state/natter/sts.json`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/natter/sts.json" }
        return (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.local/state/natter/sts.json"
    }

    /// The policy for `host` still in force at `now`, if any.
    func policy(for host: String, at now: Date) -> Policy? {
        guard let policy = policies[host.lowercased()], policy.expires > now else { return nil }
        return policy
    }

    /// Keeps (or, with `duration` 0, forgets) the policy for `host`, and writes the file.
    /// Returns an error text when it could not be written.
    mutating func set(host: String, port: Int, duration: Int, now: Date) -> String? {
        let key = host.lowercased()
        if duration == 0 { policies[key] = nil } else { policies[key] = Policy(port: port, expires: now.addingTimeInterval(Double(duration))) }
        policies = policies.filter { $0.value.expires > now }
        do {
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try JSONEncoder.sts.encode(policies).write(to: url, options: .atomic)
            return nil
        } catch {
            return "\(error)"
        }
    }
}

extension JSONEncoder {
    static var sts: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

extension JSONDecoder {
    static var sts: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
