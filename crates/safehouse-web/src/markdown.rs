//! The rules documents (Markdown) as HTML.

use maud::{Markup, PreEscaped};
use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd, html};

/// Renders a rules document. Raw HTML in the document is shown as text, and headings move down
/// two levels so that the document sits under the page's own `h1` and `h2`.
pub(crate) fn render(markdown: &str) -> Markup {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let events = Parser::new_ext(markdown, options).map(|event| match event {
        Event::Html(text) | Event::InlineHtml(text) => Event::Text(text),
        Event::Start(Tag::Heading { level, id, classes, attrs }) => {
            Event::Start(Tag::Heading { level: deeper(level), id, classes, attrs })
        }
        Event::End(TagEnd::Heading(level)) => Event::End(TagEnd::Heading(deeper(level))),
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

fn deeper(level: pulldown_cmark::HeadingLevel) -> pulldown_cmark::HeadingLevel {
    use pulldown_cmark::HeadingLevel as H;
    match level {
        H::H1 => H::H3,
        H::H2 => H::H4,
        H::H3 => H::H5,
        _ => H::H6,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_tables_and_escapes_html() {
        let html =
            render("# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<script>x</script>\n\n[x](../y.md)").into_string();
        assert!(html.contains("<h3>Title</h3>"), "{html}");
        assert!(html.contains("<table>"), "{html}");
        assert!(!html.contains("<script>"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
        assert!(html.contains("href=\"#\""), "{html}");
    }
}
