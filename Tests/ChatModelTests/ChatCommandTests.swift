import ChatModel
import Testing

/// The commands this work added: /react, /redact, /monitor, and what /monitor refuses.
struct ChatCommandTests {
    @Test func monitorTakesNicksOnly() {
        #expect(ChatCommandParser.parse("/monitor +alice,bob") == .success(.monitor(adding: true, nicks: ["alice", "bob"])))
        #expect(ChatCommandParser.parse("/monitor -alice") == .success(.monitor(adding: false, nicks: ["alice"])))
        #expect(ChatCommandParser.parse("/monitor carol") == .success(.monitor(adding: true, nicks: ["carol"])))
        #expect(ChatCommandParser.parse("/monitor") == .success(.monitor(adding: true, nicks: [])))
        #expect(ChatCommandParser.parse("/monitor +[m]bob") == .success(.monitor(adding: true, nicks: ["[m]bob"])))
        // A mask or a channel would be sent and kept in the config: refused.
        #expect(ChatCommandParser.parse("/monitor +bob!*@*").failureMessage == "bob!*@* is not a nick")
        #expect(ChatCommandParser.parse("/monitor +#chan").failureMessage == "#chan is not a nick")
    }

    @Test func reactAndRedact() {
        #expect(ChatCommandParser.parse("/react 👍") == .success(.react("👍")))
        #expect(ChatCommandParser.parse("/redact oops, wrong channel") == .success(.redact("oops, wrong channel")))
        #expect(ChatCommandParser.parse("/redact") == .success(.redact(nil)))
    }
}

extension Result where Failure == ChatCommandParser.Failure {
    /// The message of a failure, `nil` for a success.
    var failureMessage: String? { if case .failure(let f) = self { f.message } else { nil } }
}
