import ScrollPhysics

/// Dragging the image: it follows the pointer, past an edge through the rubber band (each axis
/// on its own, the viewport's side as the band's dimension), and on release flings with the
/// pointer's velocity and springs back from past an edge, as the message list does.
extension ImageViewState {
    /// A drag begins at viewport point `point`: a running motion stops where it is (a fling is
    /// caught, a zoom stays at the zoom reached).
    public mutating func beginDrag(at point: Point, now: Double) {
        stop(now: now)
        let bounds = offsetBounds(zoom: zoom(at: now))
        let offset = offset(at: now)
        var drag = Drag(startPoint: point,
                        startRaw: Point(x: band(viewport.width).rawPosition(forDisplayedPosition: offset.x, minY: bounds.x.lowerBound,
                                                                             maxY: bounds.x.upperBound),
                                        y: band(viewport.height).rawPosition(forDisplayedPosition: offset.y, minY: bounds.y.lowerBound,
                                                                              maxY: bounds.y.upperBound)))
        drag.trackerX.addSample(position: point.x, at: now)
        drag.trackerY.addSample(position: point.y, at: now)
        self.drag = drag
    }

    /// The pointer of the drag moved to `point`.
    public mutating func dragMoved(to point: Point, now: Double) {
        guard var drag, point.x.isFinite, point.y.isFinite else { return }
        drag.trackerX.addSample(position: point.x, at: now)
        drag.trackerY.addSample(position: point.y, at: now)
        self.drag = drag
        let bounds = offsetBounds(zoom: restZoom)
        let raw = Point(x: drag.startRaw.x - (point.x - drag.startPoint.x), y: drag.startRaw.y - (point.y - drag.startPoint.y))
        restOffset = Point(
            x: band(viewport.width).displayedPosition(forRawPosition: raw.x, minY: bounds.x.lowerBound, maxY: bounds.x.upperBound),
            y: band(viewport.height).displayedPosition(forRawPosition: raw.y, minY: bounds.y.lowerBound, maxY: bounds.y.upperBound))
    }

    /// The drag ends at `now`: the image flings on with the pointer's velocity (the offset moves
    /// against the pointer) and springs back from past an edge; a slow release rests.
    public mutating func endDrag(now: Double) {
        guard let drag else { return }
        self.drag = nil
        let bounds = offsetBounds(zoom: restZoom)
        let x = ScrollMotion.fling(from: restOffset.x, velocity: -drag.trackerX.velocity(releasedAt: now),
                                   minY: bounds.x.lowerBound, maxY: bounds.x.upperBound)
        let y = ScrollMotion.fling(from: restOffset.y, velocity: -drag.trackerY.velocity(releasedAt: now),
                                   minY: bounds.y.lowerBound, maxY: bounds.y.upperBound)
        if x.isDone(at: 0), y.isDone(at: 0) {
            restOffset = Point(x: x.restPosition, y: y.restPosition)
        } else {
            motion = .kinetic(start: now, x: x, y: y)
        }
    }

    /// The velocity of the offset at `now` (px/s), while a fling or a spring runs.
    public func velocity(at now: Double) -> Point {
        guard case .kinetic(let start, let x, let y) = motion else { return .zero }
        return Point(x: x.velocity(at: now - start), y: y.velocity(at: now - start))
    }

    /// The rubber band of an axis `side` px long (never of no length: the band needs one).
    private func band(_ side: Double) -> RubberBand { RubberBand(dimension: max(side, 1)) }
}
