import ChatModel
import Configuration
import DesktopBus
import DesktopIntegration
import FoundationEssentials
import IRCSession
import NatterUI
import SDLBackend

/// What the last readings of config.toml said, so that each thing is said once.
struct ReloadState {
    /// The error shown for the file as it is now (nil: it reads).
    var problem: String?
    /// The file was found deleted (said once, until it is back).
    var missing = false
    /// Networks taken out of the file with open conversations, to ask about, in turn.
    var toAsk: [String] = []
    /// Whether a question about one is open.
    var asking = false
    /// Networks the file no longer has that stay for this run (kept when asked, or the last).
    var keptOutOfFile: Set<String> = []
    /// Networks `/server add` started that no version of the file read since has had yet: a
    /// version written before the addition (after a `/server del` of the same name) must not
    /// close them.
    var addedByHand: Set<String> = []
}

/// Live reload (issue 33): config.toml watched while Natter runs, each saved version applied
/// as its difference from the running configuration (``ConfigChanges``). One entry point,
/// ``apply(_:)``, whatever the new configuration's source (the file, `/set`, a settings
/// screen); applying the same configuration twice does nothing and says nothing, and the
/// reload that Natter's own writes to the file wake finds the model already has them.
extension ChatSession {
    /// Starts watching the configuration file (its folder must exist).
    func watchConfig() {
        watcher = ConfigWatcher(path: ConfigLoader.defaultPath()) { AppWindow.wakeUp() }
    }

    /// The file did not read at start (`problem`): the session runs on the last good copy, and
    /// the fix is applied and said when it comes.
    func startWithBrokenFile(_ problem: String) {
        reloadState.problem = problem
        let path = ConfigLoader.defaultPath()
        controller.chrome.configProblem = problem.replacing(path, with: path.fileName)
    }

    /// A new reading of the file: applied when it reads; an error is shown (status line and
    /// server buffer) and the running settings kept; a deleted file changes nothing.
    func reload(_ reading: ConfigWatcher.Reading) {
        let path = ConfigLoader.defaultPath()
        guard case .text(let text) = reading else {
            if !reloadState.missing {
                reloadState.missing = true
                say("\(path) was deleted: the settings it had stay until Natter ends", isError: true)
            }
            return
        }
        reloadState.missing = false
        // A reading the file has moved past (a save of ours or the user's since) is not
        // applied: it would undo the newer one until that one's reading comes.
        if let current = try? String(contentsOfFile: path, encoding: .utf8), current != text { return }
        let config: NatterConfig
        do {
            config = try ConfigLoader.parse(text, file: path)
        } catch {
            let problem = error.description
            guard problem != reloadState.problem else { return }
            reloadState.problem = problem
            // The sidebar is narrow: the file's name there, its whole path in the server buffer.
            var short = error
            short.file = path.fileName
            controller.chrome.configProblem = short.description
            say("\(problem). The running settings stay until the file reads again", isError: true)
            return
        }
        // The next start falls back to this version if the file breaks (written off the
        // window's thread, as Natter's own edits are).
        let data = Data(text.utf8), lastGood = StartupConfig.lastGoodPath()
        if !BackgroundThread.start({ StartupConfig.keep(data, asLastGood: lastGood) }) {
            StartupConfig.keep(data, asLastGood: lastGood)
        }
        if reloadState.problem != nil {
            reloadState.problem = nil
            controller.chrome.configProblem = nil
            say("\(path.fileName) reads again: applied", isError: false)
        }
        settingsStore?.reloaded(config, text: text)
        apply(config)
        // An open settings screen shows the file as it is now.
        controller.settings.settingsChanged()
    }

    /// Applies `new` to the running session: every setting that changed at once, the
    /// networks added started, those removed left (asked first when they have open queries),
    /// those whose address, TLS or login changed connected again; what only a new start can
    /// change is said once.
    func apply(_ new: NatterConfig) {
        let old = running
        let changes = ConfigChanges(from: old, to: new)
        running = new
        reloadState.addedByHand.subtract(new.networks.map(\.name))
        guard !changes.isEmpty else { return }
        applySettings(changes.settings, of: new, from: old)
        if !changes.needRestart.isEmpty {
            say("Changed in \(ConfigLoader.defaultPath().fileName), taking effect at the next start: "
                + changes.needRestart.joined(separator: ", "), isError: false)
        }
        let now = hub.now()
        for network in changes.added {
            if !networks.contains(where: { $0.name == network.name }) { networks.append(network) }
            reloadState.keptOutOfFile.remove(network.name)
            // One the model has (written by /server add, or taken out of the file and kept,
            // now back) runs already.
            if model.network(network.name) == nil { starter.add(network, ctcp: ctcp) }
        }
        for name in changes.removed { removeConfigured(name, now: now) }
        for network in changes.reconnect {
            replaceConfigured(network)
            starter.reconnect(network, ctcp: ctcp, quitMessage: model.settings.quitMessage, now: now)
            // What changed with the login but needs no link of its own (friends, on_connect,
            // remembering) applies too.
            if let previous = old.networks.first(where: { $0.name == network.name }) { applyInPlace(network, from: previous, now: now) }
        }
        for network in changes.inPlace {
            guard let previous = old.networks.first(where: { $0.name == network.name }) else { continue }
            replaceConfigured(network)
            applyInPlace(network, from: previous, now: now)
        }
        controller.sync()
        controller.chrome.refreshSidebar()
    }

    private func applySettings(_ settings: Set<ConfigChanges.Setting>, of new: NatterConfig, from old: NatterConfig) {
        for setting in ConfigChanges.Setting.allCases where settings.contains(setting) {
            switch setting {
            case .theme: applyTheme(new)
            case .keys:
                let keys = DesktopApp.keyBindings(new)
                controller.keyBindings = keys
                onKeyBindingsChanged?(keys)
            case .highlights, .ignores, .scrollback, .passwordTargets, .banMasks, .quitMessage:
                // The model's settings from the file, as at start; what the session set since
                // (the history page size, the smart filter below) stays.
                let fresh = new.modelSettings(at: Date())
                model.settings.highlights = fresh.highlights
                model.settings.ignores = fresh.ignores
                model.settings.scrollbackCap = fresh.scrollbackCap
                model.settings.trimBatch = fresh.trimBatch
                model.settings.passwordTargets = fresh.passwordTargets
                model.settings.banMask = fresh.banMask
                model.settings.networkBanMasks = fresh.networkBanMasks
                model.settings.quitMessage = fresh.quitMessage
            case .notifyLevels:
                model.notifyLevels = new.notifyLevels
                model.networkNotifyLevels = new.networkNotifyLevels
            case .notifications:
                urgentHint = new.urgentHint
                notificationSound = new.notificationSound
                if new.notifications, notifications == nil { notifications = DesktopNotifications() }
                if !new.notifications, let running = notifications {
                    running.stop()
                    notifications = nil
                }
            case .spelling:
                controller.input.defaultSpellLanguage = new.spellLanguage
                // Only the buffers whose entry changed: a `/spell` choice of this run stays.
                for key in Set(old.spellBuffers.keys).union(new.spellBuffers.keys) where old.spellBuffers[key] != new.spellBuffers[key] {
                    let parts = key.split(separator: "/", maxSplits: 1).map(String.init)
                    let id = BufferID(network: parts[0], name: parts.count > 1 ? parts[1] : "")
                    controller.input.bufferLanguages[id] = new.spellBuffers[key]
                }
            case .aliases: model.aliases = CommandAliases(new.aliases)
            case .completion: controller.input.completer = TabCompleter(suffix: new.completionSuffix)
            case .typing: controller.input.sendsTyping = new.sendTyping
            case .ctcp:
                ctcp.versionString = new.ctcpVersion
                ctcp.answered = new.ctcpAnswered
                let answers = ctcp
                for network in model.networks { model.reconfigure(network: network.name) { $0.ctcp = answers } }
            case .scale: onScaleChanged?(new.scale)
            case .history: controller.input.history.limit = new.inputHistoryLines
            // The store tells the scripts which of their settings changed.
            case .scripts: break
            case .previews: applyPreviews(new.previews, from: old.previews)
            case .smartFilter:
                model.settings.smartFilter = new.smartFilter
                model.settings.smartFilterDelay = Double(new.smartFilterMinutes) * 60
            }
        }
    }

    /// Both themes made again from `config`, the one on screen applied.
    private func applyTheme(_ config: NatterConfig) {
        themes = Self.themes(config)
        appearance = config.theme.appearance
        if appearance == .auto, portal == nil {
            let schemes = self.schemes
            portal = ColorSchemePortal { scheme in
                schemes.set(scheme)
                AppWindow.wakeUp()
            }
        }
        let theme = DesktopAppearance.isDark(appearance, portal: schemes.latest ?? nil, gtkPrefersDark: gtkPrefersDark)
            ? themes.dark : themes.light
        controller.apply(theme)
        ui.host.clearColor = theme.base.background
    }

    /// Says `text` in the server buffer of the network on screen (where the user is looking;
    /// the status line says it for all), or the first network's; not in one the file no
    /// longer has, which may be closed next.
    func say(_ text: String, isError: Bool) {
        let inFile = { (network: ChatNetwork) in self.running.networks.contains { $0.name == network.name } }
        let shown = controller.current.flatMap { model.network($0.network) }.flatMap { inFile($0) ? $0 : nil }
        guard let network = shown ?? model.networks.first(where: inFile) ?? model.networks.first else { return }
        model.note(text, in: network.serverBuffer.id, isError: isError, at: Date())
    }
}

extension String {
    /// What follows the last `/` of a path (`config.toml`).
    var fileName: String {
        String(self[(lastIndex(of: "/").map(index(after:)) ?? startIndex)...])
    }
}
