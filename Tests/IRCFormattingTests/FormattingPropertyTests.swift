import PropertyBased
import Testing
@testable import IRCFormatting

struct FormattingPropertyTests {
    /// Text rich in control codes, digits, commas and hex letters, plus some non-ASCII.
    static var formattedText: Generator<String, AnySequence<Any>> {
        Gen<Character?>.element(of: Array("\u{02}\u{03}\u{04}\u{0F}\u{16}\u{1D}\u{1F}\u{1E}\u{11}\u{01}\t\u{7F}0123456789,abcdefABCDEF xé😀"))
            .map { $0! }.string(of: 0...60).eraseToAny()
    }

    @Test func parseNeverCrashesAndStripMatchesRuns() async {
        await propertyCheck(count: 2000, input: Self.formattedText) { text in
            let runs = parseFormatting(text)
            #expect(stripFormatting(text) == runs.map(\.text).joined())
            for (index, run) in runs.enumerated() {
                #expect(!run.text.isEmpty)
                #expect(!run.text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
                if index > 0 { #expect(runs[index - 1].style != run.style) }
            }
        }
    }

    @Test func arbitraryScalarsNeverCrash() async {
        let scalars = Gen.unicodeScalar(in: "\u{0}"..."\u{2FF}").array(of: 0...80)
            .map { String(String.UnicodeScalarView($0)) }
        await propertyCheck(count: 1000, input: scalars) { text in
            #expect(stripFormatting(text) == parseFormatting(text).map(\.text).joined())
            _ = detectURLs(in: stripFormatting(text))
        }
    }

    @Test func serializeThenParseGivesTheSameRuns() async {
        await propertyCheck(count: 2000, input: Self.formattedText) { text in
            let runs = parseFormatting(text)
            #expect(parseFormatting(serializeFormatting(runs)) == runs)
        }
    }
}
