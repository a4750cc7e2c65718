//! The class precedence list: CLIPS's ordering of a class and its superclasses
//! under multiple inheritance (`FindPrecedenceList`, inherpsr.c).
//!
//! Two rules give partial orders: a class precedes its direct superclasses, and
//! the direct superclasses of a class keep the order they were listed in. The
//! classes are entered in a table in a pre-order, depth-first walk of the
//! superclasses, then taken out by a topological sort that resumes scanning from
//! where it last took a class, which keeps "families" of classes together. When
//! no order exists, the error names the partial list formed and a loop.

use super::class::{ClassId, Classes};

/// A class in the partial-order table: how many classes must come before it, and
/// the classes that must come after it (newest first, as CLIPS links them).
struct Entry {
    class: ClassId,
    predecessors: usize,
    successors: Vec<usize>,
}

/// Why no precedence list exists: the classes placed before the sort stuck, and a
/// loop among the rest (its first class repeated at the end).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrecedenceLoop {
    /// The partial precedence list formed.
    pub partial: Vec<ClassId>,
    /// The loop: each class must precede the next.
    pub cycle: Vec<ClassId>,
}

/// The precedence list of a new class whose direct superclasses are `supers` (the
/// class itself not included), or the loop that prevents one.
pub fn precedence(classes: &Classes, supers: &[ClassId]) -> Result<Vec<ClassId>, PrecedenceLoop> {
    let mut table: Vec<Entry> = Vec::new();
    enter(classes, supers, &mut table);
    let index_of = |table: &[Entry], class: ClassId| table.iter().position(|e| e.class == class);
    let record = |table: &mut Vec<Entry>, before: ClassId, after: &[ClassId]| {
        let Some(at) = index_of(table, before) else {
            return;
        };
        for &class in after {
            if let Some(to) = index_of(table, class) {
                table[at].successors.insert(0, to);
                table[to].predecessors += 1;
            }
        }
    };
    for i in 0..table.len() {
        let class = table[i].class;
        let direct = classes.get(class).supers.clone();
        record(&mut table, class, &direct);
        for (k, &super_class) in direct.iter().enumerate() {
            record(&mut table, super_class, &direct[k + 1..]);
        }
    }
    for (k, &super_class) in supers.iter().enumerate() {
        record(&mut table, super_class, &supers[k + 1..]);
    }
    sort(table)
}

/// Appends each class of `supers` not yet in the table, each followed at once by
/// its own superclasses (CLIPS's `InitializePartialOrderTable`).
fn enter(classes: &Classes, supers: &[ClassId], table: &mut Vec<Entry>) {
    for &class in supers {
        if table.iter().any(|e| e.class == class) {
            continue;
        }
        table.push(Entry {
            class,
            predecessors: 0,
            successors: Vec::new(),
        });
        enter(classes, &classes.get(class).supers, table);
    }
}

/// The topological sort, scanning on from the last class taken (with wraparound).
fn sort(mut table: Vec<Entry>) -> Result<Vec<ClassId>, PrecedenceLoop> {
    // The table as a linked list in entry order, entries removed as they are taken.
    let mut live: Vec<usize> = (0..table.len()).collect();
    let mut out = Vec::new();
    let mut at = 0;
    let mut scanned = 0;
    while !live.is_empty() && scanned < live.len() {
        if at >= live.len() {
            at = 0;
        }
        let entry = live[at];
        if table[entry].predecessors == 0 {
            for successor in std::mem::take(&mut table[entry].successors) {
                table[successor].predecessors -= 1;
            }
            out.push(table[entry].class);
            live.remove(at);
            scanned = 0;
        } else {
            at += 1;
            scanned += 1;
        }
    }
    if live.is_empty() {
        return Ok(out);
    }
    Err(PrecedenceLoop {
        partial: out,
        cycle: find_loop(&table, &live),
    })
}

/// A loop among the classes left (CLIPS's `PrintPartialOrderLoop`): each is linked
/// to one predecessor, then the links are followed from the first until a class
/// comes round again.
fn find_loop(table: &[Entry], live: &[usize]) -> Vec<ClassId> {
    let mut predecessor: Vec<Option<usize>> = vec![None; table.len()];
    for &entry in live {
        for &successor in &table[entry].successors {
            if live.contains(&successor) && predecessor[successor].is_none() {
                predecessor[successor] = Some(entry);
            }
        }
    }
    let mut seen = vec![false; table.len()];
    let mut at = live[0];
    while !seen[at] {
        seen[at] = true;
        match predecessor[at] {
            Some(p) => at = p,
            None => return vec![table[at].class],
        }
    }
    let start = at;
    let mut cycle = vec![table[at].class];
    while let Some(p) = predecessor[at] {
        at = p;
        cycle.push(table[at].class);
        if at == start {
            break;
        }
    }
    cycle
}
