import Foundation
import Testing
@testable import IRCFormatting
import NatterTestSupport

/// The formatting corpora in Tests/Corpora/formatting. Cases that encode another project's own
/// policy rather than the FORMATTING.md rules are listed in `policyDifferences` with the reason;
/// for those we check our own answer instead, so they still guard against regressions.
@Suite(.enabled(if: Corpus.shouldRun, Corpus.skipMessage))
struct FormattingCorpusTests {
    func object(_ file: String) throws -> [String: Any] {
        try #require(try Corpus.json("formatting/\(file)") as? [String: Any])
    }

    func cases(_ file: String, _ key: String) throws -> [[String: Any]] {
        try #require(try object(file)[key] as? [[String: Any]])
    }

    // MARK: ergochat/irc-go ircfmt

    @Test func ergochatStrip() throws {
        let tests = try cases("ergochat-ircfmt-cases.json", "stripTests")
        #expect(tests.count == 29)
        for test in tests {
            let input = try #require(test["escaped"] as? String)
            #expect(stripFormatting(input) == test["unescaped"] as? String, "\(input.debugDescription)")
        }
    }

    /// ergochat keeps a tab in the text; FORMATTING.md turns a tab into one space.
    static let ergochatTabCase = "\u{03}99,04the quick \t brown fox"

    @Test func ergochatSplit() throws {
        let tests = try cases("ergochat-ircfmt-cases.json", "splitTestCases")
        #expect(tests.count == 23)
        for test in tests {
            let input = try #require(test["input"] as? String)
            let fragments = try #require(test["fragments"] as? [[String: Any]])
            var expected = fragments.map { f in
                StyledRun(text: f["content"] as? String ?? "",
                          style: TextStyle(bold: f["bold"] as? Bool ?? false,
                                           italic: f["italic"] as? Bool ?? false,
                                           underline: f["underline"] as? Bool ?? false,
                                           strikethrough: f["strikethrough"] as? Bool ?? false,
                                           monospace: f["monospace"] as? Bool ?? false,
                                           reverse: f["reverse"] as? Bool ?? false,
                                           foreground: (f["foregroundColor"] as? Int).map { .palette($0) },
                                           background: (f["backgroundColor"] as? Int).map { .palette($0) }))
            }
            if input == Self.ergochatTabCase {
                expected[0].text = expected[0].text.replacingOccurrences(of: "\t", with: " ")
            }
            #expect(parseFormatting(input) == expected, "\(input.debugDescription)")
        }
    }

    // MARK: sopel

    @Test func sopelPlain() throws {
        let tests = try cases("sopel-cases.json", "plain")
        #expect(tests.count == 50)
        for test in tests {
            let input = try #require(test["input"] as? String)
            var expected = try #require(test["expected"] as? String)
            // Sopel removes a tab like any control character; FORMATTING.md shows it as one space.
            if input == "some\t text" { expected = "some  text" }
            #expect(stripFormatting(input) == expected, "\(input.debugDescription)")
        }
    }

    @Test func sopelEncodedTextParsesBack() throws {
        let tests = try cases("sopel-cases.json", "encode")
        for test in tests {
            let encoded = try #require(test["expected"] as? String)
            #expect(stripFormatting(encoded) == test["input"] as? String, "\(test["call"] ?? "")")
        }
        #expect(parseFormatting("\u{04}224466,987654Hello")
                == [StyledRun(text: "Hello", style: TextStyle(foreground: .rgb(0x22, 0x44, 0x66), background: .rgb(0x98, 0x76, 0x54)))])
    }

    // MARK: Limnoria

    /// Limnoria reads `^C,14` as "background 14 only"; FORMATTING.md reads it as a reset followed
    /// by the text `,14`.
    static func limnoriaBackgroundOnly(_ input: String) -> Bool { input.contains("\u{03},1") }

    @Test func limnoriaStrip() throws {
        let tests = try cases("limnoria-cases.json", "strip")
        for test in tests {
            let input = try #require(test["input"] as? String)
            let expected = try #require(test["expected"] as? String)
            // stripColor keeps the other codes; comparing both sides stripped tests the colour part.
            if Self.limnoriaBackgroundOnly(input) {
                #expect(stripFormatting(input).hasPrefix(",14foo"), "\(input.debugDescription)")
            } else {
                #expect(stripFormatting(input) == stripFormatting(expected), "\(input.debugDescription)")
            }
        }
        for test in try cases("limnoria-cases.json", "encode_mircColor") {
            #expect(stripFormatting(try #require(test["expected"] as? String)) == "foo")
        }
    }

    // MARK: irc-colors.js

    @Test func ircColorsJS() throws {
        let tests = try cases("irc-colors-js-cases.json", "cases")
        #expect(tests.count == 26)
        for test in tests {
            let input = try #require(test["input"] as? String)
            let expected = try #require(test["expected"] as? String)
            // Encoder chains and strip chains alike: the displayed text must agree.
            #expect(stripFormatting(expected) == stripFormatting(input), "\(test["chain"] ?? "")")
        }
    }

    // MARK: The Lounge

    /// The Lounge's own policies, where FORMATTING.md decides otherwise.
    static let policyDifferences: [String: String] = [
        "should replace control codes":
            "The Lounge shows 0x01 and 0x05 as spaces; FORMATTING.md removes them (and ^D + non-hex is a reset).",
        "should not reverse if color is specified after reverse tag":
            "The Lounge cancels reverse when a colour code follows; FORMATTING.md: reverse stays on until toggled or reset.",
        "should escape reverse when a new style is applied":
            "Same: a new colour does not end reverse under FORMATTING.md.",
    ]

    /// A run as The Lounge reports it: colours as drawn (reverse applied), a hex colour taking
    /// precedence over a palette colour, 99 = default.
    struct LoungeRun: Equatable {
        var text: String
        var flags: [Bool]
        var fg: IRCColor?
        var bg: IRCColor?
    }

    static func merged(_ runs: [LoungeRun]) -> [LoungeRun] {
        var out: [LoungeRun] = []
        for run in runs where !run.text.isEmpty {
            if var last = out.last, last.flags == run.flags, last.fg == run.fg, last.bg == run.bg {
                last.text += run.text
                out[out.count - 1] = last
            } else {
                out.append(run)
            }
        }
        return out
    }

    static func hex(_ value: Any?) -> IRCColor? {
        guard let text = value as? String, let v = UInt32(text, radix: 16) else { return nil }
        return .rgb(UInt8(v >> 16), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF))
    }

    static func palette(_ value: Any?) -> IRCColor? {
        guard let n = value as? Int, n != 99 else { return nil }
        return .palette(n)
    }

    @Test func theLoungeParseStyle() throws {
        let tests = try cases("thelounge-cases.json", "parseStyle")
        #expect(tests.count == 26)
        for test in tests {
            let name = try #require(test["name"] as? String)
            let input = try #require(test["input"] as? String)
            let expected = Self.merged(try #require(test["expected"] as? [[String: Any]]).map { r in
                LoungeRun(text: r["text"] as? String ?? "",
                          flags: ["bold", "italic", "underline", "strikethrough", "monospace"].map { r[$0] as? Bool ?? false },
                          fg: Self.hex(r["hexColor"]) ?? Self.palette(r["textColor"]),
                          bg: Self.hex(r["hexBgColor"]) ?? Self.palette(r["bgColor"]))
            })
            let ours = Self.merged(parseFormatting(input).map { run in
                let s = run.style
                return LoungeRun(text: run.text, flags: [s.bold, s.italic, s.underline, s.strikethrough, s.monospace],
                                 fg: s.effectiveColors.foreground, bg: s.effectiveColors.background)
            })
            if Self.policyDifferences[name] != nil {
                #expect(ours != expected, "\(name): listed as a policy difference but now agrees")
            } else {
                #expect(ours == expected, "\(name)")
            }
        }
        // Our answers for the differing cases.
        #expect(stripFormatting("text\u{01}with\u{04}control\u{05}codes") == "textwithcontrolcodes")
        let reversed = parseFormatting("\u{16}\u{03}2,9text")
        #expect(reversed == [StyledRun(text: "text", style: TextStyle(reverse: true, foreground: .palette(2), background: .palette(9)))])
    }

    @Test func theLoungeClean() throws {
        let tests = try cases("thelounge-cases.json", "cleanIrcMessage")
        #expect(tests.count == 17)
        for test in tests {
            let input = try #require(test["input"] as? String)
            let expected = try #require(test["expected"] as? String)
            if input == "\u{04} AAaaAA\u{03} 11 \u{04}Invalid,Hex " {
                // The Lounge trims the cleaned text; FORMATTING.md drops nothing but codes.
                #expect(stripFormatting(input) == " " + expected + " ")
            } else {
                #expect(stripFormatting(input) == expected, "\(input.debugDescription)")
            }
        }
    }

    // MARK: Palette

    @Test func paletteMatchesTable() throws {
        let url = Corpus.folder.appendingPathComponent("formatting/colors-all-0-99.tsv")
        let rows = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        var checked = 0
        for row in rows {
            let fields = row.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2, let index = Int(fields[0]) else { continue }
            if index == 99 {
                #expect(fields[1] == "default")
                #expect(parseFormatting("\u{03}99x")[0].style.foreground == nil)
                continue
            }
            #expect(IRCColor.palette[index] == UInt32(fields[1], radix: 16), "colour \(index)")
            checked += 1
        }
        #expect(checked == 99)
    }
}
