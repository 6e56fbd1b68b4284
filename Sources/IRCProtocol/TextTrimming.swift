/// Trimming that Foundation's full library would give as `trimmingCharacters(in:)`, written
/// here because that library loads ICU (about 11 MiB of the window's memory).
extension StringProtocol {
    /// Without the spaces (any of Unicode's space separators) and tabs at both ends, as
    /// `trimmingCharacters(in: .whitespaces)` gives.
    public var trimmingBlanks: String {
        trimming { $0 == "\t" || $0.unicodeScalars.first?.properties.generalCategory == .spaceSeparator }
    }

    /// Without the characters `strip` says yes to at both ends.
    public func trimming(_ strip: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !strip($0) }), let last = lastIndex(where: { !strip($0) }) else { return "" }
        return String(self[first...last])
    }
}
