/// What the user asked that the server has not finished answering, and the answers being
/// collected. Kept per connection (a new link starts empty: its answers cannot come).
struct AnswerTracker: Sendable {
    /// A question sent and where it was asked.
    struct Asked: Sendable, Hashable {
        var question: Question
        /// The buffer it was typed in (`nil`: the server buffer).
        var origin: String?
        /// Its `label` when the server has labeled-response.
        var label: String?
        /// When it went (monotonic seconds): a question never answered is forgotten.
        var at: Double
    }

    /// A question whose answer is collected: its kind and what it names, folded.
    enum Question: Sendable, Hashable {
        case whois(String)
        case whowas(String)
        case who(String)
        case names(String)
        case motd
    }

    /// How many questions are remembered at once, and for how long (seconds): a server that
    /// never ends an answer cannot make the session hold more.
    static let askedKept = 32
    static let askedLifetime = 120.0
    /// How many answers may be collected at once of each kind, and how many rows one may have
    /// (WHO rows, NAMES entries, MOTD lines, a card's channels and other lines): a server that
    /// starts answers it never ends, or never ends one, cannot make the session grow.
    static let collectingKept = 32
    static let rowsKept = 5_000
    /// How long after a command was typed an error naming nothing shows where it was typed.
    static let errorWindow = 15.0

    /// Unanswered questions, oldest first.
    var asked: [Asked] = []
    /// Where each label we sent was typed (a label's replies may come in a batch, or alone).
    var labels: [String: String?] = [:]
    var labelOrder: [String] = []
    /// The buffer the last command was typed in, and when: where an error that names no
    /// buffer and carries no label shows.
    var lastOrigin: (origin: String?, at: Double)?

    /// Answers being collected, by what they name (folded).
    var whois: [String: WhoisCard] = [:]
    var whowas: [String: [WhoisCard]] = [:]
    /// WHO rows by the label they came with ("" for none).
    var whoRows: [String: [WhoRow]] = [:]
    var names: [String: [String]] = [:]
    var motd: [String]?

    /// Starts the WHOIS card of `nick` (folded: `key`), dropping another unfinished one when
    /// too many are.
    mutating func startWhois(_ key: String, nick: String) {
        if whois.count >= Self.collectingKept { whois.remove(at: whois.startIndex) }
        whois[key] = WhoisCard(nick: nick)
    }

    /// Adds a WHOWAS entry for `key`.
    mutating func addWhowas(_ card: WhoisCard, key: String) {
        if whowas[key] == nil, whowas.count >= Self.collectingKept { whowas.remove(at: whowas.startIndex) }
        if whowas[key, default: []].count < Self.rowsKept { whowas[key, default: []].append(card) }
    }

    /// Rows and names past the cap, by what they belong to (`who:KEY`, `names:KEY`).
    var dropped: [String: Int] = [:]

    /// How many were dropped from what `key` names; forgotten once asked.
    mutating func takeDropped(_ key: String) -> Int { dropped.removeValue(forKey: key) ?? 0 }

    /// Adds a WHO row to the answer of `label` ("" for none).
    mutating func addWhoRow(_ row: WhoRow, label: String?) {
        let key = label ?? ""
        if whoRows[key] == nil, whoRows.count >= Self.collectingKept { whoRows.remove(at: whoRows.startIndex) }
        if whoRows[key, default: []].count < Self.rowsKept {
            whoRows[key, default: []].append(row)
        } else if dropped.count < Self.collectingKept || dropped["who:" + key] != nil {
            dropped["who:" + key, default: 0] += 1
        }
    }

    /// Adds NAMES entries for channel `key`.
    mutating func addNames(_ entries: [String], key: String) {
        if names[key] == nil, names.count >= Self.collectingKept { names.remove(at: names.startIndex) }
        let room = Self.rowsKept - names[key, default: []].count
        names[key, default: []] += entries.prefix(max(0, room))
        if entries.count > max(0, room), dropped.count < Self.collectingKept || dropped["names:" + key] != nil {
            dropped["names:" + key, default: 0] += entries.count - max(0, room)
        }
    }

    /// Adds a line to the MOTD being collected.
    mutating func addMotdLine(_ line: String) {
        if let count = motd?.count, count < Self.rowsKept { motd?.append(line) }
    }

    /// Remembers `label` as typed in `origin`.
    mutating func remember(label: String, origin: String?) {
        labels[label] = origin
        labelOrder.append(label)
        if labelOrder.count > Self.askedKept { labels[labelOrder.removeFirst()] = nil }
    }

    /// Remembers a question, dropping those too old to be answered.
    mutating func remember(_ entry: Asked) {
        asked.removeAll { entry.at - $0.at > Self.askedLifetime }
        asked.append(entry)
        if asked.count > Self.askedKept { asked.removeFirst() }
    }

    /// Whether `question` was asked (by label `label`, when there is one).
    func isAsked(_ question: Question, label: String?) -> Bool {
        asked.contains { $0.question == question && (label == nil || $0.label == nil || $0.label == label) }
    }

    /// The origin of the answer to `question` and forgets the question: its label's when the
    /// reply has one we made, else the oldest such question's. `nil` when nobody asked.
    mutating func takeOrigin(of question: Question, label: String?) -> String?? {
        if let label, let origin = labels[label] {
            if let index = asked.firstIndex(where: { $0.label == label }) { asked.remove(at: index) }
            return .some(origin)
        }
        guard let index = asked.firstIndex(where: { $0.question == question }) else { return nil }
        return .some(asked.remove(at: index).origin)
    }

    /// Where an error or standard reply that names no buffer shows: its label's buffer, else
    /// the buffer of the command typed just before (within ``errorWindow``).
    func origin(label: String?, now: Double) -> String? {
        if let label, let origin = labels[label] { return origin }
        if let last = lastOrigin, now - last.at <= Self.errorWindow { return last.origin }
        return nil
    }
}
