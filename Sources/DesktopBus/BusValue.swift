import CDBus

/// A D-Bus value, as far as Natter's calls and signals need them (the freedesktop
/// notifications and the desktop portal's settings).
public indirect enum BusValue: Hashable, Sendable {
    case string(String)
    case objectPath(String)
    case bool(Bool)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case byte(UInt8)
    /// An array of values of one D-Bus type, written `signature` (`s`, `{sv}`, …).
    case array(signature: String, [BusValue])
    /// A dictionary entry (inside an array): key and value.
    case entry(BusValue, BusValue)
    case variant(BusValue)
    case structure([BusValue])

    /// The string inside, looking through variants.
    public var string: String? {
        switch self {
        case .string(let s), .objectPath(let s): s
        case .variant(let v): v.string
        default: nil
        }
    }

    /// The number inside as an integer, looking through variants.
    public var integer: Int? {
        switch self {
        case .int32(let n): Int(n)
        case .uint32(let n): Int(n)
        case .int64(let n): Int(n)
        case .uint64(let n): Int(exactly: n)
        case .byte(let n): Int(n)
        case .variant(let v): v.integer
        default: nil
        }
    }

    /// The value inside a variant (itself otherwise).
    public var unwrapped: BusValue {
        if case .variant(let v) = self { return v.unwrapped }
        return self
    }

    /// A dictionary `a{sv}` from string keys to variants of `values`.
    public static func dictionary(_ values: [(String, BusValue)]) -> BusValue {
        .array(signature: "{sv}", values.map { .entry(.string($0.0), .variant($0.1)) })
    }

    /// Its D-Bus type signature.
    public var signature: String {
        switch self {
        case .string: "s"
        case .objectPath: "o"
        case .bool: "b"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .byte: "y"
        case .array(let element, _): "a" + element
        case .entry(let key, let value): "{" + key.signature + value.signature + "}"
        case .variant: "v"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        }
    }

    // MARK: - Writing and reading messages

    /// Appends the value to a message being built.
    func append(to iterator: inout DBusMessageIter) -> Bool {
        func basic<T: BitwiseCopyable>(_ type: Character, _ value: T) -> Bool {
            var value = value
            return dbus_message_iter_append_basic(&iterator, Int32(type.asciiValue!), &value) != 0
        }
        switch self {
        case .string(let s), .objectPath(let s):
            return s.withCString { pointer in
                var p: UnsafePointer<CChar>? = pointer
                return dbus_message_iter_append_basic(&iterator, Int32(Character(signature).asciiValue!), &p) != 0
            }
        case .bool(let b): return basic("b", dbus_bool_t(b ? 1 : 0))
        case .int32(let n): return basic("i", n)
        case .uint32(let n): return basic("u", n)
        case .int64(let n): return basic("x", n)
        case .uint64(let n): return basic("t", n)
        case .double(let n): return basic("d", n)
        case .byte(let n): return basic("y", n)
        case .array(let element, let values):
            return container(&iterator, "a", element) { sub in values.allSatisfy { $0.append(to: &sub) } }
        case .entry(let key, let value):
            return container(&iterator, "e", nil) { sub in key.append(to: &sub) && value.append(to: &sub) }
        case .variant(let inner):
            return container(&iterator, "v", inner.signature) { sub in inner.append(to: &sub) }
        case .structure(let fields):
            return container(&iterator, "r", nil) { sub in fields.allSatisfy { $0.append(to: &sub) } }
        }
    }

    private func container(_ iterator: inout DBusMessageIter, _ type: Character, _ signature: String?,
                           _ body: (inout DBusMessageIter) -> Bool) -> Bool {
        var sub = DBusMessageIter()
        let opened = signature.map { s in s.withCString { dbus_message_iter_open_container(&iterator, Int32(type.asciiValue!), $0, &sub) } }
            ?? dbus_message_iter_open_container(&iterator, Int32(type.asciiValue!), nil, &sub)
        guard opened != 0 else { return false }
        let ok = body(&sub)
        return dbus_message_iter_close_container(&iterator, &sub) != 0 && ok
    }

    /// The values from `iterator` to its end.
    static func read(_ iterator: inout DBusMessageIter) -> [BusValue] {
        var values: [BusValue] = []
        while true {
            let type = dbus_message_iter_get_arg_type(&iterator)
            guard type != 0, let value = readOne(&iterator, type: UInt8(type)) else { break }
            values.append(value)
            if dbus_message_iter_next(&iterator) == 0 { break }
        }
        return values
    }

    private static func readOne(_ iterator: inout DBusMessageIter, type: UInt8) -> BusValue? {
        func basic<T: BitwiseCopyable>(_ zero: T) -> T {
            var value = zero
            dbus_message_iter_get_basic(&iterator, &value)
            return value
        }
        switch Character(UnicodeScalar(type)) {
        case "s", "o", "g":
            var pointer: UnsafePointer<CChar>?
            dbus_message_iter_get_basic(&iterator, &pointer)
            let text = pointer.map { String(cString: $0) } ?? ""
            return type == UInt8(ascii: "o") ? .objectPath(text) : .string(text)
        case "b": return .bool(basic(dbus_bool_t(0)) != 0)
        case "i": return .int32(basic(Int32(0)))
        case "u": return .uint32(basic(UInt32(0)))
        case "x": return .int64(basic(Int64(0)))
        case "t": return .uint64(basic(UInt64(0)))
        case "d": return .double(basic(Double(0)))
        case "y": return .byte(basic(UInt8(0)))
        case "n": return .int32(Int32(basic(Int16(0))))
        case "q": return .uint32(UInt32(basic(UInt16(0))))
        case "a", "e", "r", "v":
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &sub)
            let inner = read(&sub)
            switch Character(UnicodeScalar(type)) {
            case "a":
                let signature = dbus_message_iter_get_signature(&iterator).map { p in defer { dbus_free(p) }; return String(cString: p) } ?? "a"
                return .array(signature: String(signature.dropFirst()), inner)
            case "e": return inner.count == 2 ? .entry(inner[0], inner[1]) : nil
            case "v": return inner.first.map { .variant($0) }
            default: return .structure(inner)
            }
        default:
            return nil
        }
    }
}
