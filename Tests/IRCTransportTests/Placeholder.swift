import Testing
@testable import IRCTransport
