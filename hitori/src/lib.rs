//! hitori for Salience: puzzle readers, fact templates, an independent checker and renderers.
