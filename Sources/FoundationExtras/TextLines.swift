extension StringProtocol {
    /// The text's lines, split at LF and at CR LF (the line end goes). Splitting a String on
    /// "\n" never finds a CR LF, which Swift counts as one Character: a file saved with CR LF
    /// would be one long line.
    public var textLines: [SubSequence] {
        split(omittingEmptySubsequences: false, whereSeparator: { $0.unicodeScalars.contains("\n") })
    }
}
