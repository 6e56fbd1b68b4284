import ChatModel

/// docs/SETTINGS.md: every setting of the catalog with its kind, default and description,
/// generated so that the reference cannot drift from what the reader takes (a test compares
/// the file with this text; `make docs` writes it).
public enum SettingsReference {
    /// The reference as Markdown.
    public static func markdown() -> String {
        var text = """
        # Natter's settings

        Every key config.toml takes, generated from the settings catalog (`SettingsCatalog`),
        which the config reader, `/set` and the settings screen use too. `/set KEY VALUE` changes
        a setting and saves it into the file in place; `/set -default KEY` takes it out of the
        file. A network's key is written `networks.NAME.KEY` (or the key alone in one of that
        network's buffers), a buffer's `buffers.NETWORK/BUFFER.KEY` (or the key alone in that
        buffer), a script's `scripts.NAME.KEY`. Besides these, `[aliases]` holds your own
        commands (`/alias`).

        """
        for scope in [SettingScope.global, .network, .buffer, .script] {
            switch scope {
            case .global: text += "\n## Global settings\n\nIn the table their key names (`[theme]` holds `theme.font_size` as `font_size`).\n"
            case .network: text += "\n## A network's settings\n\nIn each `[[networks]]` table; `sasl.…` in its `[networks.sasl]` table.\n"
            case .buffer: text += "\n## A buffer's settings\n\nKeyed `\"NETWORK/BUFFER\"`: `notify` in `[notifications.buffers]`, `spelling` in `[spelling.buffers]`, `previews` in `[previews.buffers]`.\n"
            case .script: text += scripts
            }
            let infos = SettingsCatalog.infos.filter { $0.scope == scope }
            for section in SettingSection.allCases {
                let here = infos.filter { $0.section == section }
                guard !here.isEmpty else { continue }
                if scope == .global { text += "\n### \(section.title)\n" }
                text += "\n| key | takes | default | what it does |\n|---|---|---|---|\n"
                for info in here {
                    text += "| `\(info.key)` | \(kind(info.kind)) | \(cell(info.defaultText)) | \(info.summary.replacing("|", with: "\\|")) |\n"
                }
            }
        }
        return text
    }

    /// The scripts' tables: their keys are each script's own, so there is no table of them.
    private static let scripts = """

        ## A script's settings

        Each script's own settings are in a table of its name, `[scripts.NAME]` (NAME: letters,
        digits, `-` and `_`), kept whether the script is loaded or not, so they can be written
        before it is. A script declares each setting it reads with
        `natter.setting(KEY, {default = …, summary = …})`: its kind follows the default (true or
        false, a whole number, a number, text, one of `choices`, a list of texts) and
        `/set scripts.NAME.KEY VALUE`, the settings screen's Scripts section (`/settings scripts`)
        and Tab know it from then on, each value checked by that kind (and `min`, `max`). A key no
        loaded script declares is kept and listed as it is written. The values are true or false,
        numbers, text in quotes and lists of texts; anything else is an error.

        `permissions` is Natter's own key there, your grant rather than the script's: a list of
        `"files"` (the script may read and write files: `natter.read_file`, `natter.write_file`)
        and `"processes"` (it may run programs: `natter.run`). A script granted these can do what
        you can. None is granted unless written.

        ```toml
        [scripts.urllog]
        max = 50
        permissions = ["files"]
        ```

        """

    private static func cell(_ text: String) -> String {
        text.isEmpty ? "none" : "`\(text.replacing("|", with: "\\|"))`"
    }

    private static func kind(_ kind: SettingKind) -> String {
        switch kind {
        case .bool: "true or false"
        case .integer(let range): "whole number, \(range.lowerBound)–\(range.upperBound)"
        case .number(let range): "number, \(SettingText.number(range.lowerBound))–\(SettingText.number(range.upperBound))"
        case .text: "text"
        case .choice(let names): names.joined(separator: ", ")
        case .list: "list of texts"
        case .colour: "colour `#RRGGBB` (or `#RRGGBBAA`)"
        case .key: "key name"
        case .secret: "password, or `keyring:NAME`"
        }
    }
}
