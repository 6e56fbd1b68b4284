import DesktopBus
import FoundationEssentials
import FoundationExtras

/// Turns a configured password into the password: a literal from the file, the first line a
/// `password_command` prints (run by /bin/sh, at most 10 s), or the keyring's (waiting at most a
/// minute, for an unlock prompt the desktop may show). The password is never logged or
/// shown; errors name the command, not its output.
public enum SecretResolver {
    /// `keyringBus` is the bus of the Secret Service (the session bus by default).
    public static func resolve(_ secret: NatterConfig.Secret, keyringBus: String? = nil) throws(ConfigError) -> String {
        switch secret {
        case .literal(let value):
            return value
        case .keyring(let name):
            let keyring = SecretService(address: keyringBus)
            defer { keyring.stop() }
            let stored: String?
            do { stored = try keyring.password(for: name) } catch {
                throw ConfigError(file: "keyring", line: nil, key: nil, message: "cannot read \(name) from the keyring: \(error.message)")
            }
            guard let stored, !stored.isEmpty else {
                throw ConfigError(file: "keyring", line: nil, key: nil, message: "the keyring holds no password named \(name) "
                                  + "(secret-tool store --label=\(name) xdg:schema \(SecretService.schema) key \(name))")
            }
            return stored
        case .command(let command):
            let data: [UInt8]
            switch Subprocess.run(["/bin/sh", "-c", command], timeout: 10) {
            case .notStarted:
                throw ConfigError(file: "password_command", line: nil, key: nil, message: "cannot run `\(command)`")
            case .timedOut:
                throw ConfigError(file: "password_command", line: nil, key: nil, message: "`\(command)` took longer than 10 s")
            case .exited(let status, _) where status != 0:
                throw ConfigError(file: "password_command", line: nil, key: nil,
                                  message: "`\(command)` failed with status \(status)")
            case .exited(_, let output):
                data = output
            }
            let first = String(decoding: data, as: UTF8.self).textLines.first ?? ""
            guard !first.isEmpty else {
                throw ConfigError(file: "password_command", line: nil, key: nil, message: "`\(command)` printed no password")
            }
            return String(first)
        }
    }

    /// A warning when the config file holds a password and others may read it.
    public static func permissionWarning(path: String, config: NatterConfig) -> String? {
        let holdsPassword = config.networks.contains { network in
            if case .literal = network.password { return true }
            if case .literal = network.sasl?.password { return true }
            return false
        }
        guard holdsPassword, let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let mode = attributes[.posixPermissions] as? Int, mode & 0o077 != 0 else { return nil }
        return "\(path) holds a password and other users can read it (mode \(String(mode, radix: 8))): run chmod 600 \(path), or use password_command"
    }
}
