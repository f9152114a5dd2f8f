//! The floor both benches compare against: a loop that only looks every
//! byte up in a 256-entry table, nothing else.

/// The floor's table: the bytes a URL may hold (`xchar` and `%`), the kind
/// of table every parser here consults per byte.
static TABLE: [bool; 256] = {
    let mut table = [false; 256];
    let allowed =
        b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789$-_.+!*'(),;/?:@&=%";
    let mut index = 0;
    while index < allowed.len() {
        table[allowed[index] as usize] = true;
        index += 1;
    }
    table
};

/// The floor: looks every byte up in [`TABLE`], nothing else.
#[inline(never)]
pub fn floor(text: &str) -> bool {
    let mut all = true;
    for &byte in text.as_bytes() {
        all &= TABLE[byte as usize];
    }
    all
}
