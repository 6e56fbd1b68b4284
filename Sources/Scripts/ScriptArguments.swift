import Scripting

/// A mistake in a script's use of the `natter` API, raised in the script as a Lua error at the
/// line that made the call.
struct ScriptAPIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The arguments of one `natter.*` call, read with errors that name the function, the argument
/// and what it should have been.
struct ScriptArguments {
    let function: String
    let values: [LuaValue]

    init(_ function: String, _ values: [LuaValue]) {
        self.function = "natter." + function
        self.values = values
    }

    subscript(_ index: Int) -> LuaValue { index < values.count ? values[index] : .nil }

    func fail(_ text: String) -> ScriptAPIError { ScriptAPIError("\(function): \(text)") }

    private func wrong(_ index: Int, _ name: String, _ expected: String) -> ScriptAPIError {
        fail("argument \(index + 1) (\(name)) must be \(expected), not \(Self.typeName(self[index]))")
    }

    func string(_ index: Int, _ name: String) throws(ScriptAPIError) -> String {
        switch self[index] {
        case .string(let text): return text
        case .integer(let value): return String(value)
        case .number(let value): return String(value)
        default: throw wrong(index, name, "a string")
        }
    }

    func optionalString(_ index: Int, _ name: String) throws(ScriptAPIError) -> String? {
        if case .nil = self[index] { return nil }
        return try string(index, name)
    }

    func number(_ index: Int, _ name: String) throws(ScriptAPIError) -> Double {
        switch self[index] {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        default: throw wrong(index, name, "a number")
        }
    }

    func function(_ index: Int, _ name: String) throws(ScriptAPIError) -> LuaFunction {
        guard case .function(let function) = self[index] else { throw wrong(index, name, "a function") }
        return function
    }

    func bool(_ index: Int, _ name: String, default fallback: Bool) throws(ScriptAPIError) -> Bool {
        switch self[index] {
        case .nil: return fallback
        case .bool(let flag): return flag
        default: throw wrong(index, name, "a boolean")
        }
    }

    func table(_ index: Int, _ name: String) throws(ScriptAPIError) -> (array: [LuaValue], fields: [String: LuaValue])? {
        switch self[index] {
        case .nil: return nil
        case .table(let array, let fields): return (array, fields)
        default: throw wrong(index, name, "a table")
        }
    }

    /// A sequence of strings (`{"a", "b"}`).
    func strings(_ index: Int, _ name: String) throws(ScriptAPIError) -> [String] {
        guard let table = try table(index, name) else { throw wrong(index, name, "a table of strings") }
        var result: [String] = []
        for value in table.array {
            guard case .string(let text) = value else { throw fail("argument \(index + 1) (\(name)) must hold strings only") }
            result.append(text)
        }
        return result
    }

    static func typeName(_ value: LuaValue) -> String {
        switch value {
        case .nil: "nil"
        case .bool: "a boolean"
        case .integer, .number: "a number"
        case .string: "a string"
        case .table: "a table"
        case .function: "a function"
        }
    }
}
