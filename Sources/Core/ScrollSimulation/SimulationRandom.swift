/// A seedable generator (SplitMix64): the same seed gives the same sequence on every run and
/// machine. A simulation's feed failures use it (and the tests' generated inputs, through
/// TestSupport), so both are reproducible from a seed.
public struct SimulationRandom: RandomNumberGenerator, Sendable, Hashable {
    /// The generator state; reading it lets a simulation be checkpointed.
    public var state: UInt64

    @inlinable
    public init(seed: UInt64) { state = seed }

    @inlinable
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in [0, 1).
    @inlinable
    public mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }
}
