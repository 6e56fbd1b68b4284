import Foundation
import NatterTestSupport

/// A JSON value from `metrics.jsonl`.
enum JSONValue: Decodable, Equatable, CustomStringConvertible {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let b = try? container.decode(Bool.self) { self = .bool(b) }
        else if let n = try? container.decode(Double.self) { self = .number(n) }
        else if let s = try? container.decode(String.self) { self = .string(s) }
        else if let a = try? container.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let n): n == n.rounded() && abs(n) < 1e15 ? "\(Int(n))" : "\(n)"
        case .string(let s): "\"\(s)\""
        case .array(let a): "[\(a.map(\.description).joined(separator: ", "))]"
        case .object(let o): "{\(o.keys.sorted().map { "\($0): \(o[$0]!)" }.joined(separator: ", "))}"
        }
    }
}

/// The snapshots of one run, by name, from `metrics.jsonl`.
struct SnapshotMetricsFile {
    let snapshots: [String: JSONValue]
    /// Snapshot names in file order.
    let names: [String]

    init(contentsOf url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        var snapshots: [String: JSONValue] = [:]
        var names: [String] = []
        for (index, line) in text.split(separator: "\n").enumerated() {
            let value = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
            guard case .object(let fields) = value, case .string(let name)? = fields["name"] else {
                throw TestFailure("metrics.jsonl line \(index + 1) has no name")
            }
            guard snapshots[name] == nil else { throw TestFailure("metrics.jsonl has two snapshots named \(name)") }
            snapshots[name] = value
            names.append(name)
        }
        self.snapshots = snapshots
        self.names = names
    }
}

/// The `.expect` format (see Tests/RenderTests/README.md): one expectation per line about the
/// snapshots' metrics. Anything it cannot read is a failure, never ignored.
struct Expectations {
    /// Numbers compare equal within this many logical px (or seconds).
    static let numberTolerance = 0.001

    enum Operator: String, CaseIterable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        case contains = "contains", notContains = "!contains", exists = "exists", absent = "absent"
    }

    struct Line {
        let number: Int
        let text: String
    }

    let lines: [Line]

    init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, raw in
            let text = raw.trimmingCharacters(in: .whitespaces)
            return text.isEmpty || text.hasPrefix("#") ? nil : Line(number: index + 1, text: text)
        }
    }

    /// Every failed or unreadable expectation, as `LINE: message`.
    func check(against metrics: SnapshotMetricsFile) -> [String] {
        if lines.isEmpty { return ["the file has no expectations"] }
        return lines.compactMap { line in
            do {
                try Self.check(line.text, metrics)
                return nil
            } catch {
                return "\(line.number): `\(line.text)`: \(error)"
            }
        }
    }

    private static func check(_ text: String, _ metrics: SnapshotMetricsFile) throws {
        let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true).map(String.init)
        guard parts.count >= 2, let op = Operator(rawValue: parts[1]) else {
            throw TestFailure("malformed: write PATH OP VALUE with OP one of \(Operator.allCases.map(\.rawValue).joined(separator: " "))")
        }
        let rest = parts.count == 3 ? parts[2] : ""
        switch op {
        case .exists, .absent:
            guard rest.isEmpty else { throw TestFailure("malformed: `\(op.rawValue)` takes nothing after it") }
            let found = try resolve(parts[0], metrics, allowMissing: true)
            if op == .exists, found == nil { throw TestFailure("no such element") }
            if op == .absent, let found { throw TestFailure("present: \(found)") }
        case .contains, .notContains:
            guard !rest.isEmpty else { throw TestFailure("malformed: `\(op.rawValue)` needs text after it") }
            let value = try resolve(parts[0], metrics)!
            let found: Bool
            switch value {
            case .array(let elements): found = elements.contains(.string(rest))
            case .string(let s): found = s.contains(rest)
            default: throw TestFailure("`\(op.rawValue)` needs a string or an array, got \(value)")
            }
            if found != (op == .contains) {
                throw TestFailure(op == .contains ? "not found in \(value)" : "found in \(value)")
            }
        default:
            guard !rest.isEmpty, !rest.contains(" ") || rest.hasPrefix("\"") else {
                throw TestFailure("malformed: one value after `\(op.rawValue)` (quote strings with spaces)")
            }
            let left = try resolve(parts[0], metrics)!
            let right = isPath(rest, metrics) ? try resolve(rest, metrics)! : try literal(rest, like: left)
            try compare(left, op, right)
        }
    }

    private static func compare(_ left: JSONValue, _ op: Operator, _ right: JSONValue) throws {
        let holds: Bool
        switch (left, right) {
        case (.number(let a), .number(let b)):
            let equal = abs(a - b) <= numberTolerance
            switch op {
            case .equal: holds = equal
            case .notEqual: holds = !equal
            case .less: holds = a < b && !equal
            case .lessOrEqual: holds = a < b || equal
            case .greater: holds = a > b && !equal
            case .greaterOrEqual: holds = a > b || equal
            default: throw TestFailure("internal: \(op.rawValue)")
            }
        default:
            guard op == .equal || op == .notEqual else {
                throw TestFailure("`\(op.rawValue)` compares numbers only, got \(left) and \(right)")
            }
            switch (left, right) {
            case (.bool, .bool), (.string, .string), (.null, .null), (.array, .array), (.object, .object): break
            default: throw TestFailure("cannot compare \(left) with \(right): different types")
            }
            holds = (left == right) == (op == .equal)
        }
        if !holds { throw TestFailure("got \(left) \(op.rawValue) \(right): false") }
    }

    /// A literal read as the type of the value it is compared with.
    private static func literal(_ text: String, like other: JSONValue) throws -> JSONValue {
        switch other {
        case .number:
            guard let n = Double(text), n.isFinite else { throw TestFailure("`\(text)` is not a number") }
            return .number(n)
        case .bool:
            guard text == "true" || text == "false" else { throw TestFailure("`\(text)` is not true or false") }
            return .bool(text == "true")
        case .string:
            if text.hasPrefix("\"") {
                guard text.count >= 2, text.hasSuffix("\"") else { throw TestFailure("unterminated string \(text)") }
                return .string(String(text.dropFirst().dropLast()))
            }
            return .string(text)
        case .null:
            guard text == "null" else { throw TestFailure("`\(text)` is not null") }
            return .null
        case .array, .object:
            throw TestFailure("compare arrays and objects with another snapshot's, not a literal")
        }
    }

    /// The snapshot name a path starts with: the longest one followed by `.`.
    private static func snapshotName(_ path: String, _ metrics: SnapshotMetricsFile) -> String? {
        metrics.names.filter { path.hasPrefix($0 + ".") }.max { $0.count < $1.count }
    }

    private static func isPath(_ text: String, _ metrics: SnapshotMetricsFile) -> Bool {
        snapshotName(text, metrics) != nil
    }

    /// The value at `path` (`SNAPSHOT.field[0].field[key=value].count`…). A missing element
    /// selected by `[key=value]` is nil when `allowMissing`, a failure otherwise; every other
    /// missing field or index is a failure.
    private static func resolve(_ path: String, _ metrics: SnapshotMetricsFile, allowMissing: Bool = false) throws -> JSONValue? {
        guard let name = snapshotName(path, metrics), var value = metrics.snapshots[name] else {
            throw TestFailure("`\(path)` starts with no snapshot name (snapshots: \(metrics.names.joined(separator: ", ")))")
        }
        var rest = Substring(path.dropFirst(name.count))
        while !rest.isEmpty {
            if rest.hasPrefix(".") {
                rest = rest.dropFirst()
                let field = rest.prefix { $0 != "." && $0 != "[" }
                rest = rest.dropFirst(field.count)
                guard !field.isEmpty else { throw TestFailure("empty field name in `\(path)`") }
                switch value {
                case .object(let fields):
                    guard let next = fields[String(field)] else {
                        throw TestFailure("no field `\(field)` in `\(path)` (fields: \(fields.keys.sorted().joined(separator: ", ")))")
                    }
                    value = next
                case .array(let elements) where field == "count":
                    value = .number(Double(elements.count))
                default:
                    throw TestFailure("`\(field)` in `\(path)`: not an object (\(value))")
                }
            } else if rest.hasPrefix("[") {
                guard let close = rest.firstIndex(of: "]") else { throw TestFailure("unclosed [ in `\(path)`") }
                let selector = rest[rest.index(after: rest.startIndex)..<close]
                rest = rest[rest.index(after: close)...]
                guard case .array(let elements) = value else { throw TestFailure("[\(selector)] in `\(path)`: not an array") }
                if let equals = selector.firstIndex(of: "=") {
                    let key = String(selector[..<equals]), wanted = String(selector[selector.index(after: equals)...])
                    var match: JSONValue?
                    for element in elements {
                        guard case .object(let fields) = element, let field = fields[key] else {
                            throw TestFailure("[\(selector)] in `\(path)`: an element has no field `\(key)`")
                        }
                        if field == .string(wanted) || (Double(wanted).map { field == .number($0) } ?? false) {
                            match = element
                            break
                        }
                    }
                    guard let match else {
                        if allowMissing && rest.isEmpty { return nil }
                        throw TestFailure("no element [\(selector)] in `\(path)`")
                    }
                    value = match
                } else {
                    guard let index = Int(selector) else { throw TestFailure("[\(selector)] in `\(path)`: not an index or key=value") }
                    let i = index < 0 ? elements.count + index : index
                    guard elements.indices.contains(i) else {
                        throw TestFailure("index \(index) out of range in `\(path)` (\(elements.count) elements)")
                    }
                    value = elements[i]
                }
            } else {
                throw TestFailure("malformed path `\(path)`")
            }
        }
        return value
    }
}
