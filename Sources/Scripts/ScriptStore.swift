import FoundationEssentials
import Glibc
import Scripting

/// A script's small key-value store, kept in the state folder as `NAME.json` between runs and
/// reloads. Values are strings, numbers, booleans and tables of them; the whole store is held
/// to ``limit`` bytes as JSON. Written when the loop services the scripts after a change
/// (temporary file, then rename), not on every `set`.
final class ScriptStore {
    /// A stored value.
    indirect enum Value: Codable, Equatable {
        case string(String), integer(Int64), number(Double), bool(Bool)
        case array([Value]), object([String: Value])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) { self = .bool(flag) }
            else if let integer = try? container.decode(Int64.self) { self = .integer(integer) }
            else if let number = try? container.decode(Double.self) { self = .number(number) }
            else if let text = try? container.decode(String.self) { self = .string(text) }
            else if let array = try? container.decode([Value].self) { self = .array(array) }
            else { self = .object(try container.decode([String: Value].self)) }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let text): try container.encode(text)
            case .integer(let value): try container.encode(value)
            case .number(let value): try container.encode(value)
            case .bool(let flag): try container.encode(flag)
            case .array(let values): try container.encode(values)
            case .object(let fields): try container.encode(fields)
            }
        }
    }

    /// The most bytes the store may take as JSON.
    static let limit = 1 << 20

    let path: String
    private(set) var values: [String: Value] = [:]
    private var dirty = false
    /// Why the file could not be read, if it could not (the store then starts empty and is not
    /// written over, so nothing the user had is lost to a bad read).
    private(set) var problem: String?

    init(path: String) {
        self.path = path
        guard let file = fopen(path, "rb") else { return }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[..<count]
            if bytes.count > Self.limit * 2 { break }
        }
        do {
            values = try JSONDecoder().decode([String: Value].self, from: Data(bytes))
        } catch {
            problem = "its store \(path) does not read as JSON; it is kept as it is and not written"
        }
    }

    func get(_ key: String) -> LuaValue { values[key].map(Self.lua) ?? .nil }

    var keys: [String] { values.keys.sorted() }

    /// Sets `key` to `value` (nil removes it); refuses what cannot be stored or would make the
    /// store too large.
    func set(_ key: String, _ value: LuaValue) throws(ScriptAPIError) {
        guard problem == nil else { throw ScriptAPIError("natter.store.set: \(problem!)") }
        var changed = values
        if case .nil = value { changed[key] = nil } else { changed[key] = try Self.stored(value) }
        guard let size = try? JSONEncoder().encode(changed).count, size <= Self.limit else {
            throw ScriptAPIError("natter.store.set: the store would be larger than 1 MiB")
        }
        values = changed
        dirty = true
    }

    /// Writes the store if it changed; the error in words if it could not be written.
    func save() -> String? {
        guard dirty else { return nil }
        dirty = false
        guard let data = try? JSONEncoder().encode(values) else { return "its store could not be encoded" }
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        _ = makeFolders(folder)
        let temporary = path + ".tmp"
        guard let file = fopen(temporary, "wb") else { return "its store \(path) cannot be written: \(String(cString: strerror(errno)))" }
        let written = data.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let flushed = fflush(file) == 0 && fsync(fileno(file)) == 0
        fclose(file)
        guard written == data.count, flushed, rename(temporary, path) == 0 else {
            unlink(temporary)
            return "its store \(path) could not be written: \(String(cString: strerror(errno)))"
        }
        return nil
    }

    static func stored(_ value: LuaValue) throws(ScriptAPIError) -> Value {
        switch value {
        case .string(let text): return .string(text)
        case .integer(let value): return .integer(value)
        case .number(let value):
            guard value.isFinite else { throw ScriptAPIError("natter.store.set: a number that is not finite cannot be stored") }
            return .number(value)
        case .bool(let flag): return .bool(flag)
        case .table(let array, let fields):
            if fields.isEmpty { return .array(try array.map { value throws(ScriptAPIError) in try stored(value) }) }
            guard array.isEmpty else { throw ScriptAPIError("natter.store.set: a table is stored as a list or as named fields, not both") }
            var object: [String: Value] = [:]
            for (key, field) in fields { object[key] = try stored(field) }
            return .object(object)
        case .nil, .function:
            throw ScriptAPIError("natter.store.set: a \(value == .nil ? "nil inside a table" : "function") cannot be stored")
        }
    }

    static func lua(_ value: Value) -> LuaValue {
        switch value {
        case .string(let text): .string(text)
        case .integer(let value): .integer(value)
        case .number(let value): .number(value)
        case .bool(let flag): .bool(flag)
        case .array(let values): .array(values.map(lua))
        case .object(let fields): .fields(fields.mapValues(lua))
        }
    }
}

/// Makes `path` and the folders above it; whether it exists after.
func makeFolders(_ path: String) -> Bool {
    var current = ""
    for part in path.split(separator: "/") {
        current += "/" + part
        if mkdir(current, 0o700) != 0 && errno != EEXIST { return false }
    }
    return true
}
