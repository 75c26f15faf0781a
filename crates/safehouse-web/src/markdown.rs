//! The rules documents (Markdown) as HTML: each game's rulebook for players in the page's
//! language (the design notes, with their citations, stay out of the pages: `safehouse rules
//! <game> --design` and `docs/rules/`).

use maud::{Markup, PreEscaped};
use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd, html};

use crate::i18n::Lang;

/// A game's rulebook for players (`GameInfo::rulebook`) in `lang`, English if the game has none in
/// it, without its title line (the page names the game); its sections (`##`) become `h2` moved
/// `levels` deeper. Empty for an unknown game.
pub(crate) fn rulebook(game: &str, lang: Lang, levels: usize) -> Markup {
    let Ok(found) = safehouse_games::find(game) else { return PreEscaped(String::new()) };
    let text = found.game.info().rulebook(lang.code());
    let body = if text.starts_with("# ") { text.split_once('\n').map_or("", |(_, rest)| rest) } else { text };
    render_shifted(body, levels)
}

/// Renders Markdown with raw HTML shown as text, web links only, and headings `levels` deeper.
fn render_shifted(markdown: &str, levels: usize) -> Markup {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let events = Parser::new_ext(markdown, options).map(|event| match event {
        Event::Html(text) | Event::InlineHtml(text) => Event::Text(text),
        Event::Start(Tag::Heading { level, id, classes, attrs }) => {
            Event::Start(Tag::Heading { level: deeper(level, levels), id, classes, attrs })
        }
        Event::End(TagEnd::Heading(level)) => Event::End(TagEnd::Heading(deeper(level, levels))),
        Event::Start(Tag::Link { link_type, dest_url, title, id }) => {
            // Links inside the repository mean nothing on the table: keep only web links.
            let dest_url =
                if dest_url.starts_with("http://") || dest_url.starts_with("https://") || dest_url.starts_with('#') {
                    dest_url
                } else {
                    CowStr::Borrowed("#")
                };
            Event::Start(Tag::Link { link_type, dest_url, title, id })
        }
        other => other,
    });
    let mut out = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut out, events);
    PreEscaped(out)
}

fn deeper(level: HeadingLevel, levels: usize) -> HeadingLevel {
    HeadingLevel::try_from((level as usize + levels).min(6)).unwrap_or(HeadingLevel::H6)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_tables_and_escapes_html() {
        let html =
            render_shifted("# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<script>x</script>\n\n[x](../y.md)", 2)
                .into_string();
        assert!(html.contains("<h3>Title</h3>"), "{html}");
        assert!(html.contains("<table>"), "{html}");
        assert!(!html.contains("<script>"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
        assert!(html.contains("href=\"#\""), "{html}");
    }

    #[test]
    fn a_rulebook_drops_its_title_and_its_sections_become_h3() {
        let html = rulebook("the-safe", Lang::Ko, 1).into_string();
        assert!(html.starts_with("<p>협력 게임"), "{html}");
        assert!(html.contains("<h3>자기 차례</h3>") && !html.contains("<h1>") && !html.contains("<h2>"), "{html}");
        assert!(rulebook("the-safe", Lang::En, 0).into_string().contains("<h2>On your turn</h2>"));
        assert!(rulebook("chess", Lang::En, 1).into_string().is_empty());
    }

    #[test]
    fn every_rulebook_names_the_presets_as_the_setup_page_does() {
        for game in safehouse_games::all() {
            let info = game.info();
            for lang in Lang::ALL {
                let text = info.rulebook(lang.code());
                // A language the game has no rulebook in is shown the English one.
                let words = if lang != Lang::En && text == info.rulebook("en") { Lang::En } else { lang };
                for (preset, _, _) in game.presets() {
                    let Some((label, _)) = crate::games::text::preset_words(info.id, preset, words) else { continue };
                    assert!(
                        text.contains(&format!("*{label}*")),
                        "{} ({}): the rulebook does not call the preset `{preset}` \"{label}\"",
                        info.id,
                        lang.code()
                    );
                }
            }
        }
    }
}
