import CEnchant

/// Spell checking through Enchant (which asks Hunspell, Aspell, … for their dictionaries):
/// one broker for the process, a dictionary per language opened when first asked for.
/// Used from the main thread only.
public final class EnchantSpeller {
    private let broker: OpaquePointer
    private var dictionaries: [String: OpaquePointer] = [:]
    private var missing: Set<String> = []

    /// A broker; nil when Enchant cannot start one.
    public init?() {
        guard let broker = enchant_broker_init() else { return nil }
        self.broker = broker
    }

    deinit {
        for dictionary in dictionaries.values { enchant_broker_free_dict(broker, dictionary) }
        enchant_broker_free(broker)
    }

    /// Whether a dictionary for `language` (`en_US`, `de_DE`) is installed.
    public func hasDictionary(_ language: String) -> Bool {
        dictionaries[language] != nil || enchant_broker_dict_exists(broker, language) != 0
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
        guard !missing.contains(language), let opened = enchant_broker_request_dict(broker, language) else {
            missing.insert(language)
            return nil
        }
        dictionaries[language] = opened
        return opened
    }
}
