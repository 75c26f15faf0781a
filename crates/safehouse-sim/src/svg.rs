//! Small hand-written SVG charts for the balance report: horizontal bars with 95% whiskers and
//! horizontal box plots. No fonts or system libraries needed, and the output is plain text
//! that is the same on every machine.

use std::fmt::Write as _;

use crate::{Distribution, Estimate};

const WIDTH: f64 = 880.0;
const LABEL: f64 = 330.0;
const RIGHT: f64 = 30.0;
const ROW: f64 = 26.0;
const TOP: f64 = 46.0;
const BOTTOM: f64 = 44.0;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// "Nice" tick steps covering `lo..hi`.
fn ticks(lo: f64, hi: f64) -> Vec<f64> {
    let span = (hi - lo).max(1e-9);
    let raw = span / 6.0;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step =
        [1.0, 2.0, 2.5, 5.0, 10.0].iter().map(|m| m * magnitude).find(|s| span / s <= 7.0).unwrap_or(magnitude * 10.0);
    let mut out = Vec::new();
    let mut t = (lo / step).ceil() * step;
    while t <= hi + step * 1e-6 {
        out.push(if t.abs() < step * 1e-9 { 0.0 } else { t });
        t += step;
    }
    out
}

struct Frame {
    lo: f64,
    hi: f64,
    rows: usize,
}

impl Frame {
    fn height(&self) -> f64 {
        TOP + ROW * self.rows as f64 + BOTTOM
    }

    fn x(&self, v: f64) -> f64 {
        LABEL + (v - self.lo) / (self.hi - self.lo).max(1e-12) * (WIDTH - LABEL - RIGHT)
    }

    fn y(&self, row: usize) -> f64 {
        TOP + ROW * row as f64 + ROW / 2.0
    }

    fn open(&self, out: &mut String, title: &str, x_label: &str, format: &dyn Fn(f64) -> String) {
        let h = self.height();
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{h}" viewBox="0 0 {WIDTH} {h}" font-family="sans-serif" font-size="12">"#
        );
        let _ = writeln!(out, r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
        let _ = writeln!(out, r#"<text x="{}" y="22" font-size="15" font-weight="bold">{}</text>"#, 10, escape(title));
        let bottom = TOP + ROW * self.rows as f64;
        for t in ticks(self.lo, self.hi) {
            let x = self.x(t);
            let _ = writeln!(out, r##"<line x1="{x:.1}" y1="{TOP}" x2="{x:.1}" y2="{bottom}" stroke="#dddddd"/>"##);
            let _ = writeln!(
                out,
                r#"<text x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
                bottom + 15.0,
                escape(&format(t))
            );
        }
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
            (LABEL + WIDTH - RIGHT) / 2.0,
            bottom + 34.0,
            escape(x_label)
        );
    }

    fn label(&self, out: &mut String, row: usize, text: &str) {
        let text = if text.chars().count() > 52 {
            format!("{}…", text.chars().take(51).collect::<String>())
        } else {
            text.to_owned()
        };
        let text = text.as_str();
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{:.1}" text-anchor="end">{}</text>"#,
            LABEL - 8.0,
            self.y(row) + 4.0,
            escape(text)
        );
    }
}

/// Horizontal bars of estimates with their 95% whiskers, and an optional dashed reference line
/// (e.g. the fair share). `percent` shows values as percentages.
pub fn bars(title: &str, x_label: &str, rows: &[(String, Estimate)], reference: Option<f64>, percent: bool) -> String {
    let mut lo = rows
        .iter()
        .map(|(_, e)| e.low.min(e.mean))
        .fold(f64::INFINITY, f64::min)
        .min(reference.unwrap_or(f64::INFINITY));
    let mut hi = rows
        .iter()
        .map(|(_, e)| e.high.max(e.mean))
        .fold(f64::NEG_INFINITY, f64::max)
        .max(reference.unwrap_or(f64::NEG_INFINITY));
    if !lo.is_finite() || !hi.is_finite() {
        (lo, hi) = (0.0, 1.0);
    }
    lo = lo.min(0.0);
    let pad = (hi - lo).max(1e-6) * 0.05;
    let frame = Frame { lo, hi: hi + pad, rows: rows.len() };
    let format =
        move |v: f64| if percent { format!("{:.0}%", v * 100.0) } else { format!("{}", (v * 1e6).round() / 1e6) };
    let mut out = String::new();
    frame.open(&mut out, title, x_label, &format);
    for (row, (label, e)) in rows.iter().enumerate() {
        frame.label(&mut out, row, label);
        let y = frame.y(row);
        let (x0, x1) = (frame.x(0.0_f64.max(frame.lo)), frame.x(e.mean));
        let _ = writeln!(
            out,
            r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="#6d9ecf"/>"##,
            x0.min(x1),
            y - 8.0,
            (x1 - x0).abs(),
            16.0
        );
        let (wl, wh) = (frame.x(e.low), frame.x(e.high));
        let _ = writeln!(
            out,
            r##"<line x1="{wl:.1}" y1="{y:.1}" x2="{wh:.1}" y2="{y:.1}" stroke="#222222" stroke-width="1.5"/>"##
        );
        for w in [wl, wh] {
            let _ = writeln!(
                out,
                r##"<line x1="{w:.1}" y1="{:.1}" x2="{w:.1}" y2="{:.1}" stroke="#222222" stroke-width="1.5"/>"##,
                y - 5.0,
                y + 5.0
            );
        }
        let text = if percent { format!("{:.1}%", e.mean * 100.0) } else { format!("{:.2}", e.mean) };
        let _ = writeln!(out, r#"<text x="{:.1}" y="{:.1}">{}</text>"#, wh + 5.0, y + 4.0, escape(&text));
    }
    if let Some(r) = reference {
        let x = frame.x(r);
        let _ = writeln!(
            out,
            r##"<line x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}" stroke="#cc3333" stroke-dasharray="5,4" stroke-width="1.5"/>"##,
            TOP - 4.0,
            TOP + ROW * rows.len() as f64
        );
    }
    out.push_str("</svg>\n");
    out
}

/// Horizontal box plots: whiskers from the 10th to the 90th percentile, the box from the 25th
/// to the 75th, a line at the median and a dot at the mean.
pub fn boxes(title: &str, x_label: &str, rows: &[(String, Distribution)]) -> String {
    let mut lo = rows.iter().map(|(_, d)| d.p10.min(d.mean)).fold(f64::INFINITY, f64::min);
    let mut hi = rows.iter().map(|(_, d)| d.p90.max(d.mean)).fold(f64::NEG_INFINITY, f64::max);
    if !lo.is_finite() || !hi.is_finite() {
        (lo, hi) = (0.0, 1.0);
    }
    let pad = (hi - lo).max(1.0) * 0.05;
    let frame = Frame { lo: lo - pad, hi: hi + pad, rows: rows.len() };
    let mut out = String::new();
    frame.open(&mut out, title, x_label, &|v| format!("{}", (v * 1e6).round() / 1e6));
    for (row, (label, d)) in rows.iter().enumerate() {
        frame.label(&mut out, row, label);
        let y = frame.y(row);
        let (w0, w1) = (frame.x(d.p10), frame.x(d.p90));
        let _ = writeln!(out, r##"<line x1="{w0:.1}" y1="{y:.1}" x2="{w1:.1}" y2="{y:.1}" stroke="#222222"/>"##);
        for w in [w0, w1] {
            let _ = writeln!(
                out,
                r##"<line x1="{w:.1}" y1="{:.1}" x2="{w:.1}" y2="{:.1}" stroke="#222222"/>"##,
                y - 5.0,
                y + 5.0
            );
        }
        let (b0, b1) = (frame.x(d.p25), frame.x(d.p75));
        let _ = writeln!(
            out,
            r##"<rect x="{b0:.1}" y="{:.1}" width="{:.1}" height="16" fill="#a9c8e8" stroke="#222222"/>"##,
            y - 8.0,
            (b1 - b0).max(1.0)
        );
        let m = frame.x(d.median);
        let _ = writeln!(
            out,
            r##"<line x1="{m:.1}" y1="{:.1}" x2="{m:.1}" y2="{:.1}" stroke="#222222" stroke-width="2"/>"##,
            y - 8.0,
            y + 8.0
        );
        let _ = writeln!(out, r##"<circle cx="{:.1}" cy="{y:.1}" r="3" fill="#cc3333"/>"##, frame.x(d.mean));
        let _ = writeln!(out, r#"<text x="{:.1}" y="{:.1}">{:.1}</text>"#, w1 + 5.0, y + 4.0, d.median);
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_cover_the_range() {
        let t = ticks(0.0, 1.0);
        assert_eq!(t.len(), 6);
        assert!(t.iter().zip([0.0, 0.2, 0.4, 0.6, 0.8, 1.0]).all(|(a, b)| (a - b).abs() < 1e-9), "{t:?}");
        assert_eq!(ticks(180.0, 320.0), vec![180.0, 200.0, 220.0, 240.0, 260.0, 280.0, 300.0, 320.0]);
        assert_eq!(ticks(3.0, 97.0), vec![20.0, 40.0, 60.0, 80.0]);
    }

    #[test]
    fn charts_are_well_formed_svg() {
        let e = Estimate { mean: 0.3, low: 0.25, high: 0.35, n: 100 };
        let svg = bars("t <&>", "x", &[("a".into(), e)], Some(0.25), true);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains("t &lt;&amp;&gt;"));
        let d = Distribution::of(&[1.0, 2.0, 3.0, 4.0]);
        let svg = boxes("b", "x", &[("a".into(), d)]);
        assert_eq!(svg.matches("<rect").count(), 2);
    }
}
