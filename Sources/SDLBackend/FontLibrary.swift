import Widgets
import CSDL2
import CSDL2TTF

/// A piece of text and the face that draws it.
public struct FontSegment {
    /// The text of the segment (whole grapheme clusters).
    public var text: Substring
    /// The face chosen for it.
    public var font: LoadedFont
}

/// The fonts of the interface: the UI and monospace families found through fontconfig,
/// opened with SDL_ttf at the sizes asked for, plus per-character fallback faces so that text
/// in any script the system can show (CJK, emoji in colour, …) is drawn rather than shown as
/// boxes. Every opened face is cached by (file, face, pixel size, style).
///
/// Not thread-safe: use one library from one thread (the UI thread).
public final class FontLibrary {
    /// The family of `FontSpec.Role.ui`.
    public let uiFamily: String
    /// The family of `FontSpec.Role.mono`.
    public let monoFamily: String

    private let locator: FontLocator
    private var faces: [FaceKey: LoadedFont] = [:]
    private var primaries: [PrimaryKey: LoadedFont] = [:]
    /// Files whose faces have no outlines (a fixed bitmap strike), which italic leaves alone.
    private var bitmapOnly: Set<FontFile> = []

    private struct FaceKey: Hashable { var file: FontFile; var pixelSize: Int; var bold: Bool; var italic: Bool }
    private struct PrimaryKey: Hashable { var spec: FontSpec; var pixelSize: Int }

    /// Initialises SDL_ttf and fontconfig and checks that the UI family resolves to a file.
    public init(uiFamily: String = "DejaVu Sans", monoFamily: String = "DejaVu Sans Mono") throws(BackendError) {
        if TTF_WasInit() == 0, TTF_Init() != 0 { throw BackendError.sdl("SDL_ttf could not start") }
        self.uiFamily = uiFamily
        self.monoFamily = monoFamily
        locator = try FontLocator()
        guard let ui = locator.match(family: uiFamily, bold: false, italic: false) else {
            throw BackendError("fontconfig finds no font for \"\(uiFamily)\"; install fonts-dejavu-core")
        }
        // fontconfig substitutes a missing family silently: say so, and what to install.
        var warnings: [String] = []
        for (wanted, found) in [(uiFamily, ui.family), (monoFamily, locator.match(family: monoFamily, bold: false, italic: false)?.family)] {
            guard let found, found.lowercased() != wanted.lowercased() else { continue }
            let package = wanted.hasPrefix("DejaVu") ? " (Debian: install fonts-dejavu-core)" : ""
            warnings.append("The font \"\(wanted)\" is not installed: \"\(found)\" is used instead\(package)")
        }
        self.warnings = warnings
    }

    /// What the fonts asked for could not be had as asked (a family substituted), for the user.
    public let warnings: [String]

    /// The main face for `spec` at output scale `scale` (the size in pixels is
    /// `spec.size × scale`, rounded).
    public func primary(_ spec: FontSpec, scale: Double) -> LoadedFont? {
        let pixelSize = max(1, Int((spec.size * scale).rounded()))
        let key = PrimaryKey(spec: spec, pixelSize: pixelSize)
        if let font = primaries[key] { return font }
        let family = spec.role == .mono ? monoFamily : uiFamily
        guard let file = locator.match(family: family, bold: spec.bold, italic: spec.italic),
              let font = face(file, pixelSize: pixelSize, spec: spec, lineHeight: nil) else { return nil }
        primaries[key] = font
        return font
    }

    /// Splits `text` into runs of whole grapheme clusters, each with the face that has its
    /// glyphs: the primary face where it can, a colour face for emoji presentation, otherwise
    /// the closest fontconfig fallback. A cluster that no installed font has stays with the
    /// primary face. O(n) in the text's length; fallback look-ups are cached.
    public func segments(of text: String, spec: FontSpec, scale: Double) -> [FontSegment] {
        guard let primary = primary(spec, scale: scale) else { return [] }
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) {
            return [FontSegment(text: text[...], font: primary)]
        }
        var result: [FontSegment] = []
        var runStart = text.startIndex
        var runFont: LoadedFont?
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            let font = face(forCluster: text[index..<next], primary: primary, spec: spec)
            if let current = runFont, current !== font {
                result.append(FontSegment(text: text[runStart..<index], font: current))
                runStart = index
            }
            runFont = font
            index = next
        }
        if let runFont, runStart < text.endIndex {
            result.append(FontSegment(text: text[runStart...], font: runFont))
        }
        return result
    }

    /// Closes every opened face (see ``IdleRelease``): what FreeType, HarfBuzz and SDL_ttf hold
    /// for them is freed, and each is opened again when text next needs it (a tenth of a
    /// millisecond for DejaVu Sans, 2 ms for Noto Sans CJK), drawing the same pixels.
    /// Which files lack outlines, and fontconfig's answers, are kept.
    public func closeFaces() {
        faces.removeAll()
        primaries.removeAll()
    }

    /// How many times a face was opened (the window's ``IdleRelease`` counts them as new work:
    /// a face opened only to measure is closed again too).
    public private(set) var opened = 0

    /// How many faces are open (for tests).
    var openFaceCount: Int { Set(faces.values.map(ObjectIdentifier.init)).count }

    /// The family name of the face that draws the first cluster of `text` (for tests and
    /// diagnostics: "which font would show this?").
    public func familyDrawing(_ text: String, spec: FontSpec = FontSpec()) -> String? {
        segments(of: text, spec: spec, scale: 1).first?.font.file.family
    }

    private func face(forCluster cluster: Substring, primary: LoadedFont, spec: FontSpec) -> LoadedFont {
        guard let first = cluster.unicodeScalars.first else { return primary }
        let wantsEmoji = cluster.unicodeScalars.contains { $0.value == 0xFE0F }
            || (first.properties.isEmojiPresentation && first.value > 0x7f)
        if !wantsEmoji, primary.provides(first) { return primary }
        let family = spec.role == .mono ? monoFamily : uiFamily
        guard let file = locator.fallback(for: first, family: family, bold: spec.bold,
                                          italic: spec.italic, emoji: wantsEmoji),
              let font = face(file, pixelSize: primary.pixelSize, spec: spec, lineHeight: primary.height)
        else { return primary }
        return font
    }

    private func face(_ file: FontFile, pixelSize: Int, spec: FontSpec, lineHeight: Int?) -> LoadedFont? {
        // SDL_ttf slants outline glyphs only, so a bitmap-only face (colour emoji) draws the
        // same upright and italic: both share one opened face (Noto Color Emoji's is 250 KiB).
        let italic = spec.italic && !bitmapOnly.contains(file)
        let key = FaceKey(file: file, pixelSize: pixelSize, bold: spec.bold, italic: italic)
        if let font = faces[key] { return font }
        guard let font = try? LoadedFont(file: file, pixelSize: pixelSize, bold: spec.bold, italic: italic) else {
            return nil
        }
        opened += 1
        font.fitBitmapStrike(toHeight: lineHeight ?? Int((Double(pixelSize) * 1.17).rounded()))
        faces[key] = font
        if font.fit != 1 {
            // A fixed strike far from the size asked for: SDL_ttf had no outlines to scale.
            bitmapOnly.insert(file)
            faces[FaceKey(file: file, pixelSize: pixelSize, bold: spec.bold, italic: !italic)] = font
        }
        return font
    }
}
