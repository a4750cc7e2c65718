//! Room on the main thread's stack for deep recursion.
//!
//! Deffunctions may call themselves up to `MAX_CALL_DEPTH` (2,000) deep, and each
//! level nests evaluation frames: a few kilobytes a level for a short body, tens for
//! a body of nested loops and conditions, more than the 8 MB a process is usually
//! given. The command line used to run on a thread of its own with a 1 GB stack;
//! starting that thread and waiting for it cost every process about 0.35 ms of wall
//! time (a fifth of an empty program's run, a tenth of `manners_16`'s), as the two
//! threads handed over on another core. On Linux the main thread's stack grows on
//! demand up to the process's stack limit as it stands when it grows, with at least
//! 128 MB of address space kept free below it, so raising the soft limit is enough.

/// The stack limit asked for: as much as the address space below the stack is sure
/// to hold.
const WANTED: u64 = 128 << 20;

/// Raises the soft limit on the stack's size to [`WANTED`] (or the hard limit, if
/// lower); a limit already higher, or unlimited, is left as it is.
pub fn raise_limit() {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the limit into the struct it is given, which lives
    // for the call; setrlimit only reads the struct.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_STACK, &mut limit) != 0 {
            return;
        }
        let wanted = WANTED.min(limit.rlim_max);
        if limit.rlim_cur != libc::RLIM_INFINITY && limit.rlim_cur < wanted {
            limit.rlim_cur = wanted;
            libc::setrlimit(libc::RLIMIT_STACK, &limit);
        }
    }
}
