//! Ctrl-C and the other reasons a run stops early, as flags every part of a run polls.
//!
//! - [`interrupted`]: the user pressed Ctrl-C. Searches stop, what was found so far is written,
//!   and the program exits with 130.
//! - [`stopping`]: the run must end early, either because of Ctrl-C or because output can no
//!   longer be written (a closed pipe, a full disk) or a worker failed: no new job is started.

use std::path::Path;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

/// The exit status after Ctrl-C: 128 + SIGINT.
pub const EXIT_STATUS: u8 = 130;

/// Set by the Ctrl-C handler.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Set when the run must end early for any reason (see the module documentation).
static STOP: AtomicBool = AtomicBool::new(false);

/// True once Ctrl-C was pressed.
#[inline]
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// True once the run must end early: Ctrl-C, or output that cannot be written.
#[inline]
pub fn stopping() -> bool {
    STOP.load(Ordering::Relaxed) || INTERRUPTED.load(Ordering::Relaxed)
}

/// True once the run must end early for a reason other than Ctrl-C: output that cannot be
/// written, or a worker that failed.
#[inline]
pub fn stopped() -> bool {
    STOP.load(Ordering::Relaxed)
}

/// Ends the run early: no new job starts and searches in progress stop at their next poll.
pub fn stop() {
    STOP.store(true, Ordering::Relaxed);
}

/// The stop poll of one job: Ctrl-C (or output that can no longer be written), or
/// `timeout`, counted from now, running out.
pub fn stop_after(timeout: Option<std::time::Duration>) -> impl Fn() -> bool {
    let deadline = timeout.and_then(|t| std::time::Instant::now().checked_add(t));
    move || stopping() || deadline.is_some_and(|d| std::time::Instant::now() >= d)
}

/// A file the program removes if Ctrl-C ends it before the run ends (`print`'s temporary file,
/// which would otherwise be left behind by the exits below).
#[cfg(unix)]
static REMOVE_ON_EXIT: OnceLock<std::ffi::CString> = OnceLock::new();
#[cfg(not(unix))]
static REMOVE_ON_EXIT: OnceLock<std::path::PathBuf> = OnceLock::new();

/// Asks the Ctrl-C handler to remove `path` when it ends the program at once (a second Ctrl-C,
/// or two seconds after the first). One file per run; a normal ending removes or renames it
/// itself, and removing a name that is gone does nothing.
pub fn remove_on_exit(path: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        if let Ok(c) = std::ffi::CString::new(path.as_os_str().as_bytes()) {
            let _ = REMOVE_ON_EXIT.set(c);
        }
    }
    #[cfg(not(unix))]
    {
        let _ = REMOVE_ON_EXIT.set(path.to_path_buf());
    }
}

/// Removes the file of [`remove_on_exit`], if any.
#[cfg(unix)]
fn remove_file_now() {
    // SAFETY: `unlink(2)` is async-signal-safe, and `OnceLock::get` is an atomic load: the
    // string is either fully set or not seen.
    if let Some(path) = REMOVE_ON_EXIT.get() {
        unsafe {
            libc::unlink(path.as_ptr());
        }
    }
}

#[cfg(not(unix))]
fn remove_file_now() {
    if let Some(path) = REMOVE_ON_EXIT.get() {
        let _ = std::fs::remove_file(path);
    }
}

/// Ctrl-C stops the searches, lets the output produced so far be written, and exits with 130.
/// A second Ctrl-C exits at once, and so does the program if it has not finished two seconds
/// later (for instance while it waits for a line typed on a terminal).
///
/// On Unix this is a signal handler that only flips a flag and arms an alarm: no thread is
/// started, which saves a twentieth of a millisecond on every run.
#[cfg(unix)]
pub fn install_handler() {
    use signal_hook::low_level::{exit as exit_now, register};
    // SAFETY: both actions are async-signal-safe, as `register` requires: a lock-free atomic
    // swap, `alarm(2)`, `unlink(2)` and `_exit(2)` (which `exit_now` calls) are all allowed in
    // a handler.
    let result = unsafe {
        register(libc::SIGINT, || {
            if INTERRUPTED.swap(true, Ordering::SeqCst) {
                remove_file_now();
                exit_now(EXIT_STATUS.into());
            }
            libc::alarm(2);
        })
        .and_then(|_| {
            register(libc::SIGALRM, || {
                remove_file_now();
                exit_now(EXIT_STATUS.into())
            })
        })
    };
    // Without a handler Ctrl-C still stops the program, only less gracefully.
    let _ = result;
}

/// See the Unix version; elsewhere the `ctrlc` crate's handler thread does the same.
#[cfg(not(unix))]
pub fn install_handler() {
    let result = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            remove_file_now();
            std::process::exit(EXIT_STATUS.into());
        }
        std::thread::spawn(|| {
            std::thread::sleep(std::time::Duration::from_secs(2));
            remove_file_now();
            std::process::exit(EXIT_STATUS.into());
        });
    });
    // Without a handler Ctrl-C still stops the program, only less gracefully.
    let _ = result;
}
