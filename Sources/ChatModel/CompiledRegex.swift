import CPCRE2

/// A regular expression compiled by PCRE2 (Perl syntax, Unicode properties, UTF-8 subjects),
/// JIT-compiled where the machine allows.
///
/// Why PCRE2: Foundation's `NSRegularExpression` is ICU, which alone kept about 11 MiB of the
/// window's memory mapped for the find bar's `/patterns/`; libpcre2-8 is already mapped by the
/// desktop libraries. It also matches UTF-8 bytes where ICU needed a UTF-16 copy of each text,
/// and offsets come back in bytes.
///
/// The compiled code is read-only once made, and PCRE2 documents it (and its JIT code) as safe
/// to share between threads; each match makes its own match data.
public final class CompiledRegex: @unchecked Sendable {
    private let code: OpaquePointer

    /// Options of a compiled expression.
    public struct Options: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Letters match in either case (Unicode case folding).
        public static let caseInsensitive = Options(rawValue: 1)
        /// `^` and `$` also match at line feeds (and only line feeds) inside the subject.
        public static let anchorsMatchLines = Options(rawValue: 2)
    }

    /// Compiles `pattern`; throws a ``SearchQueryError`` whose message names what is wrong and
    /// where, as PCRE2 says it.
    public init(_ pattern: String, options: Options = []) throws(SearchQueryError) {
        var flags = UInt32(PCRE2_UTF | PCRE2_UCP)
        if options.contains(.caseInsensitive) { flags |= UInt32(PCRE2_CASELESS) }
        if options.contains(.anchorsMatchLines) { flags |= UInt32(PCRE2_MULTILINE) }
        let context = pcre2_compile_context_create_8(nil)
        defer { pcre2_compile_context_free_8(context) }
        // Only the line feed ends a line, whatever PCRE2 was built with: joined search lines
        // are separated by line feeds and nothing else may count as a line end.
        pcre2_set_newline_8(context, UInt32(PCRE2_NEWLINE_LF))
        var error: Int32 = 0
        var offset = 0
        let bytes = Self.namingCharactersAsPCRE2Does(Array(pattern.utf8))
        let compiled = bytes.withUnsafeBufferPointer { buffer in
            pcre2_compile_8(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, buffer.count, flags, &error, &offset, context)
        }
        guard let compiled else {
            var message = [UInt8](repeating: 0, count: 256)
            let length = pcre2_get_error_message_8(error, &message, message.count)
            let text = length > 0 ? String(decoding: message[..<Int(length)], as: UTF8.self) : "error \(error)"
            throw SearchQueryError(message: "\(text) at character \(pattern.utf8.prefix(offset).count { $0 & 0xC0 != 0x80 } + 1)")
        }
        code = compiled
        // Without JIT (not built in, or no executable memory) the interpreter still works.
        _ = pcre2_jit_compile_8(code, UInt32(PCRE2_JIT_COMPLETE))
    }

    deinit { pcre2_code_free_8(code) }

    /// ICU's `\uhhhh` and `\Uhhhhhhhh`, which the find bar took before it used PCRE2 (where
    /// `\u` is an error), rewritten as PCRE2's `\x{…}`; an escaped backslash and `\Q…\E`
    /// quoting are left alone.
    static func namingCharactersAsPCRE2Does(_ pattern: [UInt8]) -> [UInt8] {
        func isHex(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x66) }
        guard pattern.contains(UInt8(ascii: "u")) || pattern.contains(UInt8(ascii: "U")) else { return pattern }
        var out: [UInt8] = []
        var i = 0
        var quoted = false
        while i < pattern.count {
            let b = pattern[i]
            guard b == UInt8(ascii: "\\"), i + 1 < pattern.count else { out.append(b); i += 1; continue }
            let next = pattern[i + 1]
            if quoted {
                if next == UInt8(ascii: "E") { quoted = false }
            } else if next == UInt8(ascii: "Q") {
                quoted = true
            } else if next == UInt8(ascii: "u") || next == UInt8(ascii: "U") {
                let digits = next == UInt8(ascii: "u") ? 4 : 8
                if i + 2 + digits <= pattern.count, pattern[(i + 2)..<(i + 2 + digits)].allSatisfy(isHex) {
                    out += Array("\\x{".utf8) + pattern[(i + 2)..<(i + 2 + digits)] + [UInt8(ascii: "}")]
                    i += 2 + digits
                    continue
                }
            }
            out += [b, next]
            i += 2
        }
        return out
    }

    /// Whether the expression matches somewhere in `subject` (valid UTF-8).
    public func matches(_ subject: UnsafeBufferPointer<UInt8>) -> Bool {
        var found = false
        enumerateMatches(in: subject) { _ in found = true; return false }
        return found
    }

    /// Whether the expression matches somewhere in `text`.
    public func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches($0) }
    }

    /// Calls `body` with the byte range of each match in `subject`, left to right, not
    /// overlapping, until it returns false.
    public func enumerateMatches(in subject: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Bool) {
        guard let data = pcre2_match_data_create_from_pattern_8(code, nil) else { return }
        defer { pcre2_match_data_free_8(data) }
        // An empty subject may have no base address; PCRE2 wants a pointer all the same.
        let base = subject.baseAddress ?? UnsafePointer(bitPattern: 1)!
        // PCRE2 checks the whole subject's UTF-8 at every call unless told not to: once is
        // enough (a joined search text of megabytes with thousands of matches spent 25 s in
        // the check). Every later start is a character's start, as PCRE2 then requires.
        var checked: UInt32 = 0
        func match(from start: Int, _ options: UInt32) -> Range<Int>? {
            defer { checked = UInt32(PCRE2_NO_UTF_CHECK) }
            guard pcre2_match_8(code, base, subject.count, start, options | checked, data, nil) >= 0 else { return nil }
            let ovector = pcre2_get_ovector_pointer_8(data)!
            return Int(ovector[0])..<Int(ovector[1])
        }
        var start = 0
        while start <= subject.count, let range = match(from: start, 0) {
            guard body(range) else { return }
            guard range.isEmpty else { start = range.upperBound; continue }
            // After an empty match, a non-empty one may start at the same place (as Perl
            // does); else go on from the next character.
            if let longer = match(from: range.lowerBound, UInt32(PCRE2_NOTEMPTY_ATSTART) | UInt32(PCRE2_ANCHORED)) {
                guard body(longer) else { return }
                start = longer.upperBound
                continue
            }
            guard range.lowerBound < subject.count else { return }
            start = range.lowerBound + 1
            while start < subject.count, subject[start] & 0xC0 == 0x80 { start += 1 }
        }
    }
}
