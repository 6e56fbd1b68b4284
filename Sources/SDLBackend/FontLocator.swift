import Widgets
import CFontconfig

/// A font file on disk as fontconfig describes it: a path and the face index inside it
/// (`.ttc` collections hold several faces).
public struct FontFile: Hashable, Sendable {
    /// Absolute path of the font file.
    public var path: String
    /// Face index inside the file.
    public var index: Int
    /// The family name fontconfig reports for the face.
    public var family: String
    /// Whether the face itself is bold (when asked for bold and this is false, embolden it).
    public var isBold: Bool
    /// Whether the face itself is italic or oblique.
    public var isItalic: Bool
    /// Whether the face has colour glyphs (emoji).
    public var isColor: Bool
}

/// Finds fonts through fontconfig: the face for a family name, weight and slant, and for a
/// character the chosen face lacks, a fallback face that has it.
///
/// Fallback lists are computed once per (family, weight, slant) with `FcFontSort` and then
/// scanned with each face's character set, so a lookup per character is a set membership
/// test, not a fontconfig query. Results are cached, including misses.
public final class FontLocator {
    private let config: OpaquePointer
    private var sortedFallbacks: [FallbackKey: [(FontFile, OpaquePointer?)]] = [:]
    private var fontSets: [UnsafeMutablePointer<FcFontSet>] = []
    private var charCache: [CharKey: FontFile?] = [:]

    private struct FallbackKey: Hashable { var family: String; var bold: Bool; var italic: Bool; var emoji: Bool }
    private struct CharKey: Hashable { var scalar: UInt32; var key: FallbackKey }

    /// Loads the system's fontconfig configuration.
    public init() throws(BackendError) {
        guard let config = FcInitLoadConfigAndFonts() else {
            throw BackendError("fontconfig could not load its configuration")
        }
        self.config = config
    }

    deinit {
        for set in fontSets { FcFontSetDestroy(set) }
        FcConfigDestroy(config)
    }

    /// The best face for `family` in the requested weight and slant (fontconfig's own
    /// substitution when the family is not installed).
    public func match(family: String, bold: Bool, italic: Bool) -> FontFile? {
        guard let pattern = makePattern(family: family, bold: bold, italic: italic, emoji: false) else { return nil }
        defer { FcPatternDestroy(pattern) }
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        return fontFile(from: matched)
    }

    /// A face that has a glyph for `scalar`, preferring fonts close to `family` (and colour
    /// fonts when `emoji` is set), or nil when no installed font has it.
    public func fallback(for scalar: Unicode.Scalar, family: String, bold: Bool, italic: Bool,
                         emoji: Bool) -> FontFile? {
        let key = FallbackKey(family: family, bold: bold, italic: italic, emoji: emoji)
        let charKey = CharKey(scalar: scalar.value, key: key)
        if let cached = charCache[charKey] { return cached }
        let candidates = sortedList(for: key)
        var found: FontFile?
        // With emoji presentation, a colour face wins over a monochrome one that has the glyph.
        if emoji {
            found = candidates.first { $0.0.isColor && has(scalar, $0.1) }?.0
        }
        if found == nil {
            found = candidates.first { has(scalar, $0.1) }?.0
        }
        charCache[charKey] = found
        return found
    }

    /// Every font file fontconfig offers, sorted: what matches and fallbacks choose from, so
    /// what decides how text looks on this machine.
    public func availableFiles() -> [String] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, "file")
        guard let set = FcFontList(config, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        var files = Set<String>()
        for i in 0..<Int(set.pointee.nfont) {
            var file: UnsafeMutablePointer<FcChar8>?
            if let font = set.pointee.fonts[i], FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file {
                files.insert(String(cString: file))
            }
        }
        return files.sorted()
    }

    private func has(_ scalar: Unicode.Scalar, _ charset: OpaquePointer?) -> Bool {
        guard let charset else { return false }
        return FcCharSetHasChar(charset, scalar.value) != 0
    }

    private func sortedList(for key: FallbackKey) -> [(FontFile, OpaquePointer?)] {
        if let list = sortedFallbacks[key] { return list }
        var list: [(FontFile, OpaquePointer?)] = []
        let family = key.emoji ? "emoji" : key.family
        if let pattern = makePattern(family: family, bold: key.bold, italic: key.italic, emoji: key.emoji) {
            var result = FcResultNoMatch
            if let set = FcFontSort(config, pattern, FcTrue, nil, &result) {
                fontSets.append(set)
                for i in 0..<Int(set.pointee.nfont) {
                    guard let font = set.pointee.fonts[i] else { continue }
                    // FcFontSort's patterns lack the rendering substitutions but keep file,
                    // index and charset, which is all a fallback needs.
                    guard let file = fontFile(from: font) else { continue }
                    var charset: OpaquePointer?
                    _ = FcPatternGetCharSet(font, "charset", 0, &charset)
                    list.append((file, charset))
                }
            }
            FcPatternDestroy(pattern)
        }
        sortedFallbacks[key] = list
        return list
    }

    private func makePattern(family: String, bold: Bool, italic: Bool, emoji: Bool) -> OpaquePointer? {
        guard let pattern = FcPatternCreate() else { return nil }
        _ = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                FcPatternAddString(pattern, "family", $0)
            }
        }
        FcPatternAddInteger(pattern, "weight", bold ? 200 : 80)
        FcPatternAddInteger(pattern, "slant", italic ? 100 : 0)
        if emoji { FcPatternAddBool(pattern, "color", FcTrue) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        return pattern
    }

    private func fontFile(from pattern: OpaquePointer) -> FontFile? {
        var fileValue: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, "file", 0, &fileValue) == FcResultMatch, let fileValue else {
            return nil
        }
        let path = String(cString: fileValue)
        var index: Int32 = 0
        _ = FcPatternGetInteger(pattern, "index", 0, &index)
        var familyValue: UnsafeMutablePointer<FcChar8>?
        var family = ""
        if FcPatternGetString(pattern, "family", 0, &familyValue) == FcResultMatch, let familyValue {
            family = String(cString: familyValue)
        }
        var weight: Int32 = 80
        _ = FcPatternGetInteger(pattern, "weight", 0, &weight)
        var slant: Int32 = 0
        _ = FcPatternGetInteger(pattern, "slant", 0, &slant)
        var color: FcBool = FcFalse
        _ = FcPatternGetBool(pattern, "color", 0, &color)
        return FontFile(path: path, index: Int(index), family: family, isBold: weight >= 180,
                        isItalic: slant > 0, isColor: color != FcFalse)
    }
}
