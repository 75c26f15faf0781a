//! Query numbers read within the formats the API's document gives them.
//!
//! A Rust `u32` is documented as OpenAPI's `int32` (at least 0) and a `u64` as `int64`, whose
//! largest values are `i32::MAX` and `i64::MAX`; serde would read any `u32` or `u64`. A client
//! that follows the document never sends more, and a value the document does not allow is
//! refused (`400 bad_request`), not read as something else.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer};

/// An optional `int32` of at least 0 (`#[serde(deserialize_with = "bounded::int32")]`).
pub(crate) fn int32<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<u32>, D::Error> {
    at_most(deserializer, i32::MAX as u64).map(|n| n.map(|n| n as u32))
}

/// An optional `int64` of at least 0 (`#[serde(deserialize_with = "bounded::int64")]`).
pub(crate) fn int64<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<u64>, D::Error> {
    at_most(deserializer, i64::MAX as u64)
}

fn at_most<'de, D: Deserializer<'de>>(deserializer: D, max: u64) -> Result<Option<u64>, D::Error> {
    match Option::<u64>::deserialize(deserializer)? {
        Some(n) if n > max => Err(D::Error::custom(format!("{n} is larger than {max}, the most this number may be"))),
        n => Ok(n),
    }
}

#[cfg(test)]
mod tests {
    use crate::log::LogQuery;
    use crate::matches::ListQuery;
    use crate::tables::ListTables;

    #[test]
    fn query_numbers_are_read_within_their_documented_formats() {
        let read = |q: &str| serde_urlencoded::from_str::<ListQuery>(q).map(|q| q.limit);
        assert_eq!(read("limit=2147483647").ok(), Some(Some(2_147_483_647)));
        assert!(read("limit=2147483648").is_err(), "above int32");
        assert_eq!(read("").ok(), Some(None));
        let read = |q: &str| serde_urlencoded::from_str::<ListTables>(q).map(|q| q.limit);
        assert_eq!(read("limit=7").ok(), Some(Some(7)));
        assert!(read("limit=4294967295").is_err(), "above int32");
        let read = |q: &str| serde_urlencoded::from_str::<LogQuery>(q).map(|q| q.after);
        assert_eq!(read("after=9223372036854775807").ok(), Some(Some(i64::MAX as u64)));
        assert!(read("after=9223372036854775808").is_err(), "above int64");
        assert!(read("after=-1").is_err());
        assert_eq!(read("token=t").ok(), Some(None));
    }
}
