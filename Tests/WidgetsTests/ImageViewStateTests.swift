import Testing
@testable import Widgets

// The image viewer's state on its own, on a virtual clock, over plain sizes.

private let image = Size(width: 1600, height: 1000)
private let viewport = Size(width: 800, height: 600)

/// Runs the state's frames at 60 Hz from `from` to `to`, checking nothing is ever NaN.
private func run(_ state: inout ImageViewState, from: Double, to: Double, each: (Double, ImageViewState) -> Void = { _, _ in }) {
    var t = from
    while t <= to + 1e-9 {
        state.advance(to: t)
        let rect = state.imageRect(at: t)
        #expect(rect.minX.isFinite && rect.minY.isFinite && rect.width.isFinite && rect.height.isFinite)
        each(t, state)
        t += 1.0 / 60
    }
}

@Test func aLargeImageFitsWithinTheViewportCentred() {
    let state = ImageViewState(imageSize: image, viewport: viewport)
    #expect(state.fitZoom == 0.5)
    #expect(state.zoom(at: 0) == 0.5)
    // 800×500 in 800×600: 50 px above and below.
    #expect(state.imageRect(at: 0) == Rect(x: 0, y: 50, width: 800, height: 500))
    #expect(!state.isAnimating(at: 0))
}

@Test func aSmallImageIsNotEnlargedToFit() {
    let state = ImageViewState(imageSize: Size(width: 200, height: 100), viewport: viewport)
    #expect(state.fitZoom == 1)
    #expect(state.imageRect(at: 0) == Rect(x: 300, y: 250, width: 200, height: 100))
}

@Test func zoomingKeepsThePointUnderThePointerThere() {
    var state = ImageViewState(imageSize: image, viewport: viewport)
    let pointer = Point(x: 300, y: 200)
    let under = state.imagePoint(under: pointer, at: 0)
    state.zoom(by: 2, around: pointer, now: 1)
    #expect(state.isAnimating(at: 1.05))
    // On the way and at the goal the same image point stays under the pointer.
    run(&state, from: 1, to: 1.5) { t, s in
        let now = s.imagePoint(under: pointer, at: t)
        #expect(abs(now.x - under.x) < 1e-6 && abs(now.y - under.y) < 1e-6)
    }
    #expect(state.zoom(at: 1.5) == 1)
    #expect(!state.isAnimating(at: 1.5))
}

@Test func notchesAddUpFromTheGoalOfTheZoomRunning() {
    var state = ImageViewState(imageSize: image, viewport: viewport)
    state.zoom(by: ImageViewState.zoomStep, around: Point(x: 400, y: 300), now: 0)
    state.zoom(by: ImageViewState.zoomStep, around: Point(x: 400, y: 300), now: 0.02)
    #expect(abs(state.goalZoom(at: 0.02) - 0.5 * 1.25 * 1.25) < 1e-9)
    run(&state, from: 0.02, to: 0.5)
    #expect(abs(state.zoom(at: 0.5) - 0.78125) < 1e-9)
}

@Test func zoomingOutNearAnEdgeEndsInsideTheBounds() {
    var state = ImageViewState(imageSize: image, viewport: viewport)
    state.zoom(to: 2, around: Point(x: 0, y: 0), now: 0, animated: false)
    #expect(state.offset(at: 0) == .zero)
    // Zooming out around the far corner would leave the image past the top-left edge.
    state.zoom(to: 0.7, around: Point(x: 800, y: 600), now: 1)
    run(&state, from: 1, to: 1.5)
    let bounds = state.offsetBounds(zoom: 0.7)
    let offset = state.offset(at: 1.5)
    #expect(bounds.x.contains(offset.x) && bounds.y.contains(offset.y))
}

@Test func fitAndActualSizeAndTheZoomBounds() {
    var state = ImageViewState(imageSize: image, viewport: viewport)
    state.actualSize(around: Point(x: 400, y: 300), now: 0)
    run(&state, from: 0, to: 0.3)
    #expect(state.zoom(at: 0.3) == 1)
    #expect(!state.isFitted)
    // The image's centre stays at the viewport's centre: 1600×1000 at 1:1 shows its middle.
    #expect(state.offset(at: 0.3) == Point(x: 400, y: 200))
    state.zoom(by: 1000, around: .zero, now: 1)
    run(&state, from: 1, to: 1.3)
    #expect(state.zoom(at: 1.3) == ImageViewState.maximumZoom)
    state.zoom(by: 0.0001, around: .zero, now: 2)
    run(&state, from: 2, to: 2.3)
    #expect(state.zoom(at: 2.3) == 0.25)
    state.fit(now: 3)
    run(&state, from: 3, to: 3.3)
    #expect(state.isFitted)
    #expect(state.imageRect(at: 3.3) == Rect(x: 0, y: 50, width: 800, height: 500))
}

@Test func aFittedImageFitsAgainWhenTheViewportChanges() {
    var state = ImageViewState(imageSize: image, viewport: viewport)
    state.setViewport(Size(width: 400, height: 600), now: 0)
    #expect(state.zoom(at: 0) == 0.25)
    state.zoom(to: 1, around: .zero, now: 0, animated: false)
    state.setViewport(Size(width: 800, height: 600), now: 1)
    #expect(state.zoom(at: 1) == 1)
}

@Test func aDragPastTheEdgeStretchesThroughTheRubberBandAndSpringsBack() {
    var state = ImageViewState(imageSize: image, viewport: viewport)
    state.zoom(to: 1, around: .zero, now: 0, animated: false)
    #expect(state.offset(at: 0) == .zero)
    // Drag right by 200 px: the image's left edge is pulled in past the viewport's.
    state.beginDrag(at: Point(x: 100, y: 300), now: 1)
    var t = 1.0
    for step in 1...10 {
        t += 1.0 / 60
        state.dragMoved(to: Point(x: 100 + Double(step) * 20, y: 300), now: t)
    }
    let pulled = state.offset(at: t).x
    #expect(pulled < 0 && pulled > -200)   // less than the pointer moved: the band
    let band = RubberBandFormula.overscroll(raw: 200, dimension: 800)
    #expect(abs(pulled + band) < 1e-6)
    state.endDrag(now: t + 0.1)   // held still before letting go: no fling, a spring back
    #expect(state.isAnimating(at: t + 0.15))
    var last = pulled
    run(&state, from: t + 0.1, to: t + 2) { now, s in
        let x = s.offset(at: now).x
        #expect(x <= 0 && x >= last - 1e-9)   // only ever back towards the edge
        last = x
    }
    #expect(state.offset(at: t + 2).x == 0)
    #expect(!state.isAnimating(at: t + 2))
}

@Test func aFlingDeceleratesAndStops() {
    var state = ImageViewState(imageSize: image, viewport: viewport)
    state.zoom(to: 4, around: .zero, now: 0, animated: false)
    state.pan(by: Point(x: 3000, y: 2000), now: 0)
    let start = state.offset(at: 0)
    state.beginDrag(at: Point(x: 400, y: 300), now: 1)
    var t = 1.0
    for step in 1...6 {
        t += 1.0 / 60
        state.dragMoved(to: Point(x: 400 - Double(step) * 15, y: 300), now: t)
    }
    state.endDrag(now: t)
    #expect(state.velocity(at: t).x > 0)
    run(&state, from: t, to: t + 5)
    #expect(!state.isAnimating(at: t + 5))
    #expect(state.velocity(at: t + 5) == .zero)
    let end = state.offset(at: t + 5)
    #expect(end.x > start.x + 90)   // carried on past where the pointer let go
    #expect(end.y == start.y)
}

@Test func nothingIsNaNWithoutAnArea() {
    for (imageSize, view) in [(Size.zero, viewport), (image, Size.zero), (Size.zero, Size.zero),
                              (Size(width: 1, height: 0), Size(width: 0, height: 5))] {
        var state = ImageViewState(imageSize: imageSize, viewport: view)
        #expect(state.zoom(at: 0) == 1)
        state.zoom(by: 2, around: Point(x: 10, y: 10), now: 0)
        state.beginDrag(at: .zero, now: 1)
        state.dragMoved(to: Point(x: 50, y: 50), now: 1.01)
        state.endDrag(now: 1.02)
        state.magnify(by: 0.5, around: .zero, now: 2)
        state.fit(now: 3)
        state.setViewport(Size(width: .nan, height: 10), now: 4)
        run(&state, from: 0, to: 5)
    }
}

@Test func aPinchZoomsAtOnceAroundItsCentre() {
    var state = ImageViewState(imageSize: image, viewport: viewport)
    let centre = Point(x: 200, y: 400)
    let under = state.imagePoint(under: centre, at: 0)
    state.magnify(by: 1.5, around: centre, now: 0)
    #expect(!state.isAnimating(at: 0))
    #expect(state.zoom(at: 0) == 0.75)
    let now = state.imagePoint(under: centre, at: 0)
    #expect(abs(now.x - under.x) < 1e-9 && abs(now.y - under.y) < 1e-9)
}

/// The rubber band's formula written out again, so the test does not read the answer from the
/// code it checks.
private enum RubberBandFormula {
    static func overscroll(raw: Double, dimension d: Double) -> Double { (1 - 1 / (raw * 0.55 / d + 1)) * d }
}
