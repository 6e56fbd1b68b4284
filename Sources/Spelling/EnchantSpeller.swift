import CEnchant
import Glibc

/// Spell checking through Enchant (which asks Hunspell, Aspell, … for their dictionaries):
/// one broker for the process, a dictionary per language opened when first asked for.
/// Used from the main thread only.
public final class EnchantSpeller {
    private let broker: OpaquePointer
    private var dictionaries: [String: OpaquePointer] = [:]
    /// Languages Enchant had no dictionary for, and when it was last asked (seconds of
    /// `clock`). Every word checked asks for its language, and a missing one costs a search
    /// of the dictionary folders, so the answer is kept, but only for ``retryInterval``: a
    /// dictionary installed while Natter runs is found without a restart.
    private var missing: [String: Double] = [:]
    private let clock: () -> Double
    /// Seconds before a missing dictionary is looked for again.
    static let retryInterval = 5.0
    /// How many times Enchant was asked to open a dictionary (tests read it).
    private(set) var requests = 0

    /// A broker; nil when Enchant cannot start one. `clock` counts seconds (monotonic by
    /// default; tests pass their own).
    public init?(clock: @escaping () -> Double = EnchantSpeller.monotonicSeconds) {
        guard let broker = enchant_broker_init() else { return nil }
        self.broker = broker
        self.clock = clock
    }

    /// Seconds of the monotonic clock.
    public static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    deinit {
        for dictionary in dictionaries.values { enchant_broker_free_dict(broker, dictionary) }
        enchant_broker_free(broker)
    }

    /// Whether a dictionary for `language` (`en_US`, `de_DE`) is installed, asked now.
    public func hasDictionary(_ language: String) -> Bool {
        if dictionaries[language] != nil { return true }
        guard enchant_broker_dict_exists(broker, language) != 0 else { return false }
        // Installed since it was found missing: the next check opens it.
        missing[language] = nil
        return true
    }

    /// The spell checker Enchant chose for `language` ("hunspell", "aspell", …: its order of
    /// preference differs per language and per system), or nil when there is no dictionary.
    public func provider(for language: String) -> String? {
        guard let dictionary = dictionary(language) else { return nil }
        final class Found { var name: String? }
        let found = Found()
        enchant_dict_describe(dictionary, { _, name, _, _, context in
            guard let name, let context else { return }
            Unmanaged<Found>.fromOpaque(context).takeUnretainedValue().name = String(cString: name)
        }, Unmanaged.passUnretained(found).toOpaque())
        return found.name
    }

    /// Whether `word` is spelt right in `language`; nil when there is no such dictionary.
    public func check(_ word: String, language: String) -> Bool? {
        guard let dictionary = dictionary(language) else { return nil }
        return enchant_dict_check(dictionary, word, -1) == 0
    }

    /// Up to `limit` corrections for `word` in `language`, best first.
    public func suggestions(for word: String, language: String, limit: Int = 6) -> [String] {
        guard let dictionary = dictionary(language) else { return [] }
        var count = 0
        guard let list = enchant_dict_suggest(dictionary, word, -1, &count) else { return [] }
        defer { enchant_dict_free_string_list(dictionary, list) }
        return (0..<min(count, limit)).compactMap { list[$0].map { String(cString: $0) } }
    }

    /// Adds `word` to the user's personal word list for `language` (kept by Enchant).
    public func add(_ word: String, language: String) {
        guard let dictionary = dictionary(language) else { return }
        enchant_dict_add(dictionary, word, -1)
    }

    private func dictionary(_ language: String) -> OpaquePointer? {
        if let open = dictionaries[language] { return open }
        let now = clock()
        if let asked = missing[language], now - asked < Self.retryInterval { return nil }
        requests += 1
        guard let opened = enchant_broker_request_dict(broker, language) else {
            missing[language] = now
            return nil
        }
        missing[language] = nil
        dictionaries[language] = opened
        return opened
    }
}
