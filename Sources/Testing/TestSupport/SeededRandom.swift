import ScrollSimulation

/// The tests' generator of reproducible inputs: the simulation's SplitMix64, so a failing seed
/// replays the same case everywhere.
public typealias SeededRandom = SimulationRandom
