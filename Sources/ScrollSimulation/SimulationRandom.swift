import CollectionTypes

/// The simulation's generator: SplitMix64 from CollectionTypes, seeded per simulation.
public typealias SimulationRandom = SeededRandom
