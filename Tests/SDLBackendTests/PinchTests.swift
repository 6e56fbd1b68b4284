import SDLBackend
import Testing

/// SDL 2 gives a pinch as the change of the fingers' distance only: spread is a zoom in,
/// pinched a zoom out, none none, and a wild jump is held to a factor of 2.
@Test func aPinchsFactorFollowsTheFingersDistance() {
    #expect(SDLEventTranslator.pinchFactor(distanceChange: 0) == 1)
    #expect(SDLEventTranslator.pinchFactor(distanceChange: 0.025) == 1.1)
    #expect(SDLEventTranslator.pinchFactor(distanceChange: -0.025) == 0.9)
    #expect(SDLEventTranslator.pinchFactor(distanceChange: 5) == 2)
    #expect(SDLEventTranslator.pinchFactor(distanceChange: -5) == 0.5)
    #expect(SDLEventTranslator.pinchFactor(distanceChange: .nan) == 1)
}
