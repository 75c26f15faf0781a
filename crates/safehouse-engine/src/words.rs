//! Small pieces of English the games' texts share: ordinals ("2nd") and counted nouns
//! ("1 safe", "3 safes"), written lazily as `Display` values so a text builds no string for them.

use std::fmt;

/// `n` as an English ordinal: `1st`, `2nd`, `3rd`, `4th`, `11th`, `12th`, `13th`, `21st`, `112th`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ordinal(pub u64);

/// `n` as an English ordinal ([`Ordinal`]).
pub fn ordinal(n: impl Into<u64>) -> Ordinal {
    Ordinal(n.into())
}

impl fmt::Display for Ordinal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0;
        let suffix = match (n % 10, n % 100) {
            (_, 11..=13) => "th",
            (1, _) => "st",
            (2, _) => "nd",
            (3, _) => "rd",
            _ => "th",
        };
        write!(f, "{n}{suffix}")
    }
}

/// `n` things in words: the singular for exactly one, the plural otherwise ("0 safes").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count<'a> {
    /// How many.
    pub n: u64,
    /// The noun for one ("safe").
    pub one: &'a str,
    /// The noun for any other number ("safes").
    pub many: &'a str,
}

/// `n` things in words ([`Count`]): `count(1, "safe", "safes")` is "1 safe", `count(2, ..)` "2 safes".
pub fn count<'a>(n: impl Into<u64>, one: &'a str, many: &'a str) -> Count<'a> {
    Count { n: n.into(), one, many }
}

impl fmt::Display for Count<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let noun = if self.n == 1 { self.one } else { self.many };
        write!(f, "{} {noun}", self.n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals_take_the_english_suffix() {
        let cases = [
            (1, "1st"),
            (2, "2nd"),
            (3, "3rd"),
            (4, "4th"),
            (10, "10th"),
            (11, "11th"),
            (12, "12th"),
            (13, "13th"),
            (21, "21st"),
            (22, "22nd"),
            (23, "23rd"),
            (101, "101st"),
            (111, "111th"),
            (112, "112th"),
            (0, "0th"),
        ];
        for (n, text) in cases {
            assert_eq!(ordinal(n as u64).to_string(), text);
        }
    }

    #[test]
    fn counts_use_the_singular_for_one_only() {
        assert_eq!(count(0u8, "safe", "safes").to_string(), "0 safes");
        assert_eq!(count(1u8, "safe", "safes").to_string(), "1 safe");
        assert_eq!(count(2u16, "marker", "markers").to_string(), "2 markers");
    }
}
