//! FnTree (stub).
