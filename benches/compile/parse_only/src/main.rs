//! A program that calls only `rfc1738::parse`.
fn main() {
    let text = std::env::args().nth(1).unwrap_or_default();
    println!("{}", rfc1738::parse(&text).is_ok());
}
