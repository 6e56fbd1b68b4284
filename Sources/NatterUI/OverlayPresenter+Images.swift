import ChatModel
import Widgets

/// The image viewer: a thumbnail clicked opens its image over the window; its menu copies the
/// link (the clipboard, as the rows' menu does), opens it in the browser (as a clicked link)
/// or saves the image's bytes where the user says (``ImageSaveDialog``, through the app's
/// ``imageFiles``).
extension OverlayPresenter {
    /// Opens `thumbnail`'s image over the window (the one open before closes), taking the
    /// keyboard; closing it gives the keyboard back to what had it. The chat below keeps its
    /// place and gets no input meanwhile.
    public func openImage(_ thumbnail: PreviewThumbnail) {
        guard let host = screen.host else { return }
        closeImage()
        let viewer = ImageViewer(thumbnail: thumbnail, theme: chat.styler.theme, scale: host.scale)
        viewer.onCopyLink = { [weak self] url in self?.screen.host?.clipboard.setText(url) }
        viewer.onOpenLink = { [weak self] url in self?.chat.onOpenLink?(url) }
        if imageFiles != nil {
            viewer.onSaveAs = { [weak self, weak viewer] in
                guard let self, let viewer else { return }
                self.openSaveDialog(for: viewer.thumbnail)
            }
        }
        viewer.onClose = { [weak self, weak viewer] in
            guard let self, self.imageViewer === viewer else { return }
            self.imageViewer = nil
            self.imageSaveDialog?.dismiss()
        }
        imageViewer = viewer
        viewer.show(in: host)
    }

    /// Closes the image viewer, if one is open.
    public func closeImage() {
        imageSaveDialog?.dismiss()
        imageViewer?.close()
        imageViewer = nil
    }

    /// "Save image as…": the dialog offering the downloads folder and the URL's file name (the
    /// first free `name (N).ext`); Enter copies the file the viewer shows.
    func openSaveDialog(for thumbnail: PreviewThumbnail) {
        guard let host = screen.host, let files = imageFiles else { return }
        let path = ImageSaveNaming.freePath(folder: files.downloadsFolder, name: ImageSaveNaming.fileName(for: thumbnail.imageURL),
                                            exists: { files.fileExists($0) })
        let dialog = ImageSaveDialog(theme: chat.styler.theme, path: path)
        let source = thumbnail.originalPath ?? thumbnail.path
        dialog.onSave = { [weak files] destination, replacing in
            guard let files else { return .failed("Images cannot be saved now.") }
            if !replacing, files.fileExists(destination) { return .exists }
            return files.copyImage(source, to: destination, replacing: replacing).map { .failed($0) } ?? .saved
        }
        imageSaveDialog = dialog
        dialog.show(in: host)
    }
}
