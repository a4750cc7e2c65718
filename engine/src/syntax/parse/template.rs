//! `(deftemplate name ["comment"] (slot name attr...) (multislot name attr...) ...)`.

use super::common::{check_relation_name, closing, describe, header, read_past, symbol, Diags};
use super::slot_attr::parse_attributes;
use crate::messages::{self, prntutil};
use crate::syntax::ast::{Deftemplate, SlotDef};
use crate::syntax::sexpr::{SExpr, Token};
use crate::syntax::{Diagnostic, Span};
use crate::value::Atom;

/// What a slot definition looks like, for labels.
const EXPECTED_SLOT: &str = "expected `(slot name ...)` or `(multislot name ...)`";

/// Parses a deftemplate; `items` are the list's items, `deftemplate` included.
pub(super) fn parse_deftemplate(
    items: &[SExpr],
    whole: Span,
) -> Result<Deftemplate, Vec<Diagnostic>> {
    let header = header(items, whole, "deftemplate").map_err(|d| vec![d])?;
    let mut diags = Diags::default();
    // CLIPS checks the name once it has read the token after it.
    let after_name = read_past(items.get(2), whole);
    diags.one(
        check_relation_name(&header.name, "a deftemplate name").map_err(|d| {
            d.with_clips(messages::pattern::pattern1(
                header.name.name.as_str(),
                "a deftemplate name",
            ))
            .read_to(after_name)
        }),
    );
    let mut slots: Vec<SlotDef> = Vec::new();
    for item in items.get(header.body..).unwrap_or_default() {
        if let Some(slot) = diags.many(parse_slot(item, &slots, header.name.name)) {
            slots.push(slot);
        }
    }
    diags.finish(Deftemplate {
        name: header.name,
        comment: header.comment,
        slots,
        span: whole,
    })
}

/// CLIPS's syntax error of a deftemplate, found when it had read up to `at`.
fn syntax_error(d: Diagnostic, at: usize) -> Vec<Diagnostic> {
    vec![d.with_clips(prntutil::prntutil2("deftemplate")).read_to(at)]
}

/// Parses one `(slot ...)`, `(multislot ...)` or their old names `field`/`multifield`
/// of deftemplate `template`, whose slots `earlier` come before it.
fn parse_slot(
    item: &SExpr,
    earlier: &[SlotDef],
    template: Atom,
) -> Result<SlotDef, Vec<Diagnostic>> {
    let Some(list) = item.as_list() else {
        let label = match item.as_token() {
            Some(Token::String(_)) => "a deftemplate has at most one comment, right after its name",
            _ => EXPECTED_SLOT,
        };
        return Err(syntax_error(
            Diagnostic::new(
                item.span,
                format!("expected a slot definition, found {}", describe(item)),
            )
            .with_label(label),
            item.span.end,
        ));
    };
    let multi = match list.first().and_then(SExpr::as_symbol).map(|s| s.as_str()) {
        Some("slot" | "field") => false,
        Some("multislot" | "multifield") => true,
        _ => {
            let at = list.first().unwrap_or(item);
            let message = match at.as_symbol() {
                Some(kind) => format!("unknown slot kind `{kind}`"),
                None => format!("expected a slot definition, found {}", describe(at)),
            };
            return Err(syntax_error(
                Diagnostic::new(at.span, message).with_label(EXPECTED_SLOT),
                read_past(list.first(), item.span),
            ));
        }
    };
    let name = match list.get(1) {
        None => {
            return Err(syntax_error(
                Diagnostic::new(closing(item.span), "missing slot name")
                    .with_label("expected the slot's name, e.g. `(slot color)`"),
                item.span.end,
            ))
        }
        Some(name) => symbol(name).ok_or_else(|| {
            syntax_error(
                Diagnostic::new(
                    name.span,
                    format!("a slot name must be a symbol, not {}", describe(name)),
                )
                .with_label("expected a name such as `color`"),
                read_past(Some(name), item.span),
            )
        })?,
    };
    if earlier.iter().any(|s| s.name.name == name.name) {
        return Err(vec![Diagnostic::new(
            name.span,
            format!(
                "slot `{}` is defined twice in deftemplate `{template}`",
                name.name
            ),
        )
        .with_label("each slot name may appear only once")
        .with_clips(prntutil::prntutil5("slot ", Some(name.name.as_str())))
        .read_to(name.span.end)]);
    }
    let attributes = parse_attributes(
        list.get(2..).unwrap_or_default(),
        multi,
        name.name,
        item.span,
    )?;
    let mut allowed = attributes.allowed.into_iter();
    Ok(SlotDef {
        name,
        multi,
        default: attributes.default,
        types: attributes.types,
        allowed: allowed.next(),
        also_allowed: allowed.collect(),
        range: attributes.range,
        cardinality: attributes.cardinality,
        facets: attributes.facets,
        span: item.span,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::ast::{DefaultSpec, Expr};
    use crate::syntax::parse::test_util::{errs_text, one};
    use crate::value::Value;

    fn template(text: &str) -> Result<Deftemplate, Vec<Diagnostic>> {
        let item = one(text);
        parse_deftemplate(item.as_list().unwrap(), item.span)
    }

    #[test]
    fn slots_and_attributes() {
        let t = template(
            "(deftemplate car \"A car.\" \
               (slot make (type SYMBOL STRING) (default ?NONE)) \
               (field year (type INTEGER) (range 1900 ?VARIABLE) (default-dynamic (now))) \
               (multislot tags (cardinality ?VARIABLE 3) (default a b)) \
               (slot color (allowed-symbols red blue) (allowed-strings \"x\")) \
               (multifield owners) \
               (slot speed (range ?VARIABLE 2.5) (default ?DERIVE)))",
        )
        .unwrap();
        assert_eq!(t.name.name, "car");
        assert_eq!(t.comment.as_deref(), Some("A car."));
        let [make, year, tags, color, owners, speed] = &t.slots[..] else {
            panic!("six slots expected")
        };
        assert_eq!(make.default, DefaultSpec::Required);
        assert_eq!(make.types.len(), 2);
        assert!(!year.multi);
        assert_eq!(year.range, Some((Some(Value::Integer(1900)), None)));
        assert!(
            matches!(&year.default, DefaultSpec::Dynamic(e) if matches!(&e[..], [Expr::Call(_)]))
        );
        assert!(tags.multi);
        assert_eq!(tags.cardinality, Some((None, Some(3))));
        assert!(matches!(&tags.default, DefaultSpec::Static(e) if e.len() == 2));
        assert_eq!(color.allowed.as_ref().unwrap().kind, "allowed-symbols");
        assert_eq!(color.also_allowed.len(), 1);
        assert!(owners.multi && owners.default == DefaultSpec::Derive && owners.types.is_empty());
        assert_eq!(speed.range, Some((None, Some(Value::Float(2.5)))));
        assert!(template("(deftemplate empty)").unwrap().slots.is_empty());
        let t =
            template("(deftemplate m (multislot a (default)) (slot b (default ?*g*)))").unwrap();
        assert!(matches!(&t.slots[0].default, DefaultSpec::Static(e) if e.is_empty()));
    }

    #[test]
    fn compatible_restrictions() {
        for text in [
            "(deftemplate t (slot a (type SYMBOL INTEGER) (allowed-values 1 a)))",
            "(deftemplate t (slot a (type LEXEME) (allowed-symbols a)))",
            "(deftemplate t (slot a (type INTEGER) (range 1 2)))",
            "(deftemplate t (slot a (range 1 2) (allowed-symbols a)))",
            "(deftemplate t (slot a (allowed-integers 1) (allowed-floats 1.5)))",
        ] {
            assert!(template(text).is_ok(), "{text}");
        }
    }

    #[test]
    fn every_bad_slot_is_reported() {
        let text = "(deftemplate t (slot a (defualt 1)) (slot b) (slot c (type FOO) (range 1)))";
        let at: Vec<_> = errs_text(text, template(text))
            .into_iter()
            .map(|(_, at)| at)
            .collect();
        assert_eq!(at, ["defualt", "FOO", ")"]);
    }

    #[test]
    fn template_errors() {
        let cases = [
            ("(deftemplate)", "missing name for deftemplate", ")"),
            (
                "(deftemplate 1 (slot a))",
                "the name of a deftemplate must be a symbol, not the number 1",
                "1",
            ),
            (
                "(deftemplate test (slot a))",
                "`test` has a special meaning in rules and cannot be used as a deftemplate name",
                "test",
            ),
            (
                "(deftemplate t \"c\" \"d\")",
                "expected a slot definition, found the string \"d\"",
                "\"d\"",
            ),
            (
                "(deftemplate t foo)",
                "expected a slot definition, found the symbol `foo`",
                "foo",
            ),
            ("(deftemplate t (slt a))", "unknown slot kind `slt`", "slt"),
            (
                "(deftemplate t ())",
                "expected a slot definition, found the empty list `()`",
                "()",
            ),
            ("(deftemplate t (slot))", "missing slot name", ")"),
            (
                "(deftemplate t (slot \"a\"))",
                "a slot name must be a symbol, not the string \"a\"",
                "\"a\"",
            ),
            (
                "(deftemplate t (slot a) (multislot a))",
                "slot `a` is defined twice in deftemplate `t`",
                "a",
            ),
            (
                "(deftemplate t (slot a b))",
                "expected a slot attribute, found the symbol `b`",
                "b",
            ),
            (
                "(deftemplate t (slot a (defualt 1)))",
                "unknown slot attribute `defualt`",
                "defualt",
            ),
            (
                "(deftemplate t (slot a (allowed-classes A)))",
                "`allowed-classes` is not supported: Salience has no COOL objects",
                "allowed-classes",
            ),
            (
                "(deftemplate t (slot a (default 1) (default-dynamic 2)))",
                "slot `a` has both `default` and `default-dynamic`",
                "default-dynamic",
            ),
            (
                "(deftemplate t (slot a (type SYMBOL) (type STRING)))",
                "`type` is given twice for slot `a`",
                "type",
            ),
            (
                "(deftemplate t (slot a (default 1 2)))",
                "the default of single-field slot `a` must be one value",
                "2",
            ),
            (
                "(deftemplate t (slot a (default)))",
                "the default of single-field slot `a` needs a value",
                ")",
            ),
            (
                "(deftemplate t (slot a (default-dynamic)))",
                "the default of single-field slot `a` needs a value",
                ")",
            ),
            (
                "(deftemplate t (slot a (default ?NONE 1)))",
                "`?NONE` must be the only value of `default`",
                "?NONE",
            ),
            (
                "(deftemplate t (slot a (default (+ ?x 1))))",
                "a default value cannot use the variable `?x`: nothing binds it there",
                "?x",
            ),
            (
                "(deftemplate t (slot a (default ?)))",
                "a wildcard can only be used in a pattern on a rule's left-hand side",
                "?",
            ),
            (
                "(deftemplate t (slot a (range 1)))",
                "`range` needs a minimum and a maximum",
                ")",
            ),
            (
                "(deftemplate t (slot a (range 1 2 3)))",
                "`range` takes only a minimum and a maximum",
                "3",
            ),
            (
                "(deftemplate t (slot a (range a 2)))",
                "a range bound must be a number, not the symbol `a`",
                "a",
            ),
            (
                "(deftemplate t (slot a (range 3 2.5)))",
                "the minimum of `range` is greater than its maximum",
                "(range 3 2.5)",
            ),
            (
                "(deftemplate t (slot a (cardinality 1 2)))",
                "`cardinality` only applies to a multislot",
                "cardinality",
            ),
            (
                "(deftemplate t (slot a (facet)))",
                "`facet` needs a facet name",
                ")",
            ),
            (
                "(deftemplate t (slot a (facet units)))",
                "`(facet units ...)` takes exactly one value",
                ")",
            ),
            (
                "(deftemplate t (slot a (facet units cm mm)))",
                "`(facet units ...)` takes exactly one value",
                "mm",
            ),
            (
                "(deftemplate t (slot a (facet u 1) (multifacet u 2)))",
                "facet `u` is given twice for slot `a`",
                "u",
            ),
            (
                "(deftemplate t (multislot a (multifacet u (+ 1 2))))",
                "a facet's value must be a constant, not a list",
                "(+ 1 2)",
            ),
            (
                "(deftemplate t (multislot a (cardinality -1 2)))",
                "a cardinality cannot be negative, but this is -1",
                "-1",
            ),
            (
                "(deftemplate t (multislot a (cardinality 1.5 2)))",
                "a cardinality bound must be an integer, not a float",
                "1.5",
            ),
            (
                "(deftemplate t (multislot a (cardinality 3 2)))",
                "the minimum of `cardinality` is greater than its maximum",
                "(cardinality 3 2)",
            ),
            (
                "(deftemplate t (slot a (allowed-symbols a) (allowed-values b)))",
                "`allowed-values` cannot be combined with `allowed-symbols`",
                "allowed-values",
            ),
            (
                "(deftemplate t (slot a (allowed-lexemes a) (allowed-symbols b)))",
                "`allowed-symbols` cannot be combined with `allowed-lexemes`",
                "allowed-symbols",
            ),
            (
                "(deftemplate t (slot a (allowed-symbols a) (allowed-symbols b)))",
                "`allowed-symbols` is given twice for slot `a`",
                "allowed-symbols",
            ),
            (
                "(deftemplate t (slot a (range 1 2) (allowed-integers 5)))",
                "`allowed-integers` cannot be combined with `range`",
                "allowed-integers",
            ),
            (
                "(deftemplate t (slot a (type SYMBOL) (allowed-values a 1)))",
                "`allowed-values` lists 1, which the slot's `type` does not allow",
                "(allowed-values a 1)",
            ),
            (
                "(deftemplate t (slot a (range 1 2) (type SYMBOL)))",
                "the `range` bound 2 has a type the slot's `type` does not allow",
                "(slot a (range 1 2) (type SYMBOL))",
            ),
        ];
        for (text, message, at) in cases {
            assert_eq!(
                errs_text(text, template(text)),
                [(message.to_string(), at.to_string())],
                "{text}"
            );
        }
    }

    /// CLIPS's message for each error and how far CLIPS had read: the source up to
    /// `read_to` ends with the text given.
    #[test]
    fn clips_messages_and_where_clips_stops() {
        let cases = [
            (
                "(deftemplate t (field x (type SYMBOL) (range 1 3)))",
                "[CSTRNPSR1] The 'type' attribute conflicts with the 'range' attribute.",
                "(range 1 3))",
            ),
            (
                "(deftemplate t (field x (allowed-integers 4 5 6) (range 1 3.0)))",
                "[CSTRNPSR3] The 'range' attribute cannot be used in conjunction with the \
                 'allowed-integers' attribute.",
                "(range",
            ),
            (
                "(deftemplate t (field x (allowed-numbers 1) (allowed-floats 3.5)))",
                "[CSTRNPSR3] The 'allowed-floats' attribute cannot be used in conjunction with \
                 the 'allowed-number' attribute.",
                "(allowed-floats",
            ),
            (
                "(deftemplate t (field x (type INTEGER) (allowed-floats 1.0)))",
                "[CSTRNPSR1] The 'type' attribute conflicts with the 'allowed-floats/numbers' \
                 attribute.",
                "1.0))",
            ),
            (
                "(deftemplate t (field x) (field y) (field x))",
                "[PRNTUTIL5] The slot 'x' has already been parsed.",
                "(field y) (field x",
            ),
            (
                "(deftemplate t (field x (default 3) (type INTEGER) (default 5)))",
                "[PRNTUTIL5] The default attribute has already been parsed.",
                "(default",
            ),
            (
                "(deftemplate t (field x (allowed-symbols d 1.0 f)))",
                "[CSTRNPSR4] Value does not match the expected type for the 'allowed-symbols' \
                 attribute.",
                "d 1.0",
            ),
            (
                "(deftemplate t (field x (allowed-integers ?VARIABLE 1 2)))",
                "[PRNTUTIL2] Syntax Error:  Check appropriate syntax for allowed-integers \
                 attribute.",
                "?VARIABLE 1",
            ),
            (
                "(deftemplate t (field x (type FLOAT NUMBER)))",
                "[PRNTUTIL2] Syntax Error:  Check appropriate syntax for type attribute.",
                "NUMBER",
            ),
            (
                "(deftemplate t (field x (default ?NONE x)))",
                "[PRNTUTIL2] Syntax Error:  Check appropriate syntax for default attribute.",
                "?NONE x",
            ),
            (
                "(deftemplate t (field x (range 1)))",
                "[PRNTUTIL2] Syntax Error:  Check appropriate syntax for range attribute.",
                "(range 1)",
            ),
            (
                "(deftemplate t (field x (range 8 1.0)))",
                "[CSTRNPSR2] Minimum 'range' value must be less than or equal to the maximum \
                 'range' value.",
                "(range 8 1.0)",
            ),
            (
                "(deftemplate t (field x (default)))",
                "[DEFAULT1] The default value for a single field slot must be a single field \
                 value.",
                "(default)",
            ),
            (
                "(deftemplate t (slot x (cardinality 1 2)))",
                "[CSTRNPSR5] The 'cardinality' attribute can only be used with multifield \
                 slots.",
                "(cardinality",
            ),
            (
                "(deftemplate t (multislot x (cardinality -1 2)))",
                "[CSTRNPSR6] Minimum 'cardinality' value must be greater than or equal to zero.",
                "-1",
            ),
            (
                "(deftemplate t (slot x (colour red)))",
                "[PRNTUTIL2] Syntax Error:  Check appropriate syntax for slot attributes.",
                "(colour",
            ),
            (
                "(deftemplate t (slot x) foo)",
                "[PRNTUTIL2] Syntax Error:  Check appropriate syntax for deftemplate.",
                "foo",
            ),
        ];
        for (text, clips, read) in cases {
            let errors = template(text).expect_err(text);
            let first = errors.iter().min_by_key(|d| d.reached()).expect("an error");
            assert_eq!(
                first.clips.as_deref(),
                Some(format!("\n{clips}").as_str()),
                "{text}"
            );
            let read_to = first.read_to.expect("read_to");
            assert!(
                text[..read_to].ends_with(read),
                "{text}: {}",
                &text[..read_to]
            );
        }
    }
}
