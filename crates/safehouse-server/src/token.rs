//! Seat tokens, invite codes and match ids: random, from the operating system's generator.
//!
//! A token is 256 random bits written as 64 hex digits; only its SHA-256 is stored, so a copy
//! of the database opens no seat.

use sha2::{Digest, Sha256};

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    // The OS generator failing is not something a request can cause; there is no safe fallback.
    if let Err(error) = getrandom::fill(&mut bytes) {
        panic!("the operating system's random generator failed: {error}");
    }
    bytes
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 15)] as char);
    }
    out
}

/// A new seat token (256 bits).
pub fn new_token() -> String {
    hex(&random_bytes::<32>())
}

/// A new invite code (128 bits).
pub fn new_invite() -> String {
    hex(&random_bytes::<16>())
}

/// A new match id (80 bits, 20 hex digits).
pub fn match_id() -> String {
    hex(&random_bytes::<10>())
}

/// A random 64-bit seed.
pub fn random_u64() -> u64 {
    u64::from_le_bytes(random_bytes::<8>())
}

/// The hex SHA-256 of a token or invite code.
pub fn hash(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

/// Compares two hashes without an early exit.
pub fn same_hash(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_hashed() {
        let (a, b) = (new_token(), new_token());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_eq!(new_invite().len(), 32);
        assert_eq!(match_id().len(), 20);
        assert_eq!(hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert!(same_hash(&hash(&a), &hash(&a)));
        assert!(!same_hash(&hash(&a), &hash(&b)));
    }
}
