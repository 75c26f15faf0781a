//! Seat names as everybody sees them: cleaned so that one name cannot disguise itself or
//! another seat, nor spill over the page.
//!
//! A name loses control characters, bidirectional overrides, embeddings
//! and isolates (which could reverse the text around it), zero-width and other invisible
//! format characters, and keeps at most two combining marks on a letter (stacks of marks draw
//! over the lines around them, counted after decomposition). Surrounding spaces go, runs of
//! spaces become one, the name is cut to 40 characters and put in Unicode NFC.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// Most characters of a name.
pub const MAX_NAME_CHARS: usize = 40;

/// Most combining marks kept on one base character.
pub const MAX_MARKS: usize = 2;

/// Whether `c` is an invisible format character that may change how text around it reads.
fn is_format(c: char) -> bool {
    matches!(c,
        '\u{00AD}'                    // soft hyphen
        | '\u{061C}'                  // Arabic letter mark
        | '\u{180E}'                  // Mongolian vowel separator
        | '\u{200B}'..='\u{200F}'     // zero-width space/joiners, LRM, RLM
        | '\u{202A}'..='\u{202E}'     // embeddings and overrides
        | '\u{2060}'..='\u{206F}'     // word joiner, invisible operators, isolates, deprecated formats
        | '\u{FE00}'..='\u{FE0F}'     // variation selectors
        | '\u{FEFF}'                  // byte order mark
        | '\u{FFF9}'..='\u{FFFB}'     // interlinear annotations
        | '\u{E0000}'..='\u{E007F}'   // tags
    )
}

/// The name as shown.
pub fn clean(name: &str) -> String {
    clean_to(name, MAX_NAME_CHARS)
}

/// A line of text cleaned as a name is (chat lines too), cut to `max_chars` characters.
pub fn clean_to(name: &str, max_chars: usize) -> String {
    let mut out = String::new();
    let mut marks = 0usize;
    let mut chars = 0usize;
    let mut space = false;
    // Marks are counted on the decomposed text (NFC would hide some in precomposed letters),
    // and the result is composed again.
    for c in name.nfd() {
        if c.is_control() || is_format(c) {
            continue;
        }
        if is_combining_mark(c) {
            // A mark needs a letter to sit on, and only a few.
            if out.is_empty() || space || marks >= MAX_MARKS {
                continue;
            }
            marks += 1;
            out.push(c);
            continue;
        }
        marks = 0;
        if c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        // Decomposed text is longer than what is shown (a Hangul syllable is up to three jamo):
        // this only bounds the work; the limit is counted on the composed text below.
        if chars >= max_chars.saturating_mul(4) {
            break;
        }
        if space {
            out.push(' ');
            chars += 1;
            space = false;
        }
        out.push(c);
        chars += 1;
    }
    // Cut to `max_chars` characters as shown (composed), never ending in the space cut at.
    let composed: String = out.nfc().take(max_chars).collect();
    composed.trim_end().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_overrides_invisibles_and_mark_stacks() {
        assert_eq!(clean("  Ann\u{202E}ecila  "), "Annecila");
        assert_eq!(clean("a\u{2066}b\u{2069}c\u{200B}d\u{FEFF}"), "abcd");
        assert_eq!(clean("Z\u{0301}\u{0302}\u{0303}\u{0304}o"), "\u{0179}\u{0302}o");
        assert_eq!(clean("\u{00E9}\u{0301}\u{0301}\u{0301}"), "\u{00E9}\u{0301}", "a precomposed letter's mark counts");
        assert_eq!(clean("\u{0301}x"), "x", "a mark with nothing under it goes");
        assert_eq!(clean("e\u{0301}"), "\u{00E9}", "NFC");
        assert_eq!(clean("김 \t 민수"), "김 민수");
        assert_eq!(clean(&"x".repeat(100)).chars().count(), MAX_NAME_CHARS);
        assert_eq!(clean("\u{202E}\u{0301}"), "");
    }

    #[test]
    fn names_are_trimmed_limited_and_lose_controls_and_every_bidi_override() {
        // Controls of every kind: C0, DEL, C1, line breaks in the middle.
        assert_eq!(clean("\u{0007}Bo\u{0000}b\u{007F}\u{0085}\u{009B}"), "Bob");
        assert_eq!(clean("Ann\nMarie\r\n"), "AnnMarie", "a line break is a control, not a space");
        // Every embedding, override, isolate and mark (LRE RLE PDF LRO RLO, LRI RLI FSI PDI, LRM RLM ALM).
        for c in ['\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}', '\u{2068}']
            .into_iter()
            .chain(['\u{2069}', '\u{200E}', '\u{200F}', '\u{061C}'])
        {
            assert_eq!(clean(&format!("a{c}b")), "ab", "U+{:04X} is removed", c as u32);
        }
        // Trimmed, inner runs of spaces made one; a name of only spaces or invisibles is empty.
        assert_eq!(clean("\u{3000} Eve \u{00A0} Lee\u{2003}"), "Eve Lee");
        assert_eq!(clean(" \u{200B}\t "), "");
        // The limit counts characters, not bytes, and never ends in the space it cut at.
        let korean = "가".repeat(60);
        assert_eq!(clean(&korean).chars().count(), MAX_NAME_CHARS);
        let spaced = format!("{} tail", "y".repeat(MAX_NAME_CHARS));
        assert_eq!(clean(&spaced), "y".repeat(MAX_NAME_CHARS));
        let cut = format!("{} z", "w".repeat(MAX_NAME_CHARS - 1));
        assert!(!clean(&cut).ends_with(' '), "{:?}", clean(&cut));
        // Ordinary names pass unchanged.
        for name in ["Ana", "김민수", "José Ñúñez", "O'Brien-Smith", "Zoë", "Ana 2"] {
            assert_eq!(clean(name), name);
        }
    }
}
