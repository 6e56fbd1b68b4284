import ChatModel
import IRCSession
import Testing

/// Each error numeric the issue names reads as a sentence with the server's words kept; a
/// numeric without one is left to be shown as it came.
struct ReplySentenceTests {
    static let cases: [(String, [String], String)] = [
        ("401", ["ghost", "No such nick/channel"], "There is no one called ghost on this network"),
        ("403", ["#nowhere", "No such channel"], "There is no channel #nowhere"),
        ("404", ["#c", "Cannot send to channel"], "You cannot talk in #c: it is moderated or you are banned"),
        ("405", ["#c", "You have joined too many channels"], "You cannot join #c: you are in too many channels already"),
        ("421", ["FOO", "Unknown command"], "The server does not know the command FOO"),
        ("433", ["kim", "Nickname is already in use"], "The nick kim is taken: choose another (/nick NEWNICK)"),
        ("441", ["bob", "#c", "They aren't on that channel"], "bob is not in #c"),
        ("442", ["#c", "You're not on that channel"], "You are not in #c"),
        ("443", ["bob", "#c", "is already on channel"], "bob is already in #c"),
        ("461", ["KICK", "Not enough parameters"], "KICK needs more parameters"),
        ("471", ["#c", "Cannot join channel (+l)"], "You cannot join #c: it is full"),
        ("473", ["#c", "Cannot join channel (+i)"], "You cannot join #c: it is invite-only (ask an operator to /invite you)"),
        ("474", ["#c", "Cannot join channel (+b)"], "You cannot join #c: you are banned from it"),
        ("475", ["#c", "Cannot join channel (+k)"], "You cannot join #c: the key is wrong (/join #c KEY)"),
        ("477", ["#c", "You need a registered nick"],
         "You cannot join or talk in #c without a registered nick: log in to your account first"),
        ("478", ["#c", "b", "Channel ban list is full"], "The list of +b entries of #c is full"),
        ("481", ["Permission Denied- You're not an IRC operator"], "Only IRC operators may do that"),
        ("482", ["#c", "You're not channel operator"], "You are not a channel operator in #c"),
        ("484", ["ChanServ", "#c", "Cannot kick or deop a network service"],
         "ChanServ is a network service: it cannot be kicked or deopped in #c"),
        ("485", ["#c", "You're not the channel owner"], "You lack the privileges for that in #c"),
    ]

    @Test(arguments: cases.indices)
    func anErrorIsASentenceWithTheServersWords(_ index: Int) {
        let (code, parameters, sentence) = Self.cases[index]
        let reply = ServerReply(command: code, parameters: parameters, isError: true)
        #expect(ReplySentence.sentence(for: reply) == "\(sentence) (server: \(parameters.last!))")
    }

    @Test func aNumericWithoutASentenceIsLeftAsItCame() {
        #expect(ReplySentence.sentence(for: ServerReply(command: "499", parameters: ["x", "odd"], isError: true)) == nil)
        #expect(ReplySentence.sentence(for: ServerReply(command: "NOTICE", parameters: ["x"], isError: false)) == nil)
    }

    @Test func standardRepliesKeepTheirCode() {
        let warn = StandardReply(kind: "WARN", command: "REHASH", code: "CERTS_EXPIRED", context: [],
                                 description: "Certificates expired")
        #expect(ReplySentence.sentence(for: warn) == "Warning: Certificates expired (WARN REHASH CERTS_EXPIRED)")
    }
}
