import Varlink

/// A call the daemon answers later, running it in slices between other clients' calls so its loop
/// never stalls: a `Profile`, or an `Advance` longer than a second. Pure: the daemon decides when
/// to run the next slice.
public protocol ServiceJob: AnyObject {
    /// Done (or failed): `result()` is the reply.
    var isFinished: Bool { get }
    /// Runs up to `slice` seconds of virtual time.
    func step(slice: Double)
    /// The final reply.
    func result() -> VarlinkReply
    /// A progress reply for a `more` caller, if the method has one.
    func progressReply() -> VarlinkReply?
    /// The daemon stops before the job ends (its caller is told `ShuttingDown`).
    func cancel()
}
