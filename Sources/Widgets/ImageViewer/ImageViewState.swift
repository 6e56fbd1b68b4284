import Glibc
import ScrollPhysics

/// Where an image shown over the window is, as a value: its zoom and offset in a viewport, and
/// the motion running (a zoom easing to its goal, a fling or the spring back from a rubber band
/// in both axes) or the drag in progress. Every operation takes the time, so the whole of it
/// runs on a virtual clock in tests, as ``ListScrollState`` does.
///
/// Units: the image's ``imageSize`` is its size at zoom 1 in logical px (its pixels over the
/// output scale, so that zoom 1 is one image pixel per screen pixel); the ``viewport`` is the
/// area it is shown in; the offset is the viewport's top-left corner in the zoomed image (px),
/// as a scroll offset: the image's rectangle is at `-offset`. An image narrower than the
/// viewport is centred: its only offset is negative.
///
/// Rules the operations keep (tests check them):
/// 1. At rest the offset is inside its bounds (``offsetBounds(zoom:)``): only a drag (through
///    the rubber band) or a motion springing back shows the image past an edge.
/// 2. A zoom keeps the image's point under its focus (the pointer) where it is, unless that
///    would leave the image past an edge at the new zoom: the last step of the zoom moves it back.
/// 3. The zoom stays within ``minimumZoom`` (half of fit) … ``maximumZoom`` (8×).
/// 4. Nothing is ever NaN: an image or a viewport with no area is shown at zoom 1, centred.
public struct ImageViewState: Sendable, Hashable {
    /// The factor of one zoom step (a wheel notch with Ctrl, `+`/`-`).
    public static let zoomStep = 1.25
    /// The largest zoom.
    public static let maximumZoom = 8.0
    /// How long a zoom eases to its goal (s).
    public static let zoomDuration = 0.2

    /// The image at zoom 1 (logical px).
    public private(set) var imageSize: Size
    /// The area the image is shown in (logical px).
    public private(set) var viewport: Size
    /// Whether the zoom follows the viewport's size (fit, until the user zooms).
    public private(set) var isFitted = true
    /// The zoom and offset when no motion runs (during a drag: where the drag shows it).
    /// (Internal so that the drag's file can reach them: nothing else in the module sets them.)
    var restZoom: Double
    var restOffset: Point
    var motion: Motion?
    var drag: Drag?

    /// The image of `imageSize` fitted in `viewport`.
    public init(imageSize: Size, viewport: Size) {
        self.imageSize = Self.sane(imageSize)
        self.viewport = Self.sane(viewport)
        restZoom = 1
        restOffset = .zero
        restZoom = fitZoom
        restOffset = clamped(.zero, zoom: restZoom)
    }

    // MARK: - Reading

    /// The zoom at which the whole image fits in the viewport, never above 1 (a small image is
    /// not enlarged); 1 for an image or a viewport with no area.
    public var fitZoom: Double {
        guard imageSize.width > 0, imageSize.height > 0, viewport.width > 0, viewport.height > 0 else { return 1 }
        return min(1, viewport.width / imageSize.width, viewport.height / imageSize.height)
    }

    /// The smallest zoom: half of ``fitZoom``.
    public var minimumZoom: Double { fitZoom / 2 }

    /// The zoom at `now`.
    public func zoom(at now: Double) -> Double {
        guard let motion else { return restZoom }
        return motion.zoom(at: now, restZoom: restZoom)
    }

    /// The offset (the viewport's corner in the zoomed image, px) at `now`.
    public func offset(at now: Double) -> Point {
        guard let motion else { return restOffset }
        return motion.offset(at: now, restOffset: restOffset)
    }

    /// The image's rectangle in the viewport at `now`.
    public func imageRect(at now: Double) -> Rect {
        let zoom = zoom(at: now), offset = offset(at: now)
        return Rect(x: -offset.x, y: -offset.y, width: imageSize.width * zoom, height: imageSize.height * zoom)
    }

    /// The zoom a running zoom is going to, else the zoom now.
    public func goalZoom(at now: Double) -> Double {
        if case .zoom(let zoom) = motion { return zoom.toZoom }
        return zoom(at: now)
    }

    /// Whether time moves the image at `now` (the window sleeps otherwise).
    public func isAnimating(at now: Double) -> Bool {
        guard let motion else { return false }
        return !motion.isDone(at: now)
    }

    /// Whether a drag is in progress.
    public var isDragging: Bool { drag != nil }

    /// The offsets an image at `zoom` may rest at, per axis: from 0 to the overflow when it is
    /// larger than the viewport, the single centring offset otherwise.
    public func offsetBounds(zoom: Double) -> (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        (Self.axisBounds(content: imageSize.width * zoom, viewport: viewport.width),
         Self.axisBounds(content: imageSize.height * zoom, viewport: viewport.height))
    }

    /// The point of the image (px at zoom 1) under the viewport point `point` at `now`.
    public func imagePoint(under point: Point, at now: Double) -> Point {
        let zoom = zoom(at: now), offset = offset(at: now)
        return Point(x: (point.x + offset.x) / zoom, y: (point.y + offset.y) / zoom)
    }

    // MARK: - Operations

    /// Ends a motion that is over (its end becomes the rest), so that a finished state
    /// compares equal however it got there.
    public mutating func advance(to now: Double) {
        guard let motion, motion.isDone(at: now) else { return }
        restZoom = motion.zoom(at: now, restZoom: restZoom)
        restOffset = motion.offset(at: now, restOffset: restOffset)
        self.motion = nil
    }

    /// The viewport changed size: a fitted image fits again, another keeps its zoom (within the
    /// bounds) and the point at the viewport's centre. Stops any motion and drag.
    public mutating func setViewport(_ size: Size, now: Double) {
        let size = Self.sane(size)
        guard size != viewport else { return }
        let centre = imagePoint(under: Point(x: viewport.width / 2, y: viewport.height / 2), at: now)
        let zoom = zoom(at: now)
        viewport = size
        motion = nil
        drag = nil
        restZoom = isFitted ? fitZoom : min(max(zoom, minimumZoom), Self.maximumZoom)
        restOffset = clamped(Point(x: centre.x * restZoom - size.width / 2, y: centre.y * restZoom - size.height / 2),
                             zoom: restZoom)
    }

    /// Eases to the whole image fitted in the viewport, centred (`0`, `F`).
    public mutating func fit(now: Double) {
        zoom(to: fitZoom, around: Point(x: viewport.width / 2, y: viewport.height / 2), now: now)
        isFitted = true
    }

    /// Eases to one image pixel per screen pixel around `focus` (`1`).
    public mutating func actualSize(around focus: Point, now: Double) {
        zoom(to: 1, around: focus, now: now)
    }

    /// Eases the zoom by `factor` from the goal of a zoom already running (notches add up),
    /// keeping the image's point under `focus` (viewport coordinates) there.
    public mutating func zoom(by factor: Double, around focus: Point, now: Double) {
        guard factor.isFinite, factor > 0 else { return }
        zoom(to: goalZoom(at: now) * factor, around: focus, now: now)
    }

    /// Zooms by `factor` at once around `focus` (a pinch: the fingers set the pace).
    public mutating func magnify(by factor: Double, around focus: Point, now: Double) {
        guard factor.isFinite, factor > 0 else { return }
        zoom(to: zoom(at: now) * factor, around: focus, now: now, animated: false)
    }

    /// Zooms to `goal` (clamped to the zoom's bounds) around `focus`, eased over
    /// ``zoomDuration`` or at once.
    public mutating func zoom(to goal: Double, around focus: Point, now: Double, animated: Bool = true) {
        guard goal.isFinite, focus.x.isFinite, focus.y.isFinite else { return }
        let goal = min(max(goal, minimumZoom), Self.maximumZoom)
        let fromZoom = zoom(at: now), fromOffset = offset(at: now)
        let point = imagePoint(under: focus, at: now)
        let kept = Point(x: point.x * goal - focus.x, y: point.y * goal - focus.y)
        let target = clamped(kept, zoom: goal)
        drag = nil
        isFitted = goal == fitZoom
        restZoom = fromZoom
        restOffset = fromOffset
        motion = nil
        guard animated, goal != fromZoom else {
            restZoom = goal
            restOffset = target
            return
        }
        motion = .zoom(ZoomMotion(start: now, fromZoom: fromZoom, toZoom: goal, imagePoint: point, focus: focus,
                                  correction: Point(x: target.x - kept.x, y: target.y - kept.y)))
    }

    /// Moves the image by `delta` px (the wheel, the arrow keys) at once, within its bounds.
    public mutating func pan(by delta: Point, now: Double) {
        guard delta.x.isFinite, delta.y.isFinite else { return }
        stop(now: now)
        restOffset = clamped(Point(x: restOffset.x + delta.x, y: restOffset.y + delta.y), zoom: restZoom)
    }

    /// Stops where the image is now (a motion freezes, a drag is dropped).
    public mutating func stop(now: Double) {
        restZoom = zoom(at: now)
        restOffset = offset(at: now)
        motion = nil
        drag = nil
    }
}

extension ImageViewState {
    /// A running motion: a zoom easing to its goal, or both axes released (fling or spring).
    enum Motion: Sendable, Hashable {
        case zoom(ZoomMotion)
        case kinetic(start: Double, x: ScrollMotion, y: ScrollMotion)

        func zoom(at now: Double, restZoom: Double) -> Double {
            if case .zoom(let zoom) = self { return zoom.zoom(at: now) }
            return restZoom
        }

        func offset(at now: Double, restOffset: Point) -> Point {
            switch self {
            case .zoom(let zoom): return zoom.offset(at: now)
            case .kinetic(let start, let x, let y):
                return Point(x: x.position(at: now - start), y: y.position(at: now - start))
            }
        }

        func isDone(at now: Double) -> Bool {
            switch self {
            case .zoom(let zoom): return now >= zoom.start + ImageViewState.zoomDuration
            case .kinetic(let start, let x, let y): return x.isDone(at: now - start) && y.isDone(at: now - start)
            }
        }
    }

    /// A zoom easing out from `fromZoom` to `toZoom` (geometrically: each frame zooms by the
    /// same ratio), with `imagePoint` kept under `focus` and the offset moved by `correction`
    /// over the way (what keeps the image inside its bounds at the goal).
    struct ZoomMotion: Sendable, Hashable {
        var start: Double
        var fromZoom: Double
        var toZoom: Double
        var imagePoint: Point
        var focus: Point
        var correction: Point

        /// The eased progress (0…1) at `now`: a cubic ease-out.
        func progress(at now: Double) -> Double {
            let p = min(max((now - start) / ImageViewState.zoomDuration, 0), 1)
            return 1 - pow(1 - p, 3)
        }

        func zoom(at now: Double) -> Double {
            let e = progress(at: now)
            return e >= 1 ? toZoom : fromZoom * pow(toZoom / fromZoom, e)
        }

        func offset(at now: Double) -> Point {
            let zoom = zoom(at: now), e = progress(at: now)
            return Point(x: imagePoint.x * zoom - focus.x + correction.x * e,
                         y: imagePoint.y * zoom - focus.y + correction.y * e)
        }
    }

    /// A drag: where it began, the raw (not rubber-banded) offset then, and the pointer's
    /// samples for the release velocity.
    struct Drag: Sendable, Hashable {
        var startPoint: Point
        var startRaw: Point
        var trackerX = VelocityTracker()
        var trackerY = VelocityTracker()
    }

    /// A size with no NaN, infinity or negative side.
    static func sane(_ size: Size) -> Size {
        Size(width: size.width.isFinite ? max(size.width, 0) : 0, height: size.height.isFinite ? max(size.height, 0) : 0)
    }

    static func axisBounds(content: Double, viewport: Double) -> ClosedRange<Double> {
        if content <= viewport { let centred = -(viewport - content) / 2; return centred...centred }
        return 0...(content - viewport)
    }

    func clamped(_ offset: Point, zoom: Double) -> Point {
        let bounds = offsetBounds(zoom: zoom)
        return Point(x: min(max(offset.x, bounds.x.lowerBound), bounds.x.upperBound),
                     y: min(max(offset.y, bounds.y.lowerBound), bounds.y.upperBound))
    }
}
