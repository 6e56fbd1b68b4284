import ChatModel

extension ChatController {
    /// Opens a preview's image over the window, as a click on its thumbnail does
    /// (``OverlayPresenter/openImage(_:)``).
    public func openImage(_ thumbnail: PreviewThumbnail) {
        overlays.openImage(thumbnail)
    }
}
