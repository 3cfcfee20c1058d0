//! Shared machinery of the differential tests (`differential.rs`) and of the corpus
//! self-check (`corpus_selfcheck.rs`): a reader for textual IR, the outcome classifier
//! and the tool/case runner. See `classify.rs` for the outcome vocabulary.
#![allow(dead_code)]

pub mod classify;
pub mod copies;
pub mod equalities;
pub mod harness;
pub mod llparse;
pub mod rng;
