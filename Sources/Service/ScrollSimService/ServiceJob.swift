import Varlink

/// A call the daemon answers later, running it in slices between other clients' calls so its loop
/// never stalls: a `Profile`, or an `Advance` that does not finish in the call's own turn. Pure:
/// the daemon decides when to run the next slice and how long it may take.
package protocol ServiceJob: AnyObject {
    /// Done (or failed): `result()` is the reply.
    var isFinished: Bool { get }
    /// Runs while `more()` allows: it is asked after each event of the simulation (a frame, a
    /// data request), so a slice takes the real time the daemon gives it, not a fixed amount of
    /// virtual time, whose cost has no bound (a definition of tiny cells at a high frame rate).
    /// At least one event runs, so every step makes progress.
    func step(while more: () -> Bool)
    /// The final reply.
    func result() -> VarlinkReply
    /// A progress reply for a `more` caller, if the method has one.
    func progressReply() -> VarlinkReply?
    /// The daemon stops before the job ends (its caller is told `ShuttingDown`).
    func cancel()
}
