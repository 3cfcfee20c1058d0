#[global_allocator]
static ALLOC: rust_traps::AlignCheck = rust_traps::AlignCheck;

fn main() {
    for line in rust_traps::report() {
        println!("{line}");
    }
}
