import ChatModel
import Widgets

/// Spell checking in the input line: misspelt words underlined in the error colour, a
/// right-click on one offers corrections (and adding it to the user's words); each buffer
/// may have its own language (`/spell de_DE`, `/spell off`). Nicks, channel names, commands
/// and links are never flagged.
extension InputPresenter {
    /// The language the input is checked in for buffer `id` (nil: not checked).
    func spellLanguage(for id: BufferID?) -> String? {
        let language = id.flatMap { bufferLanguages[$0] } ?? defaultSpellLanguage
        return language.isEmpty ? nil : language
    }

    /// Names the checker must not flag in `id`: our nick, the channel's members, the buffer's
    /// own name (a query's nick). Channel names need no entry: words starting with a channel
    /// prefix are never checked.
    func namesNotChecked(in id: BufferID?) -> Set<String> {
        guard let id, let network = model.network(id.network) else { return [] }
        var names: Set<String> = [network.nick.lowercased(), id.name.lowercased()]
        if let buffer = model.buffer(id), buffer.kind == .channel {
            // The members as held, not sorted for the nick list: this runs at every keystroke.
            for nick in network.memberNicks(of: buffer.name) { names.insert(nick.lowercased()) }
        }
        return names
    }

    /// Sets the input line's styling (formatting codes, and misspelt words when a checker and a
    /// language are there) and its right-click menu, for the current buffer and theme.
    func refreshSpelling() {
        let theme = chat.styler.theme
        screen.input.menuTheme = theme.base
        screen.input.styler = { [weak self] text, base in
            var misspelt = Set<Int>()
            if let self, let checker = self.spellChecker, let language = self.spellLanguage(for: self.chat.current) {
                for word in SpellCheck.misspelt(in: text, language: language, checker: checker,
                                                skipping: self.namesNotChecked(in: self.chat.current)) {
                    misspelt.formUnion(word.range)
                }
            }
            return InputFormatting.spans(text, base: base, theme: theme, misspelt: misspelt)
        }
        screen.input.onContextMenu = { [weak self] index in self?.spellingMenu(at: index) ?? [] }
    }

    /// Corrections for the misspelt word at character `index` of the input, replacing it when
    /// chosen; and "Add to dictionary".
    public func spellingMenu(at index: Int) -> [MenuItem] {
        guard let checker = spellChecker, let language = spellLanguage(for: chat.current) else { return [] }
        let text = screen.input.text
        guard let word = SpellCheck.words(in: text, skipping: namesNotChecked(in: chat.current))
            .first(where: { $0.range.contains(index) || $0.range.upperBound == index }),
              checker.check(word.text, language: language) == false else { return [] }
        let input = screen.input
        var items = checker.suggestions(for: word.text, language: language, limit: 6).map { suggestion in
            MenuItem(suggestion) {
                var characters = Array(input.text)
                guard word.range.upperBound <= characters.count, String(characters[word.range]) == word.text else { return }
                characters.replaceSubrange(word.range, with: Array(suggestion))
                input.replaceText(String(characters), caret: word.range.lowerBound + suggestion.count)
            }
        }
        if items.isEmpty { items.append(MenuItem("No suggestions", isEnabled: false) {}) }
        items.append(MenuItem("Add “\(word.text)” to the dictionary") { [weak self] in
            checker.add(word.text, language: language)
            self?.refreshSpelling()
        })
        return items
    }

    /// `/spell`: shows the language; `/spell LANG` checks this buffer in LANG; `/spell off`.
    func runSpell(_ argument: String?, in id: BufferID) {
        let note = { (text: String, error: Bool) in self.model.note(text, in: id, isError: error, at: self.chat.clock().wall) }
        guard let argument else {
            let language = spellLanguage(for: id)
            note(language.map { "Spell checking here in \($0)" + (spellChecker?.hasDictionary($0) == false ? " (no dictionary installed for it)" : "") }
                 ?? "No spell checking here (/spell LANG turns it on)", false)
            return
        }
        if argument.lowercased() == "off" {
            bufferLanguages[id] = ""
            note("No spell checking in this buffer", false)
        } else if spellChecker?.hasDictionary(argument) == false {
            note("No dictionary for \(argument) is installed (hunspell-\(argument.lowercased().replacing("_", with: "-")) or similar)", true)
            return
        } else {
            bufferLanguages[id] = argument
            note("Spell checking this buffer in \(argument)", false)
        }
        refreshSpelling()
    }
}
