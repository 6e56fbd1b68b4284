/// bitlbee's control channel (`&bitlbee`) and its `root` take commands that carry passwords:
/// `identify PASSWORD`, `register PASSWORD`, `drop PASSWORD`, `account add PROTOCOL HANDLE
/// PASSWORD [SERVER]`, `account ID set password PASSWORD`. Typed there, they are shown and
/// logged with the password masked.
extension ChatModel {
    /// Where bitlbee's commands are typed (lower case).
    static let bitlbeeTargets: Set<String> = ["&bitlbee", "root"]

    /// `text` typed to bitlbee with any password in it replaced by asterisks. A leading
    /// "root: " (addressing root in the channel) is kept and skipped.
    static func maskingBitlbeePasswords(_ text: String) -> String {
        var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var start = 0
        if let first = words.first?.lowercased(), first == "root:" || first == "root," { start = 1 }
        guard words.count > start else { return text }
        let command = words[start].lowercased()
        let rest = words.count - start
        var masked: [Int] = []
        switch command {
        case "identify", "register", "drop":
            // Options (`identify -noload pw`) come before the password.
            masked = Array((start + 1)..<words.count).filter { !words[$0].hasPrefix("-") }
        case "account", "acc":
            if rest >= 5, words[start + 1].lowercased() == "add" {
                masked = [start + 4]
            } else if let set = words.firstIndex(where: { $0.lowercased() == "set" }), set > start,
                      set + 2 < words.count, words[set + 1].lowercased() == "password" {
                masked = Array((set + 2)..<words.count)
            }
        case "set" where rest >= 3 && words[start + 1].lowercased() == "password":
            masked = Array((start + 2)..<words.count)
        default:
            return text
        }
        guard !masked.isEmpty else { return text }
        for index in masked { words[index] = "********" }
        return words.joined(separator: " ")
    }
}
