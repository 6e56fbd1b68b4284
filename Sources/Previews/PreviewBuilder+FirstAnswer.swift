import ChatModel

extension PreviewBuilder {
    /// The first answer for a page whose head declares its image's size (`og:image:width` and
    /// `height`): its card with an empty frame of the image's final size, sent before the image
    /// is fetched, so that the row takes its final height once and the image landing later
    /// moves nothing. Nil when the page declares no size, has nothing for a card, or the request
    /// shows no images.
    public static func firstAnswer(for metadata: PageMetadata, request: PreviewRequest, pageURL: String) -> PreviewOutcome? {
        guard request.wantsImages, let width = metadata.imageWidth, let height = metadata.imageHeight, width > 0, height > 0,
              let imageURL = metadata.imageURL else { return nil }
        let outcome = card(metadata, request: request, pageURL: pageURL,
                           thumbnail: .coming(width: width, height: height, imageURL: imageURL))
        return outcome.preview == nil ? nil : outcome
    }
}
