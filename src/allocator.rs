//! The binary's global allocator: mimalloc, called through its C interface.
//!
//! Matching makes and frees many small objects (tokens, alpha matches, activations),
//! and glibc's malloc spent a quarter of the Waltz and Manners benchmarks' time on
//! them (see BENCHMARKS.md). mimalloc is built as version 2 without transparent huge
//! pages (Cargo.toml): version 3 with huge pages held 20 to 40 MB more resident
//! memory on the same programs, for no speed.
//!
//! The `mimalloc` crate's allocator asks for every block through `mi_malloc_aligned`,
//! whose small-block path tests the alignment and the block's address before doing
//! what `mi_malloc` does. Every mimalloc block is aligned to a machine word, so a
//! layout asking no more than that is served by `mi_malloc` itself; larger
//! alignments (rare here) still go through the aligned calls.

use libmimalloc_sys::{
    mi_free, mi_malloc, mi_malloc_aligned, mi_option_get, mi_option_set, mi_option_t, mi_realloc,
    mi_realloc_aligned, mi_zalloc, mi_zalloc_aligned,
};
use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

/// The alignment every mimalloc block has: a machine word (block sizes are
/// multiples of it).
const WORD_ALIGN: usize = std::mem::size_of::<usize>();

/// mimalloc as a [`GlobalAlloc`], with `mi_malloc`'s path for word-aligned layouts.
pub struct MiMalloc;

// SAFETY: each method forwards to mimalloc, which returns blocks of at least the
// requested size aligned as asked: to a word by any call (enough for the layouts
// sent to the unaligned calls), to `layout.align()` by the aligned calls otherwise.
// Blocks from either family are freed and reallocated by the same functions.
unsafe impl GlobalAlloc for MiMalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= WORD_ALIGN {
            mi_malloc(layout.size()) as *mut u8
        } else {
            mi_malloc_aligned(layout.size(), layout.align()) as *mut u8
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= WORD_ALIGN {
            mi_zalloc(layout.size()) as *mut u8
        } else {
            mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        mi_free(ptr as *mut c_void);
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if layout.align() <= WORD_ALIGN {
            mi_realloc(ptr as *mut c_void, new_size) as *mut u8
        } else {
            mi_realloc_aligned(ptr as *mut c_void, new_size, layout.align()) as *mut u8
        }
    }
}

/// mimalloc's option `purge_delay` (`mi_option_purge_delay` in mimalloc 2's `mimalloc.h`;
/// the sys crate does not name it): how many milliseconds a page that has emptied waits
/// before mimalloc gives it back to the system (10 by default, 0 for at once).
const MI_OPTION_PURGE_DELAY: mi_option_t = 15;

/// Runs `load` with mimalloc giving emptied pages back to the system at once.
///
/// Loading makes and drops a syntax tree per construct, and holds each rule's compiled
/// form from the check of the whole file until the rule is defined, so pages empty all
/// along; with the default
/// delay they were still held when the loaded network was complete, which is the peak of
/// a program that only loads (`rules_1000`: 14.0 MB, 11.6 MB with no delay, at the same
/// speed). Running keeps the delay: pages empty and fill again in quick succession there,
/// and giving each back at once cost Manners and Waltz 18% of their time (BENCHMARKS.md).
pub fn returning_emptied_pages<T>(load: impl FnOnce() -> T) -> T {
    // SAFETY: reading and setting an option has no precondition; only this thread
    // allocates while the command line runs (the thread that started it waits for it).
    let delay = unsafe { mi_option_get(MI_OPTION_PURGE_DELAY) };
    unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, 0) };
    let result = load();
    unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, delay) };
    result
}
