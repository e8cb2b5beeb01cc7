//! Whether stdout was closed when the program started (`sudoku solve FILE >&-`).
//!
//! The Rust runtime opens `/dev/null` in place of a closed stdin, stdout or stderr before
//! `main` runs, so from then on writes to a closed stdout succeed and vanish: the output is
//! lost with exit status 0. On Linux a constructor that runs before the runtime's set-up
//! looks first; elsewhere a closed stdout still reads as `/dev/null`.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set before `main` when descriptor 1 was not open.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// True when the program was started with stdout closed.
pub fn stdout_was_closed() -> bool {
    STDOUT_CLOSED.load(Ordering::Relaxed)
}

#[cfg(any(target_os = "linux", target_os = "android"))]
mod before_main {
    use std::sync::atomic::Ordering;

    extern "C" fn look_at_stdout() {
        // SAFETY: F_GETFD only reads the descriptor's flags; it fails with EBADF when
        // descriptor 1 is not open. Nothing else is touched, so this is sound before `main`.
        if unsafe { libc::fcntl(1, libc::F_GETFD) } == -1 {
            super::STDOUT_CLOSED.store(true, Ordering::Relaxed);
        }
    }

    /// Run by the loader, with the other constructors, before the Rust runtime starts.
    #[used]
    #[unsafe(link_section = ".init_array")]
    static LOOK_AT_STDOUT: extern "C" fn() = look_at_stdout;
}
