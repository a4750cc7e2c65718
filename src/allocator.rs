//! The binary's global allocator: mimalloc for small blocks, the C library's
//! allocator for blocks of a page or more.
//!
//! Matching makes and frees many small objects (tokens, alpha matches, activations),
//! and glibc's malloc spent a quarter of the Waltz and Manners benchmarks' time on
//! them (see BENCHMARKS.md). mimalloc is built as version 2 without transparent huge
//! pages (Cargo.toml): version 3 with huge pages held 20 to 40 MB more resident
//! memory on the same programs, for no speed.
//!
//! Blocks of [`LARGE`] bytes or more are the tables that grow with working memory
//! and the network (the token arena, hash tables, long buckets). mimalloc gives each
//! size class pages of its own, so every step of a table's growth took fresh pages,
//! and a first touch of a page costs a page fault (2-4 us on the benchmark host);
//! glibc's heap hands a freed block, merged with its free neighbours, to a request
//! of any size, and grows a block in place where it can. With the large blocks
//! there, `manners_16` took 264 page faults instead of 326 and 13.5% less CPU time,
//! `manners_32` 5% less, `waltz_12` and `joins_10k` 2-3% less, the churn programs
//! the same (BENCHMARKS.md).
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
use std::alloc::{GlobalAlloc, Layout, System};
use std::ffi::c_void;

/// The alignment every mimalloc block has: a machine word (block sizes are
/// multiples of it).
const WORD_ALIGN: usize = std::mem::size_of::<usize>();

/// The size from which blocks come from the C library's allocator: a page.
const LARGE: usize = 4096;

/// Whether a block of `size` bytes comes from the C library's allocator.
#[inline]
fn is_large(size: usize) -> bool {
    size >= LARGE
}

/// The global allocator: mimalloc (through `mi_malloc` for word-aligned layouts)
/// for blocks under [`LARGE`] bytes, the C library's allocator for the rest.
pub struct Allocator;

// SAFETY: a block's allocator is told by its size, which `dealloc` and `realloc`
// are given as it was allocated (the `GlobalAlloc` contract), so each block is freed
// or resized by the allocator that made it; a block that crosses `LARGE` when
// resized is copied into a block of the other. mimalloc's calls return blocks of at
// least the requested size aligned as asked: to a word by any call (enough for the
// layouts sent to the unaligned calls), to `layout.align()` by the aligned calls
// otherwise; `System` keeps the same contract as this trait.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if is_large(layout.size()) {
            large::alloc(layout)
        } else if layout.align() <= WORD_ALIGN {
            mi_malloc(layout.size()) as *mut u8
        } else {
            mi_malloc_aligned(layout.size(), layout.align()) as *mut u8
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if is_large(layout.size()) {
            large::alloc_zeroed(layout)
        } else if layout.align() <= WORD_ALIGN {
            mi_zalloc(layout.size()) as *mut u8
        } else {
            mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if is_large(layout.size()) {
            large::dealloc(ptr, layout);
        } else {
            mi_free(ptr as *mut c_void);
        }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        match (is_large(layout.size()), is_large(new_size)) {
            (true, true) => large::realloc(ptr, layout, new_size),
            (false, false) if layout.align() <= WORD_ALIGN => {
                mi_realloc(ptr as *mut c_void, new_size) as *mut u8
            }
            (false, false) => {
                mi_realloc_aligned(ptr as *mut c_void, new_size, layout.align()) as *mut u8
            }
            _ => self.move_block(ptr, layout, new_size),
        }
    }
}

/// The C library's calls for large blocks, kept out of line: the allocator's
/// calls are inlined wherever Rust allocates, and the small-block path is the one
/// that runs there (inlined, `System`'s calls added 1.6% to churn_100k's
/// instructions).
mod large {
    use super::{GlobalAlloc, Layout, System};

    #[cold]
    #[inline(never)]
    pub(super) unsafe fn alloc(layout: Layout) -> *mut u8 {
        System.alloc(layout)
    }

    #[cold]
    #[inline(never)]
    pub(super) unsafe fn alloc_zeroed(layout: Layout) -> *mut u8 {
        System.alloc_zeroed(layout)
    }

    #[cold]
    #[inline(never)]
    pub(super) unsafe fn dealloc(ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }

    #[cold]
    #[inline(never)]
    pub(super) unsafe fn realloc(ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        System.realloc(ptr, layout, new_size)
    }
}

impl Allocator {
    /// Moves a block whose new size is on the other side of [`LARGE`] into a block
    /// of the other allocator, as `realloc` would (null, the old block kept, if
    /// there is no room).
    ///
    /// # Safety
    /// As for [`GlobalAlloc::realloc`].
    #[cold]
    unsafe fn move_block(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let Ok(new_layout) = Layout::from_size_align(new_size, layout.align()) else {
            return std::ptr::null_mut();
        };
        let new = self.alloc(new_layout);
        if !new.is_null() {
            std::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
            self.dealloc(ptr, layout);
        }
        new
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A block resized across `LARGE`, both ways, keeps its bytes and is freed by
    /// the allocator that holds it at the end.
    #[test]
    fn a_block_resized_across_the_threshold_keeps_its_contents() {
        let small = Layout::from_size_align(100, 8).unwrap();
        // SAFETY: each pointer comes from the call before it with the layout given
        // to the next; the writes and reads stay inside the block's current size.
        unsafe {
            let p = Allocator.alloc(small);
            assert!(!p.is_null());
            for i in 0..100 {
                *p.add(i) = i as u8;
            }
            let big = Allocator.realloc(p, small, 3 * LARGE);
            assert!(!big.is_null());
            assert!((0..100).all(|i| *big.add(i) == i as u8));
            *big.add(3 * LARGE - 1) = 7;
            let big_layout = Layout::from_size_align(3 * LARGE, 8).unwrap();
            let back = Allocator.realloc(big, big_layout, 50);
            assert!(!back.is_null());
            assert!((0..50).all(|i| *back.add(i) == i as u8));
            Allocator.dealloc(back, Layout::from_size_align(50, 8).unwrap());
            let zeroed = Allocator.alloc_zeroed(big_layout);
            assert!((0..3 * LARGE).all(|i| *zeroed.add(i) == 0));
            Allocator.dealloc(zeroed, big_layout);
        }
    }
}
