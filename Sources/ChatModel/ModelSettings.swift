/// Settings of the model that come from the configuration.
public struct ModelSettings: Sendable, Hashable {
    /// Lines kept per buffer.
    public var scrollbackCap: Int
    /// Lines dropped at once when the cap is passed.
    public var trimBatch: Int
    /// What highlights us besides our nick.
    public var highlights: HighlightRules
    /// Whose messages are hidden.
    public var ignores: IgnoreList
    /// How many older lines a history page holds.
    public var historyPageSize: Int
    /// Whom else passwords are typed to, lower case (`[privacy] password_targets`): lines to
    /// them are masked as NickServ's are.
    public var passwordTargets: Set<String> = []
    /// The QUIT message of `/quit` without one, `/disconnect`, `/reconnect` and quitting Natter
    /// (`[messages] quit`).
    public var quitMessage: String
    /// The form of a ban by nick (`ban_mask`): every network's, and those of the networks
    /// that set their own (by lower-cased name).
    public var banMask = BanMaskTemplate.standard
    public var networkBanMasks: [String: BanMaskTemplate] = [:]
    /// Whether channels hide the joins, parts, quits and nick changes of people who have not
    /// spoken lately, unless `/filter` chose otherwise there (`[filter] smart`).
    public var smartFilter = false
    /// How long after speaking someone's joins, parts, quits and nick changes still show
    /// (`[filter] minutes`), in seconds.
    public var smartFilterDelay: Double = 600

    public init(scrollbackCap: Int = 10_000, trimBatch: Int = 500, highlights: HighlightRules = HighlightRules(),
                ignores: IgnoreList = IgnoreList(), historyPageSize: Int = 100,
                quitMessage: String = ModelSettings.defaultQuitMessage, passwordTargets: Set<String> = []) {
        self.scrollbackCap = scrollbackCap
        self.trimBatch = trimBatch
        self.highlights = highlights
        self.ignores = ignores
        self.historyPageSize = historyPageSize
        self.quitMessage = quitMessage
        self.passwordTargets = passwordTargets
    }

    /// irssi's and HexChat's word: it says nothing about the user or the client.
    public static let defaultQuitMessage = "Leaving"

}
