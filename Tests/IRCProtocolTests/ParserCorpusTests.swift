import Foundation
import Testing
@testable import IRCProtocol
import NatterTestSupport

/// Every case of ircdocs/parser-tests (msg-split, msg-join, userhost-split, mask-match,
/// validate-hostname). None of them disagrees with our rules.
@Suite(.enabled(if: Corpus.shouldRun, Corpus.skipMessage))
struct ParserCorpusTests {
    @Test func msgSplit() throws {
        let cases = try Corpus.parserTests("msg-split")
        #expect(cases.count == 35)
        for test in cases {
            let input = try #require(test["input"] as? String)
            let atoms = try #require(test["atoms"] as? [String: Any])
            let message = try IRCMessage(parsing: input)
            #expect(message.tags == (atoms["tags"] as? [String: String] ?? [:]), "\(input)")
            #expect(message.source == atoms["source"] as? String, "\(input)")
            #expect(message.command == atoms["verb"] as? String, "\(input)")
            #expect(message.parameters == (atoms["params"] as? [String] ?? []), "\(input)")
        }
    }

    @Test func msgJoin() throws {
        let cases = try Corpus.parserTests("msg-join")
        #expect(cases.count == 18)
        for test in cases {
            let atoms = try #require(test["atoms"] as? [String: Any])
            let matches = try #require(test["matches"] as? [String])
            let message = IRCMessage(tags: atoms["tags"] as? [String: String] ?? [:],
                                     source: atoms["source"] as? String,
                                     command: try #require(atoms["verb"] as? String),
                                     parameters: atoms["params"] as? [String] ?? [])
            #expect(matches.contains(message.serialized()), "\(test["desc"] ?? "")")
            #expect(matches.contains(try message.validatedSerialization()), "\(test["desc"] ?? "")")
        }
    }

    @Test func userhostSplit() throws {
        let cases = try Corpus.parserTests("userhost-split")
        #expect(cases.count == 7)
        for test in cases {
            let source = try #require(test["source"] as? String)
            let atoms = try #require(test["atoms"] as? [String: String])
            let parsed = IRCSource(parsing: source)
            #expect(parsed.nick == atoms["nick"], "\(source)")
            #expect(parsed.user == atoms["user"], "\(source)")
            #expect(parsed.host == atoms["host"], "\(source)")
            #expect(parsed.description == source)
        }
    }

    @Test func validateHostname() throws {
        let cases = try Corpus.parserTests("validate-hostname")
        #expect(cases.count == 19)
        for test in cases {
            let host = try #require(test["host"] as? String)
            let valid = try #require(test["valid"] as? Bool)
            #expect(IRCHostname.isValid(host) == valid, "\(host)")
        }
    }

    @Test(arguments: IRCCaseMapping.allCases)
    func maskMatch(caseMapping: IRCCaseMapping) throws {
        let cases = try Corpus.parserTests("mask-match")
        #expect(cases.count == 6)
        for test in cases {
            let mask = IRCMask(try #require(test["mask"] as? String), caseMapping: caseMapping)
            for text in test["matches"] as? [String] ?? [] {
                #expect(mask.matches(text), "\(mask.pattern) should match \(text)")
            }
            for text in test["fails"] as? [String] ?? [] {
                #expect(!mask.matches(text), "\(mask.pattern) should not match \(text)")
            }
        }
    }
}
