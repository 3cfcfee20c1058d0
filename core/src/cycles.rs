//! Cycle merging (stub).
