import ChatModel

extension ChatController {
    /// A click on a preview's image: opens the image's link (until the viewer exists).
    func openImage(_ thumbnail: PreviewThumbnail) {
        onOpenLink?(thumbnail.imageURL)
    }
}
