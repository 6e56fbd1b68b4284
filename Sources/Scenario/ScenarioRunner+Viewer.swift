import ChatModel
import FoundationEssentials
import FoundationExtras
import NatterUI
import SDLBackend
import Widgets

/// The image viewer in scenarios: `viewer FILE` opens it as a click on a thumbnail does, on a
/// file beside the scenario; `viewer` in the metrics says where the image is.
extension ScenarioRunner {
    /// Opens the viewer on `file` (its pixel size read from the file), its URL made up from
    /// the file's name.
    func openViewer(_ file: String) throws {
        let app = try ready()
        let path = folder.appendingPathComponent(file).path
        guard let size = ImageFileInfo.pixelSize(of: path) else { throw AppError("`viewer`: cannot read the image \(file)") }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let fitted = PreviewThumbnail.fitted(width: size.width, height: size.height)
        let thumbnail = PreviewThumbnail(path: path, width: fitted.width, height: fitted.height,
                                         imageURL: "https://images.example.org/gallery/2024/\(name)", originalPath: path,
                                         pixelWidth: size.width, pixelHeight: size.height)
        app.host.advance(to: FrameTime(seconds: time))
        app.controller.openImage(thumbnail)
        app.host.layoutIfNeeded()
    }

    func viewerMetrics(_ app: Stage) -> SnapshotMetrics.Viewer? {
        guard let viewer = app.controller.overlays.imageViewer, viewer.host != nil else { return nil }
        let now = app.host.now.seconds
        let rect = viewer.state.imageRect(at: now).offsetBy(viewer.viewportRect.origin)
        func rounded(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
        let dialog = app.controller.overlays.imageSaveDialog.flatMap { $0.host != nil ? $0 : nil }
        return .init(zoom: rounded(viewer.state.zoom(at: now)),
                     image: [rect.minX, rect.minY, rect.width, rect.height].map(rounded),
                     animating: viewer.state.isAnimating(at: now), fitted: viewer.state.isFitted,
                     menu: viewer.menu.map { $0.items.map(\.title) },
                     savePath: dialog?.field.text, saveMessage: dialog?.message)
    }
}
