@testable import Configuration
import Foundation
import Testing

/// The TOML reader, against Python's `tomllib` (TOML 1.0, in Debian's python3): the same
/// documents accepted with the same values, the same ones refused; and errors that name
/// their line.
struct TOMLTests {
    static let valid = [
        "", "# only a comment\n", "a = 1", "a = 1\r\nb = 2\r\n",
        "a = \"x\" # c\nb = 'y'\n", "\"quoted key\" = 1\n'lit' = 2\n\"\" = 3\n", "a.b.c = 1\na.b.d = 2\n", "a . b = 1\n",
        "s = \"tab\\t nl\\n q\\\" bs\\\\ u\\u00E9 U\\U0001F600\"\n", "s = \"\"\"\nline1\nline2\"\"\"\n",
        "s = \"\"\"a \\\n    b \\\n\n  c\"\"\"\n", "s = '''\n raw \\n '''\n", "s = \"\"\"q\"\"\"\"\"\n", "s = '''x'' '''\n",
        "i = [1, +2, -3, 0, -0, 1_000, 0xDEAD_beef, 0o755, 0b1010]\n", "f = [1.0, -0.5, 1e3, 1E-3, 6.02e+23, 1_0.0_1, inf, -inf, +inf]\n",
        "n = nan\n", "b = [true, false]\n",
        "d = [1979-05-27T07:32:00Z, 1979-05-27T00:32:00.999999-07:00, 1979-05-27 07:32:00, 1979-05-27, 07:32:00, 00:32:00.5]\n",
        "a = [\n  1, # one\n  2,\n]\n", "a = [[1, 2], ['x'], [{k = 1}]]\n", "a = []\nb = [ ]\n",
        "t = {}\nu = {a = 1, b.c = 'x', d = {e = true}}\n",
        "[t]\na = 1\n[t.u]\nb = 2\n", "[a.b.c]\nx = 1\n[a]\ny = 2\n", "[ a . 'b' . \"c\" ]\n",
        "[[p]]\nn = 1\n[[p]]\nn = 2\n[p.q]\nm = 3\n[[p.r]]\nk = 4\n",
        "[fruit]\napple.color = 'red'\napple.taste.sweet = true\n[fruit.apple.texture]\nsmooth = true\n",
        "a = \"é 日本 😀\"\nb = 'ß'\n", "key-with_dash = 1\n1234 = 'numeric key'\n",
    ]

    static let invalid = [
        "a", "a =", "= 1", "a = 1 b = 2", "a = 1\na = 2", "a.b = 1\na.b = 2", "a = 1\na.b = 2",
        "[a]\n[a]", "[a]\nb = 1\n[a]\n", "a.b = 1\n[a]\n", "[a.b]\n[a]\nb.c = 1\n", "a = {}\n[a]\n", "a = {b = 1}\na.c = 2\n",
        "a = []\n[[a]]\n", "[[a]]\n[a]\n", "[a]\n[[a]]\n", "a = {b = 1,}\n", "a = {b = 1\n}\n", "a = [1 2]\n", "a = [1,,2]\n",
        "a = 01\n", "a = 1__0\n", "a = _1\n", "a = 1_\n", "a = 0x\n", "a = +0x1\n", "a = 1.\n", "a = .5\n", "a = 1e\n", "a = 1.5.5\n",
        "a = TRUE\n", "a = truex\n", "a = \"unclosed\n", "a = 'unclosed\n", "a = \"\"\"x\n",
        "a = \"\\q\"\n", "a = \"\\u12\"\n", "a = \"\\uD800\"\n", "a = \"tab\u{7F}\"\n", "a = \"ctl\u{01}\"\n", "# ctl \u{01}\n",
        "a = 1\rb = 2\n", "[a\n", "[a]]\n", "[[a]\n", "[]\n", "[a.]\n", "a.\n", "a = 1979-13-01\n", "a = 1979-05-27T25:00:00\n",
        "a = 1979-05-27T07:32\n", "a = inf1\n", "[networks.sasl]\n\n[[networks]]\nhost = 'h'\n", "a = {a = 1, a = 2}\n", "a = [{b = 1}]\n[a.b]\n", "a = x\n",
    ]

    /// Python's reading of `text` as JSON with typed leaves (nil when tomllib refuses it).
    static func python(_ documents: [String]) throws -> [String?] {
        let script = """
        import json, math, sys, tomllib, datetime
        def leaf(v):
            if isinstance(v, bool): return ["bool", v]
            if isinstance(v, int): return ["int", str(v)]
            if isinstance(v, float): return ["float", "nan" if math.isnan(v) else repr(v)]
            if isinstance(v, str): return ["str", v]
            if isinstance(v, (datetime.datetime, datetime.date, datetime.time)): return ["datetime"]
            if isinstance(v, list): return ["array", [leaf(x) for x in v]]
            return ["table", [[k, leaf(x)] for k, x in v.items()]]
        out = []
        for doc in json.load(sys.stdin):
            try: out.append(json.dumps(leaf(tomllib.loads(doc)), ensure_ascii=False))
            except tomllib.TOMLDecodeError: out.append(None)
        json.dump(out, sys.stdout)
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONEncoder().encode(documents))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode([String?].self, from: data)
    }

    /// Ours in the same shape as the script's.
    static func shape(_ value: TOMLValue) -> Any {
        switch value {
        case .boolean(let b): return ["bool", b]
        case .integer(let n): return ["int", String(n)]
        case .float(let x): return ["float", x.isNaN ? "nan" : x.isInfinite ? (x < 0 ? "-inf" : "inf") : pythonRepr(x)]
        case .string(let s): return ["str", s]
        case .datetime: return ["datetime"]
        case .array(let items): return ["array", items.map(shape)]
        case .table(let t): return ["table", t.keys.map { [$0, shape(t[$0]!)] }]
        }
    }

    /// Python's `repr` of a float for the values used here (shortest round trip, `.0` on whole
    /// numbers, exponents from 1e16 and below 1e-4).
    static func pythonRepr(_ x: Double) -> String {
        let text = "\(x)"
        if text.contains("e") {
            // Swift: 6.02e+23, 1e-05 style differs from Python's 6.02e+23 / 1e-05; align.
            let parts = text.split(separator: "e")
            var mantissa = String(parts[0])
            if mantissa.hasSuffix(".0") { mantissa.removeLast(2) }
            let exponent = Int(parts[1])!
            return mantissa + "e" + (exponent < 0 ? "-" : "+") + (abs(exponent) < 10 ? "0" : "") + String(abs(exponent))
        }
        return text
    }

    static func json(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.withoutEscapingSlashes]), as: UTF8.self)
    }

    @Test func acceptsAndReadsWhatTomllibDoes() throws {
        let theirs = try Self.python(Self.valid)
        for (document, answer) in zip(Self.valid, theirs) {
            let expected = try #require(answer, "tomllib refused \(document.debugDescription)")
            do {
                let ours = try TOMLTable(parsing: document)
                let mine = try Self.json(Self.shape(.table(ours)))
                let want = try Self.json(try JSONSerialization.jsonObject(with: Data(expected.utf8)))
                #expect(mine == want, "\(document.debugDescription)")
            } catch {
                Issue.record("refused \(document.debugDescription): \(error)")
            }
        }
    }

    @Test func refusesWhatTomllibRefuses() throws {
        let theirs = try Self.python(Self.invalid)
        for (document, answer) in zip(Self.invalid, theirs) {
            #expect(answer == nil, "tomllib accepted \(document.debugDescription)")
            #expect(throws: TOMLParseError.self, "\(document.debugDescription)") { try TOMLTable(parsing: document) }
        }
    }

    @Test func errorsNameTheirLineAndColumn() {
        #expect(throws: TOMLParseError(line: 3, column: 1, message: "a is defined twice")) {
            try TOMLTable(parsing: "a = 1\n# x\na = 2\n")
        }
        #expect(throws: TOMLParseError(line: 2, column: 8, message: "expected , or ] in an array, found '2'")) {
            try TOMLTable(parsing: "x = 1\ny = [1 2]\n")
        }
        #expect(throws: TOMLParseError(line: 1, column: 7, message: "a \"string\" is not closed on its line")) {
            try TOMLTable(parsing: "s = \"é\n")
        }
    }

    /// Where tomllib is more lenient than the specification or than a config needs.
    @Test func beyondTomllib() throws {
        // "If an integer cannot be represented losslessly, an error must be thrown" (TOML 1.0;
        // Python's integers have no bound).
        #expect(throws: TOMLParseError.self) { try TOMLTable(parsing: "a = 9223372036854775808\n") }
        #expect(try TOMLTable(parsing: "a = -9223372036854775808\n")["a"] == .integer(.min))
        // A byte-order mark, as some editors write, is read past (tomllib refuses it).
        #expect(try TOMLTable(parsing: "\u{FEFF}a = 1\n")["a"] == .integer(1))
    }

    @Test func keysKeepTheirOrder() throws {
        let table = try TOMLTable(parsing: "z = 1\na = 2\n[m]\n[b]\n")
        #expect(table.keys == ["z", "a", "m", "b"])
    }
}
