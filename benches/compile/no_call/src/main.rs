//! The baseline of `parse_only`: the crate a dependency, nothing of it
//! called.
fn main() {
    let text = std::env::args().nth(1).unwrap_or_default();
    println!("{}", text.len());
}
