@testable import Configuration
import Foundation
import Testing

struct SecretResolverTests {
    @Test func aCommandsFirstLineIsThePassword() throws {
        #expect(try SecretResolver.resolve(.command("printf 'hunter2\\nrest\\n'")) == "hunter2")
        #expect(try SecretResolver.resolve(.literal("x")) == "x")
        // A command that ends its lines with CR LF: the CR is not part of the password.
        #expect(try SecretResolver.resolve(.command("printf 'hunter2\\r\\nrest\\r\\n'")) == "hunter2")
    }

    @Test func aFailingCommandSaysWhichButNotTheOutput() {
        do {
            // Prints "hunter2" (base64-decoded, so the word is not in the command itself).
            _ = try SecretResolver.resolve(.command("echo aHVudGVyMg== | base64 -d; exit 3"))
            Issue.record("accepted")
        } catch {
            #expect(error.message.contains("status 3") && !error.description.contains("hunter2"))
        }
    }

    @Test func aReadableFileWithAPasswordIsWarnedAbout() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("natter-\(UUID().uuidString).toml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = "[[networks]]\nhost = \"h\"\npassword = \"hunter2\"\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let config = try ConfigLoader.load(path: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let warning = SecretResolver.permissionWarning(path: path, config: config)
        #expect(warning?.contains("chmod 600") == true && warning?.contains("hunter2") == false)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        #expect(SecretResolver.permissionWarning(path: path, config: config) == nil)
    }
}
