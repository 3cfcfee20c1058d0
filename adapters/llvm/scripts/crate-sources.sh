# Sourced by the module generators that compile C and C++ sources shipped by crates.io
# crates (gen-c-modules.sh, gen-cpp-libs.sh, gen-new-kinds.sh).
#
#   crate_sources PROJ PACKAGE < DEPENDENCIES
#       Writes a cargo project PROJ named PACKAGE whose `[dependencies]` are the lines read
#       from stdin (pinned versions), rewriting its Cargo.toml only when it changes, and
#       downloads them once into cargo's own cache (`cargo fetch`). Sets `proj`.
#   pkgdir CRATE
#       The folder of CRATE's package (its manifest's folder), from `cargo metadata` of
#       that project.

crate_sources() {
  proj=$1
  mkdir -p "$proj/src"
  {
    printf '[package]\nname = "%s"\nversion = "0.1.0"\nedition = "2021"\npublish = false\n\n[dependencies]\n' "$2"
    cat
    printf '\n[workspace]\n'
  } > "$proj/Cargo.toml.new.$$"
  if ! cmp -s "$proj/Cargo.toml.new.$$" "$proj/Cargo.toml" 2>/dev/null; then
    mv "$proj/Cargo.toml.new.$$" "$proj/Cargo.toml"
  else
    rm "$proj/Cargo.toml.new.$$"
  fi
  [ -f "$proj/src/main.rs" ] || echo 'fn main() {}' > "$proj/src/main.rs"
  (cd "$proj" && cargo fetch -q) >&2
}

pkgdir() {
  (cd "$proj" && cargo metadata -q --format-version 1) \
    | grep -o "\"manifest_path\":\"[^\"]*/$1-[0-9][^\"]*/Cargo.toml\"" | head -n 1 \
    | sed -e 's/^"manifest_path":"//' -e 's#/Cargo.toml"$##'
}
