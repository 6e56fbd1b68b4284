import ChatModel
import Configuration
import FoundationEssentials
import FoundationExtras
import NatterUI

/// The settings screen in a scenario: a field given the keyboard by its setting's name, and
/// the screen's state for `metrics.jsonl`.
extension ScenarioRunner {
    /// Copies config text `file` (beside the scenario) into a folder of the scenario's own and
    /// gives the model the configuration's store over the copy: what the screen shows and
    /// saves is the real file's, edited in place.
    func useConfig(_ file: String) throws {
        let app = try ready()
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        let configs = configFolder ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("natter-scenario-config-\(UUID().uuidString)")
        configFolder = configs
        try FileManager.default.createDirectory(at: configs, withIntermediateDirectories: true)
        let path = configs.appendingPathComponent("config.toml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let config: NatterConfig
        do { config = try ConfigLoader.load(path: path) } catch { throw AppError("\(file): \(error)") }
        let store = ConfigSettingsStore(path: path, config: config)
        app.model.settingsStore = store
        app.model.scriptSettings = store
    }

    /// Opens the settings screen at `section`, as Ctrl+, and `/settings` do.
    func openSettings(_ section: SettingSection?) throws {
        let app = try ready()
        app.controller.settings.open(section)
        app.host.layoutIfNeeded()
    }

    /// Gives the keyboard to the control of setting `name` on the settings screen, kept in view.
    func focusSetting(_ name: String) throws {
        let app = try ready()
        guard let view = app.controller.settings.view, app.controller.settings.isOpen else {
            throw AppError("`field` needs the settings screen open (`settings SECTION`)")
        }
        guard let row = view.rows.first(where: { $0.address.name == name }) else {
            throw AppError("no setting \(name) on the screen; shown: " + view.rows.map(\.address.name).joined(separator: ", "))
        }
        app.host.focus(row.control)
        view.revealFocus()
        app.host.layoutIfNeeded()
    }

    /// The screen's section, focused setting, refusals and values; nil while it is closed.
    func settingsMetrics(_ app: Stage) -> SnapshotMetrics.Settings? {
        guard app.controller.settings.isOpen, let view = app.controller.settings.view else { return nil }
        return .init(section: view.section.rawValue, focused: view.focusedRow?.address.name,
                     refused: view.rows.compactMap { row in row.refusal.map { "\(row.address.name): \($0)" } },
                     values: view.rows.map { "\($0.address.name) = \($0.value.text)" })
    }
}
