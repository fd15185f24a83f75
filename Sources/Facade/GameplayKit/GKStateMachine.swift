import Foundation

// GameplayKit's state machine, which view models use to sequence loading (Mastodon's do): the
// machine and its states work as on Apple platforms; the rest of GameplayKit is not here.

/// A state of a `GKStateMachine`: subclasses say which states may follow and act on entering.
open class GKState: NSObject {
    /// The machine the state belongs to.
    open internal(set) weak var stateMachine: GKStateMachine?

    public override init() { super.init() }

    /// Whether the machine may move from this state to one of `stateClass` (any, by default).
    open func isValidNextState(_ stateClass: AnyClass) -> Bool { true }
    open func didEnter(from previousState: GKState?) {}
    open func willExit(to nextState: GKState) {}
    open func update(deltaTime seconds: TimeInterval) {}
}

/// A finite-state machine (`GKStateMachine`): one instance of each state class; `enter(_:)` moves
/// to a state when the current one allows it, telling the old state it exits and the new one it
/// entered.
open class GKStateMachine: NSObject {
    private let states: [GKState]
    open private(set) var currentState: GKState?

    public init(states: [GKState]) {
        self.states = states
        super.init()
        for state in states { state.stateMachine = self }
    }

    /// The machine's state of `stateClass`, if it has one.
    open func state<StateType: GKState>(forClass stateClass: StateType.Type) -> StateType? {
        states.first { type(of: $0) == stateClass } as? StateType
    }

    /// Whether the machine may enter a state of `stateClass` now.
    open func canEnterState(_ stateClass: AnyClass) -> Bool {
        guard states.contains(where: { type(of: $0) == stateClass }) else { return false }
        return currentState?.isValidNextState(stateClass) ?? true
    }

    /// Enters the state of `stateClass` if the current one allows it; returns whether it did.
    @discardableResult
    open func enter(_ stateClass: AnyClass) -> Bool {
        guard canEnterState(stateClass), let next = states.first(where: { type(of: $0) == stateClass }) else { return false }
        let previous = currentState
        previous?.willExit(to: next)
        currentState = next
        next.didEnter(from: previous)
        return true
    }

    open func update(deltaTime seconds: TimeInterval) { currentState?.update(deltaTime: seconds) }
}
