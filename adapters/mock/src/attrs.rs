//! Attribute sets: canonical order.

use mergefunc::Attr;

fn key(a: &Attr) -> (u8, u32, &[u8]) {
    match a {
        Attr::Flag(k) | Attr::Int(k, _) | Attr::Type(k, _) | Attr::Opaque(k, _) => (0, *k, &[]),
        Attr::Str(k, _) => (1, 0, k),
    }
}

/// Sorts a set (enum attributes by kind, then string attributes by key) and keeps the
/// last of duplicates.
pub fn canonical_set(s: &[Attr]) -> Box<[Attr]> {
    let mut v: Vec<Attr> = Vec::with_capacity(s.len());
    for a in s {
        if let Some(i) = v.iter().position(|b| key(b) == key(a)) {
            v[i] = a.clone();
        } else {
            v.push(a.clone());
        }
    }
    v.sort_by(|a, b| key(a).cmp(&key(b)));
    v.into()
}

/// True if the set has the flag attribute `k`.
pub fn has_flag(s: &[Attr], k: u32) -> bool {
    s.iter().any(|a| matches!(a, Attr::Flag(x) if *x == k))
}

/// True if the set has the string attribute `key`.
pub fn has_str(s: &[Attr], key: &[u8]) -> bool {
    s.iter().any(|a| matches!(a, Attr::Str(k, _) if &**k == key))
}
