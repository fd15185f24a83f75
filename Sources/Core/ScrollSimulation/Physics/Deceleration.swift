import CMath

/// UIScrollView's deceleration (UIKit model 4.1): the velocity is multiplied by the rate once per
/// millisecond. Velocities are in points per millisecond, times in milliseconds.
public struct Deceleration: Sendable, Hashable {
    /// `.normal` = 0.998, `.fast` = 0.99 (P1.1 [O]).
    public var rate: Double

    public static let normal = Deceleration(rate: 0.998)
    public static let fast = Deceleration(rate: 0.99)

    public init(rate: Double) { self.rate = rate }

    /// ln of the rate (negative).
    public var logRate: Double { log(rate) }

    /// Where a motion starting at `x0` with velocity `v0` comes to rest: x∞ = x0 − v0 / ln d (P1.2).
    public func restingPoint(from x0: Double, velocity v0: Double) -> Double { x0 - v0 / logRate }

    /// The distance a flick travels: −v0 / ln d (499.5 × v0 at 0.998, P1.4).
    public func projection(velocity v0: Double) -> Double { -v0 / logRate }

    /// The WWDC18 discrete projection v0 · d / (1 − d) (P1.3): 499 × v0 at 0.998.
    public func discreteProjection(velocity v0: Double) -> Double { v0 * rate / (1 - rate) }

    /// The time until the remaining distance is below `epsilon`: t = ln(ε · (−ln d) / |v0|) / ln d
    /// (P1.2); 0 when already below.
    public func duration(velocity v0: Double, epsilon: Double = 0.5) -> Double {
        let ratio = epsilon * -logRate / abs(v0)
        guard ratio < 1 else { return 0 }
        return log(ratio) / logRate
    }

    /// Advances a motion by `dt` ms with the closed form (P1.6): x += v·(d^dt − 1)/ln d, v ← v·d^dt.
    public func step(position x: Double, velocity v: Double, dt: Double) -> (position: Double, velocity: Double) {
        let decay = pow(rate, dt)
        return (x + v * (decay - 1) / logRate, v * decay)
    }
}
