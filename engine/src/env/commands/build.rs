//! `(build <construct>)`: defines the one construct a string holds, as CLIPS's
//! `Build` reads it: what is no construct gives `FALSE` silently, a construct with
//! an error is reported as the command loop reports one (its message, then
//! `ERROR:` and the construct as read so far), and anything after the construct
//! is extraneous input.

use super::{lexeme, R};
use crate::env::load::unclosed_construct;
use crate::env::report::ConstructSource;
use crate::env::Environment;
use crate::messages;
use crate::syntax::parse::is_construct_name;
use crate::syntax::sexpr::{is_unclosed, read_next, skip_blanks, Next};
use crate::value::Value;
use std::rc::Rc;

/// `(build <lexeme>)`: `TRUE` when the text held one construct and it was defined.
pub(super) fn build(env: &mut Environment, args: &[Value]) -> R {
    let text = lexeme(args, 0, "build")?;
    // The construct, the offset after it, and the reading error of one never closed.
    let (item, end, unclosed) = match read_next(&text, 0) {
        Ok(Next::Item(item, end)) => (item, end, None),
        Err(d) if is_unclosed(&d) => match unclosed_construct(&text, 0) {
            Some(item) => (item, text.len(), Some(d)),
            None => return Ok(Value::false_sym()),
        },
        // Empty, a `)`, or a text CLIPS cannot read: no `(` starts a construct.
        Ok(Next::End | Next::StrayClose(_)) | Err(_) => return Ok(Value::false_sym()),
    };
    if !item.head().is_some_and(|h| is_construct_name(h.as_str())) {
        return Ok(Value::false_sym());
    }
    let origin = env.add_source("build", Rc::from(text.as_str()));
    let defined = match env.parse_construct(&item, unclosed) {
        Ok(Some(construct)) => env.define(&construct, &text, origin),
        Ok(None) => return Ok(Value::false_sym()),
        Err(d) => Err(d),
    };
    if let Err(d) = defined {
        let source = ConstructSource {
            name: "build",
            text: &text,
            span: item.span,
            loading: false,
        };
        env.report_construct_error(&d, &source);
        return Ok(Value::false_sym());
    }
    if skip_blanks(&text[end..]) < text.len() - end {
        env.report(&messages::strngfun::strngfun2("build"));
        return Ok(Value::false_sym());
    }
    Ok(Value::true_sym())
}

#[cfg(test)]
mod tests {
    use crate::env::commands::test_support::{captured, eval};
    use crate::value::Value;

    /// As CLIPS 6.41 answers (strngfnx's transcript).
    #[test]
    fn build_reports_as_the_command_loop_does() {
        let (mut env, _, err) = captured();
        for (text, value) in [
            ("(build deftemplate)", false),
            ("(build \"(+ 3 4)\")", false),
            ("(build \"defrule foo =>)\")", false),
            ("(build \"(defrule foo =>)\")", true),
        ] {
            assert_eq!(eval(&mut env, text), Ok(Value::boolean(value)), "{text}");
        }
        assert_eq!(err.take(), "");
        assert_eq!(
            eval(&mut env, "(build \"(defrule blah)\")"),
            Ok(Value::false_sym())
        );
        assert_eq!(
            err.take(),
            "\n[PRNTUTIL2] Syntax Error:  Check appropriate syntax for defrule.\n\nERROR:\n(defrule MAIN::blah)\n"
        );
        assert_eq!(
            eval(&mut env, "(build \"(defrule bar =>) 3\")"),
            Ok(Value::false_sym())
        );
        assert_eq!(
            err.take(),
            "[STRNGFUN2] Function 'build' encountered extraneous input.\n"
        );
    }
}
