fn main() {
    for line in rust_async::report() {
        println!("{line}");
    }
}
