//! Printing a tournament: a table for people, JSON lines or CSV for programs (whole, or one
//! game at a time as games finish).

use std::fmt::Write as _;
use std::io::{self, Write};

use safehouse_engine::words::ordinal;
use serde_json::json;

use crate::{Estimate, GameResult, Played, Summary};

fn pct(e: &Estimate) -> String {
    format!("{:5.1}% [{:.1}, {:.1}]", 100.0 * e.mean, 100.0 * e.low, 100.0 * e.high)
}

fn signed(e: &Estimate) -> String {
    format!("{:+.1} [{:+.1}, {:+.1}]", e.mean, e.low, e.high)
}

/// The summary as a table for people.
pub fn table(summary: &Summary) -> String {
    let mut out = String::new();
    let s = summary;
    let _ = writeln!(
        out,
        "{} — {} players, {} games, seed {}, {} thread(s), {:.1} s ({:.0} games/s)",
        s.game, s.players, s.games, s.seed, s.threads, s.seconds, s.games_per_second
    );
    let _ = writeln!(out, "options: {}", s.options);
    let _ = writeln!(out);
    if let Some(team) = &s.team {
        let _ = writeln!(
            out,
            "team success: {}   (team score: mean {:.2}, median {:.1})",
            pct(&team.success),
            team.score.mean,
            team.score.median
        );
        for (k, e) in &team.reached {
            let _ = writeln!(out, "team score ≥ {k}: {}", pct(e));
        }
        let _ = writeln!(out);
    }
    let _ = writeln!(
        out,
        "{:<22} {:>5} {:>24} {:>6} {:>8} {:>24} {:>5} {:>6}",
        "bot", "seats", "win share [95% CI]", "fair", "score", "score diff [95% CI]", "rank", "Elo"
    );
    for b in &s.bots {
        let label = if b.name == b.kind { b.kind.clone() } else { format!("{} ({})", b.kind, b.name) };
        let _ = writeln!(
            out,
            "{:<22} {:>5.2} {:>24} {:>5.1}% {:>8.2} {:>24} {:>5.2} {:>6}",
            label,
            b.seats_per_game,
            pct(&b.win_share),
            100.0 * b.fair_share,
            b.score.mean,
            b.score_diff.as_ref().map(signed).unwrap_or_else(|| "—".to_owned()),
            b.mean_rank,
            b.elo.map(|e| format!("{e:.0}")).unwrap_or_else(|| "—".to_owned()),
        );
    }
    if !s.cooperative {
        let _ = writeln!(out);
        let _ = writeln!(out, "{:<12} {:>24} {:>10}", "turn order", "win share [95% CI]", "mean score");
        for p in &s.positions {
            let _ = writeln!(
                out,
                "{:<12} {:>24} {:>10.2}",
                ordinal(p.position as u64 + 1),
                pct(&p.win_share),
                p.mean_score
            );
        }
        if let Some(edge) = &s.first_player_edge {
            let _ = writeln!(
                out,
                "first player's edge: {:+.1} percentage points [{:+.1}, {:+.1}] over the fair {:.1}%",
                100.0 * edge.mean,
                100.0 * edge.low,
                100.0 * edge.high,
                100.0 / s.players as f64
            );
        }
    }
    let _ = writeln!(out);
    let l = &s.length;
    let _ = writeln!(
        out,
        "game length (decisions): mean {:.1}, sd {:.1}; min {} | p10 {} | median {} | p90 {} | max {}",
        l.mean, l.sd, l.min, l.p10, l.median, l.p90, l.max
    );
    let _ = writeln!(
        out,
        "{:<22} {:>8} {:>7} {:>6} {:>6} {:>7} {:>6} {:>6}",
        "scores", "mean", "sd", "min", "p10", "median", "p90", "max"
    );
    for b in &s.bots {
        let d = &b.score;
        let _ = writeln!(
            out,
            "{:<22} {:>8.2} {:>7.2} {:>6} {:>6} {:>7} {:>6} {:>6}",
            b.kind, d.mean, d.sd, d.min, d.p10, d.median, d.p90, d.max
        );
    }
    let reasons: Vec<String> = s.reasons.iter().map(|(r, n)| format!("{r} {n}")).collect();
    let _ = writeln!(out, "ended: {}", reasons.join(", "));
    for p in &s.programs {
        let c = &p.counts;
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "{}: {} decisions, {} answered, {} by the fallback ({}); failures: {} timeout, {} crash, {} garbage, \
             {} illegal, {} spawn; {} forfeited game(s); {} process(es) started",
            p.kind,
            c.decisions,
            c.answered,
            c.fallback_moves,
            p.fallback,
            c.timeouts,
            c.crashes,
            c.garbage,
            c.illegal,
            c.spawn,
            c.forfeits,
            c.processes
        );
        for example in &c.examples {
            let _ = writeln!(out, "  e.g. {example}");
        }
    }
    out
}

/// Every game as a JSON line (`"type": "game"`), then the summary (`"type": "summary"`).
pub fn write_json_lines(played: &Played, summary: &Summary, out: &mut impl Write) -> io::Result<()> {
    for g in &played.games {
        writeln!(out, "{}", game_json_line(g, &summary.lineup))?;
    }
    writeln!(out, "{}", summary_json_line(summary)?)
}

/// One game as a JSON object (`"type": "game"`); `lineup` names the entrants.
pub fn game_json_line(g: &GameResult, lineup: &[String]) -> serde_json::Value {
    let bots: Vec<&str> = g.entrants.iter().map(|&e| lineup.get(e).map_or("?", String::as_str)).collect();
    let mut line = json!({
        "type": "game",
        "index": g.index,
        "seed": g.seed,
        "bots": bots,
        "entrants": g.entrants,
        "scores": g.scores,
        "ranks": g.ranks,
        "win_shares": g.win_shares,
        "first_mover": g.first_mover,
        "actions": g.actions,
        "reason": g.reason,
    });
    if !g.forfeited.is_empty() {
        line["forfeited"] = json!(g.forfeited);
    }
    line
}

/// The summary as a JSON object with `"type": "summary"`.
pub fn summary_json_line(summary: &Summary) -> io::Result<serde_json::Value> {
    let mut summary_json = serde_json::to_value(summary).map_err(io::Error::other)?;
    if let Some(object) = summary_json.as_object_mut() {
        object.insert("type".to_owned(), json!("summary"));
    }
    Ok(summary_json)
}

/// Every game as a CSV row, with a header: per seat its bot, score, rank and win share.
pub fn write_csv(played: &Played, summary: &Summary, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "{}", csv_header(summary.players))?;
    for g in &played.games {
        writeln!(out, "{}", csv_row(g, &summary.lineup))?;
    }
    Ok(())
}

/// The CSV header for a table of `players`.
pub fn csv_header(players: usize) -> String {
    let mut header = String::from("index,seed,first_mover,actions,reason");
    for s in 0..players {
        let _ = write!(header, ",bot_{s},score_{s},rank_{s},win_share_{s}");
    }
    header
}

/// One game as a CSV row (no newline); `lineup` names the entrants.
pub fn csv_row(g: &GameResult, lineup: &[String]) -> String {
    let mut row = format!("{},{},{},{},{}", g.index, g.seed, g.first_mover, g.actions, csv_field(&g.reason));
    for s in 0..g.entrants.len() {
        let bot = lineup.get(g.entrants[s]).map_or("?", String::as_str);
        let _ = write!(row, ",{},{},{},{}", csv_field(bot), g.scores[s], g.ranks[s], g.win_shares[s]);
    }
    row
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text.to_owned() }
}
