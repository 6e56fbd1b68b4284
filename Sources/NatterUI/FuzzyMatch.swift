/// Fuzzy matching for the quick switcher: the query's characters must appear in the candidate
/// in order (case-insensitively); the score rewards a prefix, characters in a row and
/// characters at the start of a word (after `#`, `-`, `_`, `.`, a space or a case change), and
/// costs a little per skipped character, so `nt` finds `#natter` before `#internet`.
enum FuzzyMatch {
    /// The score of `candidate` for `query` (higher is better), `nil` when it does not match.
    /// An empty query matches everything with 0.
    static func score(_ query: String, _ candidate: String) -> Int? {
        let needle = Array(query.lowercased())
        guard !needle.isEmpty else { return 0 }
        let original = Array(candidate)
        let hay = Array(candidate.lowercased())
        guard hay.count == original.count else { return substringScore(needle, hay) }
        // best[j]: the best score with the current query character at candidate position j
        // (the characters before it matched somewhere earlier). O(query · candidate²), and
        // buffer names are short.
        let none = Int.min / 2
        var best = [Int](repeating: none, count: hay.count)
        for (i, wanted) in needle.enumerated() {
            var next = [Int](repeating: none, count: hay.count)
            for j in hay.indices where hay[j] == wanted {
                var bonus = 1
                if j == 0 || j == 1 && "#&!+".contains(original[0]) { bonus += 8 } else if isWordStart(original, j) { bonus += 4 }
                if i == 0 {
                    next[j] = bonus - min(3, j)
                } else {
                    for k in 0..<j where best[k] > none {
                        let run = k == j - 1 ? 5 : 0                          // in a row
                        next[j] = max(next[j], best[k] + bonus + run - min(3, j - k - 1))
                    }
                }
            }
            best = next
        }
        let top = best.max() ?? none
        return top > none ? top : nil
    }

    private static func isWordStart(_ text: [Character], _ j: Int) -> Bool {
        guard j > 0 else { return true }
        let before = text[j - 1]
        if "#-_. /&".contains(before) { return true }
        return before.isLowercase && text[j].isUppercase
    }

    /// Lowercasing changed the length (rare scripts): plain containment, no bonuses.
    private static func substringScore(_ needle: [Character], _ hay: [Character]) -> Int? {
        String(hay).contains(String(needle)) ? 1 : nil
    }
}
