// A `Task` the app starts during a simulator call runs on the simulator's clock (the concurrency
// runtime's hooks take its jobs). One started between calls — by a controller made before
// `show`, or by code a test calls directly — goes to the real executors, and the screen's counts
// would silently miss what it does: these initialisers, with the standard library's exact
// signatures (a module's declarations shadow the standard library's in the files that import it),
// tell the simulator living on the thread, which warns at its next call (`AppClock.noteUndriven`).

extension Task where Failure == Never {
    @discardableResult
    public init(
        priority: TaskPriority? = nil,
        @_inheritActorContext @_implicitSelfCapture operation: sending @escaping @isolated(any) () async -> Success
    ) {
        AppClock.noteUndriven("a Task")
        self.init(name: nil, priority: priority, operation: operation)
    }

    @discardableResult
    public static func detached(
        priority: TaskPriority? = nil, operation: sending @escaping @isolated(any) () async -> Success
    ) -> Task<Success, Failure> {
        AppClock.noteUndriven("a detached Task")
        return detached(name: nil, priority: priority, operation: operation)
    }
}

extension Task where Failure == Error {
    @discardableResult
    public init(
        priority: TaskPriority? = nil,
        @_inheritActorContext @_implicitSelfCapture operation: sending @escaping @isolated(any) () async throws -> Success
    ) {
        AppClock.noteUndriven("a Task")
        self.init(name: nil, priority: priority, operation: operation)
    }

    @discardableResult
    public static func detached(
        priority: TaskPriority? = nil, operation: sending @escaping @isolated(any) () async throws -> Success
    ) -> Task<Success, Failure> {
        AppClock.noteUndriven("a detached Task")
        return detached(name: nil, priority: priority, operation: operation)
    }
}
