import Systemd

/// The loop's sources other than the sockets and the signals: each is cancelled on its own (a
/// reload re-arms the tick and status timers; a stop cancels them and arms the drain timer).
struct LoopSources {
    /// The live tick (`TickInterval=`).
    var tick: EventSource?
    /// The status line for `systemctl status` and the idle timeout (`StatusInterval=`).
    var status: EventSource?
    /// One work turn, re-armed while work is left.
    var work: EventSource?
    /// A stop's deadline for writing the last replies.
    var drain: EventSource?
    /// Accepting again a second after the file-descriptor limit paused it.
    var acceptRetry: EventSource?
    /// With `--ephemeral`: standard input, whose end stops the daemon.
    var parentWatch: EventSource?
}
