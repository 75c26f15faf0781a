//! The Safe diagnostics: a line-up of bots plays games seeded as `safehouse simulate` seeds them
//! (game `i` from `derive_seed(seed, i)`, entrants rotated over the seats), on one thread, and the
//! first mission's end is broken down: how often it is cracked, and why it is not (cards left in
//! the draw pile, a colour every seat holds, a colour the naming seat could not be sure of), with
//! each bot's decision time per move (median, p99) and the campaign rate.
//!
//! `cargo run --release -p safehouse-bots --example the_safe_diag -- [players] [games] [seed] [kinds]`
//! (`kinds` is a comma list as for `--bots`, one per seat, rotated; a single kind fills every seat;
//! default `team`). Options are the game's defaults (`docs/rules/the-safe.md`). With
//! `DIAG_FROM=<k>` it plays games `k..k+games` of the same run, so shards add up to it exactly.

use std::collections::BTreeMap;
use std::time::Instant;

use safehouse_bots::{Player, TheSafeOmniscient};
use safehouse_engine::{Game, GameRng, Seat, Setup};
use safehouse_the_safe::deduction::mission_end_certainty;
use safehouse_the_safe::{Event, MissionResult, Options, Phase, TheSafe};

/// A 95% interval for a share of `n` (Wilson score).
fn wilson(hits: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let (p, n) = (hits as f64 / n as f64, n as f64);
    let z = 1.96f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (100.0 * (centre - half).max(0.0), 100.0 * (centre + half).min(1.0))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let players: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let games: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(200);
    let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(20261201);
    let kinds: Vec<String> =
        args.get(4).cloned().unwrap_or_else(|| "team".to_owned()).split(',').map(str::to_owned).collect();
    let options: Options = serde_json::from_str(args.get(5).map_or(r#"{"on_mission_fail":"lose"}"#, String::as_str))
        .expect("options JSON");
    let mut first = 0u64;
    let mut campaign = 0u64;
    let mut won = 0u64;
    let mut why: BTreeMap<String, u64> = BTreeMap::new();
    let mut times: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    let started = Instant::now();
    // `DIAG_FROM=<k>` plays games k..k+games instead (shards of one run add up exactly).
    let from: u64 = std::env::var("DIAG_FROM").ok().and_then(|v| v.parse().ok()).unwrap_or(0);
    for index in from..from + games {
        let game_seed = GameRng::derive_seed(seed, index);
        let mut seats: Vec<Player<TheSafe>> = (0..players)
            .map(|s| {
                let kind = &kinds[(s + index as usize) % kinds.len()];
                let bot_seed = GameRng::derive_seed(seed ^ 0x5eed, index.wrapping_mul(16) + s as u64);
                match kind.as_str() {
                    // The omniscient bot before the planner: the rule-based plays, the true code.
                    "old-omniscient" => Player::Omniscient(Box::new(TheSafeOmniscient::new(bot_seed))),
                    _ => Player::<TheSafe>::of_kind(kind, bot_seed).expect("bot kind"),
                }
            })
            .collect();
        let setup = Setup::<TheSafe> { players, options: options.clone(), seed: game_seed, deal: None };
        let mut state = TheSafe::new(&setup).expect("setup");
        let (mut legal, mut events) = (Vec::new(), Vec::new());
        let mut first_done = false;
        let mut streak_from_start = true;
        while let Some(seat) = state.to_move() {
            state.legal_actions(&mut legal);
            let player = &mut seats[seat.index()];
            let name = player.name().to_owned();
            let t = Instant::now();
            let action = player.choose(&state, seat, &legal);
            times.entry(name).or_default().push(t.elapsed().as_secs_f64());
            assert!(legal.contains(&action), "illegal {action:?}");
            let before = state.clone();
            events.clear();
            state.apply(&action, &mut events).expect("legal");
            for event in &events {
                match *event {
                    Event::MissionEnded { .. } if !first_done => {
                        // When the safe cannot be cracked the next mission is already dealt:
                        // describe the table just before the last move instead.
                        if std::env::var("DIAG_SHOW").is_ok_and(|v| v.parse::<u64>().is_ok_and(|n| index < n)) {
                            show(&state, players);
                        }
                        let key = if matches!(state.phase(), Phase::Naming { .. }) {
                            end_of_play(&state, players)
                        } else {
                            format!(
                                "{}, a colour every seat holds",
                                end_of_play(&before, players).split(", namer").next().unwrap_or("")
                            )
                        };
                        LAST.with(|l| *l.borrow_mut() = Some(key));
                    }
                    Event::MissionResolved { report } => {
                        if report.attempt <= 5 {
                            streak_from_start &= report.result == MissionResult::Cracked;
                        }
                        if first_done {
                            continue;
                        }
                        first_done = true;
                        let cracked = report.result == MissionResult::Cracked;
                        first += u64::from(cracked);
                        let key = LAST.with(|l| l.borrow_mut().take()).unwrap_or_default();
                        let outcome = if cracked { "cracked" } else { "failed" };
                        *why.entry(format!("{outcome}: {key}")).or_default() += 1;
                    }
                    _ => {}
                }
            }
        }
        campaign += u64::from(streak_from_start && state.completed() >= 5 && state.attempts() == 5);
        won += u64::from(state.outcome().is_some_and(|o| o.scores.first().copied().unwrap_or(0) >= 5));
    }
    why.retain(|_, v| *v > 0);
    let (lo, hi) = wilson(first, games);
    let (clo, chi) = wilson(campaign, games);
    let (wlo, whi) = wilson(won, games);
    println!(
        "{players} players, {games} games from {from}, seed {seed}, bots {}, options {}: mission 1 {first}/{games} = {:.1}% [{lo:.1}, {hi:.1}], missions 1-5 in a row \
         {campaign} = {:.1}% [{clo:.1}, {chi:.1}], won {won} = {:.1}% [{wlo:.1}, {whi:.1}] ({:.1} s)",
        kinds.join(","),
        serde_json::to_string(&options).unwrap_or_default(),
        100.0 * first as f64 / games as f64,
        100.0 * campaign as f64 / games as f64,
        100.0 * won as f64 / games as f64,
        started.elapsed().as_secs_f64()
    );
    for (key, count) in &why {
        println!("  {count:5}  {key}");
    }
    for (name, mut t) in times {
        t.sort_by(f64::total_cmp);
        let at = |q: f64| t[((t.len() - 1) as f64 * q) as usize] * 1e6;
        println!(
            "  {name}: {} decisions, median {:.0} µs, p99 {:.0} µs, max {:.0} µs",
            t.len(),
            at(0.5),
            at(0.99),
            at(1.0)
        );
    }
}

thread_local! {
    static LAST: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Why the first mission's play ended as it did: the draw pile, the hands and the naming seats' certainty.
fn end_of_play(state: &TheSafe, players: usize) -> String {
    let pile = state.draw_pile().len();
    let left: usize = (0..players).map(|s| state.hand(Seat(s as u8)).len()).sum();
    let mut key = if pile > 0 { format!("pile left ({pile})") } else { "pile empty".to_owned() };
    if left == 0 {
        key.push_str(", hands empty");
    } else {
        key.push_str(&format!(", {left} cards in hands"));
    }
    match mission_end_certainty(state) {
        Some(Ok(certainty)) => {
            let unsure = certainty.iter().filter(|c| !c.namer_certain()).count();
            key.push_str(&format!(", namer unsure of {unsure}"));
        }
        _ => key.push_str(", a colour every seat holds"),
    }
    key
}

/// Prints the end of play: the table, every hand, the code, and what each naming seat can deduce.
fn show(state: &TheSafe, players: usize) {
    println!("{}", state.view(safehouse_engine::Viewer::Spectator));
    for s in 0..players {
        println!("  seat {s} holds {}", state.hand(Seat(s as u8)));
    }
    println!("  code {}", state.code());
    if let Some(Ok(certainty)) = mission_end_certainty(state) {
        for c in certainty {
            println!("  {}: namer {:?}, certain {:?}", c.colour, c.namer, c.certain);
        }
    }
}
