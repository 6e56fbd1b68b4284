import IRCProtocol

enum IRCSourceFixture {
    static let alice = IRCSource(parsing: "Alice!alice@host.example.org")
}
