import ChatModel
import FoundationEssentials
import FoundationExtras
import Previews
import SDLBackend

/// A scenario's previews: the model's fetcher, which fetches nothing (it records what the
/// model asked), and the answers `preview` lines give, landing on the virtual clock. The
/// answers are built from files by the same code as a download's (``PreviewBuilder``) and
/// thumbnailed by the same SDL code as the app's.
@MainActor
final class ScenarioPreviews: PreviewFetching {
    /// Where thumbnails and kept images go (removed when the scenario ends).
    let folder: String
    /// What the model asked for, in order.
    private(set) var requests: [PreviewRequest] = []
    /// Answers still to land, with their time.
    private var due: [(time: Double, outcome: PreviewOutcome)] = []

    init(folder: String) {
        self.folder = folder
    }

    nonisolated func fetchPreview(_ request: PreviewRequest) {
        MainActor.assumeIsolated { requests.append(request) }
    }

    /// Schedules `outcome` at `time`.
    func schedule(_ outcome: PreviewOutcome, at time: Double) {
        due.append((time, outcome))
    }

    /// Hands the model every answer due by `time`, in the order they were scheduled.
    func land(until time: Double, in model: ChatModel) {
        guard due.contains(where: { $0.time <= time + 1e-9 }) else { return }
        for entry in due where entry.time <= time + 1e-9 { model.previewArrived(entry.outcome) }
        due.removeAll { $0.time <= time + 1e-9 }
    }
}

extension ScenarioRunner {
    /// `preview URL FILE [DELAY] [IMAGE]`: the preview built now; a page that declares its
    /// image's size answers at once with the card and an empty frame of that size, as the app's
    /// fetcher does once it has read the page's head; the whole preview lands after `delay`.
    func preview(url: String, file: String, delay: Double, image: String?) throws {
        let app = try ready()
        guard let previews else { throw AppError("no previews") }
        let path = folder.appendingPathComponent(file).path
        let outcome = PreviewBuilder.preview(url: url, file: path, imageFile: image.map { folder.appendingPathComponent($0).path },
                                             folder: previews.folder, thumbnailer: ImageThumbnailer.write)
        if delay > 0, image != nil, let body = FileManager.default.contents(atPath: path),
           case .page(let metadata) = PreviewBuilder.examine(Array(body), contentType: nil, pageURL: url),
           let first = PreviewBuilder.firstAnswer(for: metadata, request: PreviewRequest(url: url, wantsImages: true), pageURL: url) {
            app.model.previewArrived(first)
        }
        previews.schedule(outcome, at: time + delay)
        if delay == 0 { previews.land(until: time, in: app.model) }
    }
}
