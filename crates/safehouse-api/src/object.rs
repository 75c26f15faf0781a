//! Reading a request body as the API's document describes it: every struct from a JSON object.
//!
//! serde's derived structs also read a JSON array of their fields in order, so
//! `{"join": [0, "Ann"]}` would join seat 0 as Ann, and `["https://push.example/1"]` would be a
//! push removal. No document allows that and no client should come to rely on it, so a body is
//! read through [`JsonObject`], which hands every struct, at any depth, only a map: an array
//! where a struct belongs is refused with serde's own "invalid type: sequence, expected ..." at
//! its place. Arrays the document does describe (the seats of a new match) read as before.
//!
//! The reading is one pass: a thin [`Deserializer`] around serde_json's that asks for a map
//! wherever a struct is asked for and wraps what it hands on (maps, sequences, options, enums) so
//! that their contents are read the same way. Values serde buffers before it knows their type
//! (a `#[serde(flatten)]` field, an untagged or internally tagged enum) are read by serde's own
//! buffer afterwards; no request body of this crate has one.
//!
//! A whole number written with a fraction (`2.0`, `1e3`) reads where an integer is asked for, as
//! JSON Schema counts it an integer: the document says `integer`, and some encoders (Python's
//! `json` given a float) write it so. A fraction (`2.5`) is still refused, and so is a whole
//! number beyond 2^53, which a float cannot hold exactly.

use std::fmt;

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, VariantAccess, Visitor};

/// `T` read with every struct in it, the outermost included, from a JSON object and nothing
/// else. `ApiJson` (the `extract` module, feature `axum`) reads its body through it, and so must
/// a body read by hand.
#[derive(Debug)]
pub struct JsonObject<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for JsonObject<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // The body itself is an object even when `T` is not a struct (a `Value`, a map).
        deserializer.deserialize_map(plain(AnyVisitor::<T>(std::marker::PhantomData))).map(JsonObject)
    }
}

/// Hands a map it is given to `T`, read through [`Objects`]; refuses anything else.
struct AnyVisitor<T>(std::marker::PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for AnyVisitor<T> {
    type Value = T;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        T::deserialize(de::value::MapAccessDeserializer::new(map))
    }
}

/// A deserializer, seed or visitor whose structs read from maps only (see the module's text).
/// A visitor with `WHOLE` set was asked for an integer, and takes a whole float as one.
struct Objects<X, const WHOLE: bool = false>(X);

/// `x` wrapped to read structs from maps only.
fn plain<X>(x: X) -> Objects<X> {
    Objects(x)
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Objects<S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<S::Value, D::Error> {
        self.0.deserialize(plain(deserializer))
    }
}

/// Forwards `deserialize_*` methods to the wrapped deserializer with the visitor wrapped.
macro_rules! forward_wrapped {
    ($($method:ident($($arg:ident: $ty:ty),*);)*) => {
        $(fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, D::Error> {
            self.0.$method($($arg,)* plain(visitor))
        })*
    };
}

/// Forwards the integer `deserialize_*` methods with the visitor wrapped to take whole floats.
macro_rules! forward_integers {
    ($($method:ident)*) => {
        $(fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
            self.0.$method(Objects::<V, true>(visitor))
        })*
    };
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Objects<D> {
    type Error = D::Error;

    forward_wrapped! {
        deserialize_any();
        deserialize_bool();
        deserialize_f32();
        deserialize_f64();
        deserialize_char();
        deserialize_str();
        deserialize_string();
        deserialize_bytes();
        deserialize_byte_buf();
        deserialize_option();
        deserialize_unit();
        deserialize_unit_struct(name: &'static str);
        deserialize_newtype_struct(name: &'static str);
        deserialize_seq();
        deserialize_tuple(len: usize);
        deserialize_tuple_struct(name: &'static str, len: usize);
        deserialize_map();
        deserialize_enum(name: &'static str, variants: &'static [&'static str]);
        deserialize_identifier();
        deserialize_ignored_any();
    }

    forward_integers! {
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
    }

    /// The one change: a struct is asked of the JSON as a map, which refuses an array.
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_map(plain(visitor))
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

/// Forwards `visit_*` methods that carry a value with nothing inside to read to the wrapped
/// visitor.
macro_rules! forward_values {
    ($($method:ident($ty:ty);)*) => {
        $(fn $method<E: de::Error>(self, v: $ty) -> Result<V::Value, E> {
            self.0.$method(v)
        })*
    };
}

/// 2^53: every whole number up to it is a float exactly, so a whole float up to it is the number
/// that was written; beyond it a float may be a neighbour of what was written.
const EXACT_FLOAT_LIMIT: f64 = 9_007_199_254_740_992.0;

impl<'de, V: Visitor<'de>, const WHOLE: bool> Visitor<'de> for Objects<V, WHOLE> {
    type Value = V::Value;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        self.0.expecting(formatter)
    }

    forward_values! {
        visit_bool(bool);
        visit_i64(i64);
        visit_i128(i128);
        visit_u64(u64);
        visit_u128(u128);
        visit_char(char);
        visit_str(&str);
        visit_borrowed_str(&'de str);
        visit_string(String);
        visit_bytes(&[u8]);
        visit_borrowed_bytes(&'de [u8]);
        visit_byte_buf(Vec<u8>);
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<V::Value, E> {
        if WHOLE && v.fract() == 0.0 && v.abs() <= EXACT_FLOAT_LIMIT {
            // Both conversions are exact: `v` is whole and within 2^53.
            return if v >= 0.0 { self.0.visit_u64(v as u64) } else { self.0.visit_i64(v as i64) };
        }
        self.0.visit_f64(v)
    }

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        self.0.visit_none()
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<V::Value, D::Error> {
        self.0.visit_some(plain(deserializer))
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        self.0.visit_unit()
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, deserializer: D) -> Result<V::Value, D::Error> {
        self.0.visit_newtype_struct(plain(deserializer))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        self.0.visit_seq(plain(seq))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.0.visit_map(plain(map))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        self.0.visit_enum(plain(data))
    }
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for Objects<A> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, A::Error> {
        self.0.next_element_seed(plain(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Objects<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, A::Error> {
        self.0.next_key_seed(seed)
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, A::Error> {
        self.0.next_value_seed(plain(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: EnumAccess<'de>> EnumAccess<'de> for Objects<A> {
    type Error = A::Error;
    type Variant = Objects<A::Variant>;

    fn variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<(T::Value, Self::Variant), A::Error> {
        self.0.variant_seed(seed).map(|(value, variant)| (value, plain(variant)))
    }
}

impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for Objects<A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.0.unit_variant()
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, A::Error> {
        self.0.newtype_variant_seed(plain(seed))
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        self.0.tuple_variant(len, plain(visitor))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        self.0.struct_variant(fields, plain(visitor))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Join {
        seat: u8,
        name: Option<String>,
    }

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Kind {
        Person,
        Bot,
    }

    #[derive(Debug, PartialEq, Deserialize)]
    struct Seat {
        kind: Kind,
        #[serde(default)]
        name: Option<String>,
    }

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Create {
        game: String,
        seats: Vec<Seat>,
        #[serde(default)]
        join: Option<Join>,
        #[serde(default)]
        options: Option<Value>,
    }

    fn read<T: for<'de> Deserialize<'de>>(text: &str) -> Result<T, String> {
        serde_json::from_str::<JsonObject<T>>(text).map(|JsonObject(value)| value).map_err(|e| e.to_string())
    }

    /// What serde reads from objects reads the same, at every depth, and arrays the document
    /// describes stay arrays.
    #[test]
    fn objects_read_as_serde_reads_them() {
        let text = r#"{"game": "cash", "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot"}],
                       "join": {"seat": 0, "name": null}, "options": {"a": [1, {"b": 2}]}}"#;
        let plain: Create = serde_json::from_str(text).expect("serde reads it");
        assert_eq!(read::<Create>(text), Ok(plain));
        assert_eq!(read::<Value>(r#"{"a": [1, {"b": null}], "c": 1.5}"#), Ok(json!({"a": [1, {"b": null}], "c": 1.5})));
    }

    /// An array where a struct belongs is refused at any depth, where serde alone reads it;
    /// the other errors are serde's.
    #[test]
    fn an_array_is_no_struct_at_any_depth() {
        let refused = [
            r#"["cash", []]"#,
            r#"{"game": "cash", "seats": [], "join": [0, "Ann"]}"#,
            r#"{"game": "cash", "seats": [["bot", null]]}"#,
        ];
        for text in refused {
            assert!(serde_json::from_str::<Create>(text).is_ok(), "serde alone reads {text}");
            let error = read::<Create>(text).expect_err(text);
            assert!(error.contains("invalid type: sequence"), "{text}: {error}");
        }
        assert!(read::<Value>("[1]").is_err(), "the body itself is an object");
        assert!(read::<Create>(r#"{"game": "cash", "seats": [], "join": {"seat": 256}}"#).is_err());
        let unknown = read::<Create>(r#"{"game": "cash", "seats": [], "pad": 1}"#).expect_err("an unknown field");
        assert!(unknown.contains("pad"), "{unknown}");
    }

    #[derive(Debug, PartialEq, Deserialize)]
    struct Numbers {
        seat: u8,
        #[serde(default)]
        seq: Option<u64>,
        #[serde(default)]
        delta: i32,
        #[serde(default)]
        weight: f64,
    }

    /// A whole number written with a fraction reads as an integer wherever one is asked for
    /// (JSON Schema counts `2.0` an integer); a fraction, a number out of the type's range and
    /// one a float cannot hold exactly are refused; floats and free JSON keep what was written.
    #[test]
    fn whole_floats_read_as_integers() {
        let read_numbers = |text: &str| read::<Numbers>(text);
        assert_eq!(
            read_numbers(r#"{"seat": 2.0, "seq": 1e3, "delta": -3.0, "weight": 2}"#),
            Ok(Numbers { seat: 2, seq: Some(1000), delta: -3, weight: 2.0 })
        );
        assert_eq!(read_numbers(r#"{"seat": -0.0}"#).map(|n| n.seat), Ok(0));
        assert_eq!(read_numbers(r#"{"seat": 0, "seq": 9007199254740992.0}"#).map(|n| n.seq), Ok(Some(1 << 53)));
        for (text, why) in [
            (r#"{"seat": 2.5}"#, "floating point"),
            (r#"{"seat": 256.0}"#, "integer `256`"),
            (r#"{"seat": -1.0}"#, "integer `-1`"),
            (r#"{"seat": 0, "seq": 9007199254740994.0}"#, "floating point"),
            (r#"{"seat": 0, "seq": 1e300}"#, "floating point"),
        ] {
            let error = read_numbers(text).expect_err(text);
            assert!(error.contains(why), "{text}: {error}");
        }
        // The plain serde reading refuses the whole float: the wrapping is what reads it.
        assert!(serde_json::from_str::<Numbers>(r#"{"seat": 2.0}"#).is_err());
        // A `Value` (an action's JSON) keeps the float: it must equal a legal action exactly.
        let kept = read::<Value>(r#"{"card": 2.0}"#).expect("a value");
        assert!(kept["card"].is_f64(), "{kept}");
    }
}
