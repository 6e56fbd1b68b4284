import ChatModel
import Testing

/// Parsing: /react, /redact, /monitor and what it refuses; the commands that reach the server.
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

    /// Any other command goes to the server as typed, upper-cased; a lone `/` is no command.
    @Test func anUnknownCommandIsAServerCommand() {
        #expect(ChatCommandParser.parse("/frob a  b :c") == .success(.serverCommand(name: "FROB", arguments: "a  b :c")))
        #expect(ChatCommandParser.parse("/frob") == .success(.serverCommand(name: "FROB", arguments: nil)))
        #expect(ChatCommandParser.parse("/").failureMessage == "a command name goes right after the /: /help lists them")
        #expect(ChatCommandParser.parse("/ping ada") == .success(.ctcp(target: "ada", request: "PING", arguments: nil)))
        #expect(ChatCommandParser.parse("/ctcp ada version") == .success(.ctcp(target: "ada", request: "VERSION", arguments: nil)))
        #expect(ChatCommandParser.parse("/ns identify pw") == .success(.msg(target: "NickServ", text: "identify pw")))
        #expect(ChatCommandParser.parse("/k ada").failureMessage == nil)
        #expect(ChatCommandParser.parse("/k").failureMessage == "usage: /kick NICK [reason] (see /help)")
    }

    /// Every command /help names can be completed, each name Tab offers has its help, and
    /// none of them falls through to the server.
    @Test func everyCommandIsCompletedHelpedAndParsed() {
        let names = Set(ChatCommandParser.commandNames)
        let helped = ChatCommand.usage.flatMap { entry in
            entry.0.split(whereSeparator: { " |()".contains($0) }).filter { $0.hasPrefix("/") && $0 != "/COMMAND" }
                .map { String($0.dropFirst()) }
        }
        #expect(Set(helped).subtracting(names).isEmpty, "\(Set(helped).subtracting(names))")
        for name in names.sorted() {
            #expect(!ChatCommand.usage(of: name).isEmpty, "/\(name) has no help")
            if case .success(.serverCommand) = ChatCommandParser.parse("/\(name) x y") { Issue.record("/\(name) is not parsed") }
        }
        for (alias, name) in ChatCommandParser.aliases {
            #expect(names.contains(name), "\(alias) stands for \(name)")
        }
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
