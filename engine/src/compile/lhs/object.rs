//! Object patterns, `(object (is-a C) (name ?n) (slot constraint...))`: compiled
//! to an [`AlphaPattern`] over the working-memory elements of instances, whose
//! layout ([`ObjectLayout`]) is shared by every object pattern: field 0 holds the
//! instance's class name, field 1 its name, and each slot named by some object
//! pattern has a field of its own.
//!
//! As CLIPS does when it parses the pattern, the classes whose instances may match
//! are fixed when the rule is compiled: the reactive classes defined then that have
//! every slot the pattern names (a reactive slot), narrowed by an `is-a` of class
//! names to those classes and their subclasses. That set becomes the pattern's
//! first test, on field 0, so an instance of another class fails before any slot is
//! read.

use super::{
    multislot_captures, Alt, AltKind, FieldTest, LhsCompiler, PatternCompiler, Res, SlotMatch,
};
use crate::cool::ClassId;
use crate::messages::{objrtbld, prntutil::prntutil2};
use crate::syntax::ast::{Constraint, Pattern, PatternBody, SlotConstraint, TermKind};
use crate::syntax::Diagnostic;
use crate::value::{atom, Atom, Value};
use indexmap::IndexMap;
use rustc_hash::FxBuildHasher;

/// The template id of instances' working-memory elements (no deftemplate has it).
pub const OBJECT_TEMPLATE: super::TemplateId = super::TemplateId(u32::MAX);

/// The fields of instances' working-memory elements: the class name, the instance
/// name, then one per slot name some object pattern reads, in the order patterns
/// first named them, each with whether patterns read it as a multislot.
#[derive(Debug, Clone)]
pub struct ObjectLayout {
    fields: IndexMap<Atom, bool, FxBuildHasher>,
}

/// The field of the class name (the instance name is field 1).
pub const IS_A_FIELD: usize = 0;

impl Default for ObjectLayout {
    fn default() -> Self {
        let mut fields = IndexMap::default();
        fields.insert(atom("is-a"), false);
        fields.insert(atom("name"), false);
        ObjectLayout { fields }
    }
}

impl ObjectLayout {
    /// How many fields an element has.
    pub fn len(&self) -> usize {
        self.fields.len()
    }

    /// Whether there are no fields (never: the class and name are always there).
    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }

    /// The slot names and whether each is read as a multislot, field 2 first.
    pub fn slots(&self) -> impl Iterator<Item = (Atom, bool)> + '_ {
        self.fields.iter().skip(2).map(|(n, m)| (*n, *m))
    }

    /// The field of slot `name`, added (as a multislot if `multi`) if no pattern
    /// read it before; with whether it is read as a multislot.
    fn field(&mut self, name: Atom, multi: bool) -> (usize, bool) {
        let entry = self.fields.entry(name);
        let index = entry.index();
        (index, *entry.or_insert(multi))
    }
}

impl LhsCompiler<'_> {
    /// Compiles object pattern `p` into `pc`.
    pub(super) fn object_pattern(&mut self, p: &Pattern, pc: &mut PatternCompiler) -> Res<()> {
        let written: &[SlotConstraint] = match &p.body {
            PatternBody::Slots(slots) => slots,
            PatternBody::Ordered(fields) => match fields.first() {
                None => &[],
                Some(first) => {
                    return Err(Diagnostic::new(
                        first.span,
                        "an object pattern holds (slot constraint) lists",
                    )
                    .with_label("e.g. `(object (is-a CLASS) (slot ?value))`")
                    .with_clips(prntutil2("object pattern"))
                    .read_to(first.span.end));
                }
            },
        };
        let classes = self.object_classes(written)?;
        // The class test comes first, on field 0.
        let is_a = pc.new_capture();
        pc.slots.push(SlotMatch::Single {
            slot: IS_A_FIELD as u32,
            capture: is_a,
        });
        let names: Vec<Vec<Alt>> = (classes.iter())
            .map(|&c| {
                vec![Alt {
                    negated: false,
                    kind: AltKind::Const(Value::Symbol(self.program.classes.get(c).name)),
                }]
            })
            .collect();
        pc.alpha_tests.push(FieldTest::any_of(is_a, names));
        let mut captured: Vec<(&Constraint, u16)> = Vec::new();
        let mut fields: Vec<(usize, bool, &SlotConstraint)> = Vec::new();
        for sc in written {
            let name = sc.slot.name;
            if name.as_str() == "is-a" {
                if class_names(sc).is_none() {
                    if let Some(field) = sc.fields.first() {
                        captured.push((field, is_a));
                    }
                }
                continue;
            }
            let multi = name.as_str() != "name"
                && (classes.iter())
                    .any(|&c| (self.program.classes.get(c).slot(name)).is_some_and(|s| s.multi));
            let (index, multi) = self.program.object_layout.field(name, multi);
            fields.push((index, multi, sc));
        }
        fields.sort_by_key(|(index, _, _)| *index);
        for (index, multi, sc) in fields {
            if multi {
                captured.extend(multislot_captures(pc, index, &sc.fields));
                continue;
            }
            let [field] = sc.fields.as_slice() else {
                return Err(Diagnostic::new(
                    sc.span,
                    format!("single-field slot `{}` takes one constraint", sc.slot.name),
                )
                .with_label("use a multislot to match several fields")
                .with_clips(prntutil2("object pattern"))
                .read_to(sc.span.end));
            };
            let capture = pc.new_capture();
            pc.slots.push(SlotMatch::Single {
                slot: index as u32,
                capture,
            });
            captured.push((field, capture));
        }
        self.bind_as_written(pc, written, &captured);
        for (field, capture) in captured {
            self.field_constraint(pc, field, capture)?;
        }
        Ok(())
    }

    /// The classes whose instances may match a pattern with these slot
    /// restrictions (see the module's documentation), or CLIPS's error.
    fn object_classes(&self, written: &[SlotConstraint]) -> Res<Vec<ClassId>> {
        let all = &self.program.classes;
        let reactive: Vec<ClassId> = (all.listed.iter().copied())
            .filter(|&c| all.get(c).defined && all.get(c).reactive)
            .collect();
        let mut classes = reactive.clone();
        for sc in written {
            let name = sc.slot.name;
            // The classes this restriction alone admits, as CLIPS's class bitmap.
            let admitted: Vec<ClassId> = match name.as_str() {
                "is-a" => {
                    let Some(names) = class_names(sc) else {
                        continue;
                    };
                    let mut ancestors = Vec::new();
                    for class in names {
                        let Some(c) = all.id(class) else {
                            return Err(Diagnostic::new(
                                sc.span,
                                format!("no class `{class}` is defined"),
                            )
                            .with_label("define the class before the rule")
                            .with_clips(objrtbld::objrtbld5(class.as_str()))
                            .read_to(sc.span.end));
                        };
                        ancestors.push(c);
                    }
                    (reactive.iter().copied())
                        .filter(|&c| ancestors.iter().any(|&a| all.is_a(c, a)))
                        .collect()
                }
                "name" => continue,
                _ => (reactive.iter().copied())
                    .filter(|&c| all.get(c).slot(name).is_some_and(|s| s.reactive))
                    .collect(),
            };
            let read_to = match name.as_str() {
                "is-a" => sc.span.end,
                _ => sc.slot.span.end,
            };
            if admitted.is_empty() {
                return Err(Diagnostic::new(
                    sc.slot.span,
                    format!("no reactive class can satisfy the `{name}` restriction"),
                )
                .with_clips(objrtbld::objrtbld2(name.as_str()))
                .read_to(read_to));
            }
            classes.retain(|c| admitted.contains(c));
            if classes.is_empty() {
                return Err(
                    Diagnostic::new(sc.span, "no class can match this object pattern")
                        .with_clips(objrtbld::objrtbld1())
                        .read_to(read_to),
                );
            }
        }
        Ok(classes)
    }
}

/// The class names of an `is-a` restriction made of names alone (`(is-a A)`,
/// `(is-a A | B)`), which match those classes and their subclasses; `None` for
/// any other restriction, which tests the instance's class name as written.
fn class_names(sc: &SlotConstraint) -> Option<Vec<Atom>> {
    let [field] = sc.fields.as_slice() else {
        return None;
    };
    (field.any.iter())
        .map(|group| match group.as_slice() {
            [term] if !term.negated => match &term.kind {
                TermKind::Literal(Value::Symbol(name)) => Some(*name),
                _ => None,
            },
            _ => None,
        })
        .collect()
}
