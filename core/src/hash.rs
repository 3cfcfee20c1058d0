//! Structural hash (stub).
