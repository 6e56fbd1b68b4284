import ChatModel
import Configuration
import FoundationEssentials
import FoundationExtras
import Previews
import SDLBackend

/// The window's link previews: a `PreviewService` over the cache in
/// `$XDG_CACHE_HOME/natter/previews/`, thumbnails made by the SDL backend, failures in the
/// debug log, answers handed to the model in each drain of the network.
extension ChatSession {
    /// A service for `settings`, logging to `log`.
    static func previewService(_ settings: PreviewSettings, log: DebugLog) -> PreviewService {
        var limits = PreviewFetchLimits()
        limits.allowsPrivateAddresses = settings.allowsPrivateAddresses
        return PreviewService(cacheFolder: cacheFolder(ProcessInfo.processInfo.environment), limits: limits,
                              cacheCapacity: settings.cacheBytes, userAgent: PreviewService.userAgent(version: NatterVersion.string),
                              thumbnailer: ImageThumbnailer.write, log: { log.write("previews: \($0)") },
                              wakeUp: { AppWindow.wakeUp() })
    }

    /// `$XDG_CACHE_HOME/natter/previews`, or `~/.cache/natter/previews`.
    static func cacheFolder(_ environment: [String: String]) -> String {
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? "/tmp") + "/.cache"
        return cache + "/natter/previews"
    }

    /// `[previews]` changed: what the rows show follows at once; a change to what may be
    /// fetched, or to the cache's size, takes a new service (fetches under way finish unheard:
    /// their links are asked again when their rows are next laid out).
    func applyPreviews(_ new: PreviewSettings, from old: PreviewSettings) {
        model.previewSettings = new
        if new.allowsPrivateAddresses != old.allowsPrivateAddresses || new.cacheBytes != old.cacheBytes {
            // The old service's index on disk first, which the new one reads.
            previews.cache.flush()
            previews = Self.previewService(new, log: debugLog)
            model.previewFetcher = previews
            model.forgetPendingPreviews()
        }
        controller.buffers.previewsChanged()
    }
}
