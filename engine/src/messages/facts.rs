//! `FACTFILE`, and the argument types of the fact file commands (`save-facts`,
//! `bsave-facts`, `bload-facts`).

/// What the scope argument of `save-facts` and `bsave-facts` must be.
pub const SCOPE: &str = "symbol with value local or visible";

/// What a template name argument of `save-facts` and `bsave-facts` must be: a
/// template of the current module (`local`) or one visible from it.
pub fn template_name(local: bool) -> &'static str {
    if local {
        "'local deftemplate name'"
    } else {
        "'visible deftemplate name'"
    }
}

/// `[FACTFILE1]`: `file` is not a binary facts file.
pub fn factfile1(file: &str) -> String {
    format!("[FACTFILE1] File '{file}' is not a binary facts file.")
}

/// `[FACTFILE2]`: `file` is a binary facts file of another format.
pub fn factfile2(file: &str) -> String {
    format!("[FACTFILE2] File '{file}' is not a compatible binary facts file.")
}

/// `[FACTFILE3]`: a fact of a binary facts file does not fit the template
/// `template` found for it (CLIPS ends this message with no period).
pub fn factfile3(template: &str) -> String {
    format!("[FACTFILE3] Function 'bload-facts' is unable to load fact of deftemplate '{template}'")
}
