//! Safe Breaker diagnostics: the deduction bot against three rule-based bots, seats rotated as in
//! `safehouse simulate` (game `i` from `derive_seed(seed, i)`), on one thread, with a breakdown of
//! how the deduction bot goes out.
//!
//! `cargo run --release -p safehouse-bots --example safe_breaker_diag -- [games] [seed] [kind]`
//! (`kind` is any Safe Breaker bot kind, `deduction` by default, or `set:key=value,...` for
//! deduction settings; a fifth argument gives the three opponents' kind, `heuristic` by default).

use std::collections::BTreeMap;
use std::time::Instant;

use std::sync::Mutex;

use safehouse_bots::{Bot, DeductionSettings, Player, SafeBreakerDeduction, make_bot, play_game};
use safehouse_engine::{GameRng, Seat, Setup};
use safehouse_safe_breaker::deduction::candidates;
use safehouse_safe_breaker::{Action, Deduction, View};
use safehouse_safe_breaker::{Entry, SafeBreaker, Status};

/// Deduction settings from `key=value` pairs separated by commas (`set:rollouts=200,questions=36`).
fn settings(spec: &str) -> DeductionSettings {
    let mut s = DeductionSettings::default();
    for pair in spec.split(',').filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').expect("key=value");
        let x: f64 = v.parse().expect("a number");
        match k {
            "rollouts" => s.rollouts = x as usize,
            "questions" => s.questions = x as usize,
            "min_guess" => s.min_guess = x,
            "keep_turn_bits" => s.keep_turn_bits = x,
            "avoid_own" => s.avoid_own_parts = x != 0.0,
            "deduce" => s.deduce_in_rollouts = x != 0.0,
            "dice" => s.common_dice = x != 0.0,
            "read" => s.read_opponents = x != 0.0,
            "ties" => s.weigh_ties = x != 0.0,
            _ => panic!("unknown setting {k}"),
        }
    }
    s
}

/// What the deduction bot knows at each of its decisions (summed over games).
#[derive(Default)]
struct Knowledge {
    decisions: u32,
    worlds_log2: f64,
    certain: u32,
    knowers: f64,
    guesses: u32,
    guess_p: f64,
    by_turn: BTreeMap<usize, (u32, f64, f64)>,
    seconds: f64,
    slowest: f64,
}

static KNOWLEDGE: Mutex<Option<Knowledge>> = Mutex::new(None);

/// Records what the bot knows, then lets it decide.
struct Probe(Box<dyn Bot<SafeBreaker>>, usize);

impl Bot<SafeBreaker> for Probe {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        let start = Instant::now();
        let action = self.0.choose(view, legal);
        let took = start.elapsed().as_secs_f64();
        let (Some(me), Some(own)) = (view.seat(), view.own_code) else { return action };
        let Ok(d) = Deduction::from_view(view) else { return action };
        let w = d.worlds().max(1) as f64;
        let opponents: Vec<Seat> = view.active().iter().filter(|&s| s != me).collect();
        let certain = opponents.iter().filter(|&&s| d.certain_code(s).is_some()).count() as u32;
        // Chance that each opponent has my code down to one candidate (the rule-based view).
        let unary = candidates(view);
        let mut face_up = 0u64;
        for sv in &view.seats {
            if let Some(c) = sv.code() {
                face_up |= conflicts(c);
            }
        }
        let mine = unary[me.index()] & !face_up | (1 << own.index());
        let _ = mine;
        let mut knowers = 0.0;
        for &s in &opponents {
            for (code, n) in d.possible_codes(s) {
                let theirs = public_me(view, me) & !conflicts(code) & !face_up;
                if theirs.count_ones() == 1 {
                    knowers += n as f64 / w;
                }
            }
        }
        self.1 += 1;
        let mut k = KNOWLEDGE.lock().expect("lock");
        let k = k.get_or_insert_with(Knowledge::default);
        k.decisions += 1;
        k.seconds += took;
        k.slowest = k.slowest.max(took);
        k.worlds_log2 += w.log2();
        k.certain += certain;
        k.knowers += knowers;
        let e = k.by_turn.entry(self.1.min(6)).or_default();
        e.0 += 1;
        e.1 += w.log2();
        e.2 += knowers;
        if let Action::Guess { target, colour, number } = action {
            k.guesses += 1;
            k.guess_p += d.code_probability(target, safehouse_safe_breaker::Code::new(colour, number));
        }
        action
    }
}

/// My candidates from the public log alone (what the others know of me, before their own code).
fn public_me(view: &View, me: Seat) -> u64 {
    let mut spectator = view.clone();
    spectator.viewer = safehouse_engine::Viewer::Spectator;
    spectator.own_code = None;
    candidates(&spectator)[me.index()]
}

fn conflicts(code: safehouse_safe_breaker::Code) -> u64 {
    safehouse_safe_breaker::Code::all()
        .filter(|c| c.colour == code.colour || c.number == code.number)
        .fold(0, |m, c| m | (1 << c.index()))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(300);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let kind = args.get(3).cloned().unwrap_or_else(|| "deduction".to_owned());
    let others = args.get(4).cloned().unwrap_or_else(|| "heuristic".to_owned());
    let start = Instant::now();
    let mut wins = 0.0;
    let mut why: BTreeMap<String, u32> = BTreeMap::new();
    let mut decisions = 0usize;
    for index in 0..games {
        let game_seed = GameRng::derive_seed(seed, index);
        let me = Seat(((4 - index % 4) % 4) as u8); // entrant 0 sits at seat (0 - i) mod 4
        let mut players: Vec<Player<SafeBreaker>> = (0..4)
            .map(|s| {
                let k = if s == me.index() { kind.as_str() } else { others.as_str() };
                let bot_seed = GameRng::derive_seed(seed ^ 0xb075_5a17, index.wrapping_mul(16) + s as u64);
                let bot: Box<dyn Bot<SafeBreaker>> = match k.strip_prefix("set:") {
                    Some(spec) => Box::new(SafeBreakerDeduction::with_settings(settings(spec), bot_seed)),
                    None => make_bot::<SafeBreaker>(k, bot_seed).expect("bot"),
                };
                if s == me.index() { Player::Blind(Box::new(Probe(bot, 0))) } else { Player::Blind(bot) }
            })
            .collect();
        let setup = Setup::<SafeBreaker> { players: 4, options: Default::default(), seed: game_seed, deal: None };
        let played = play_game(&setup, &mut players, 100_000).expect("plays");
        wins += played.outcome.win_share(me);
        let log = played.state.log();
        decisions += log
            .iter()
            .filter(|e| match e {
                Entry::Question { asker, .. } => *asker == me,
                Entry::Guess { guesser, .. } => *guesser == me,
            })
            .count();
        let status = played.state.seat(me).map(|s| s.status);
        let key = match status {
            Some(Status::Active) => "win".to_owned(),
            Some(Status::Out { order, .. }) => {
                // The entry that put me out, and the one before it.
                let pos = log.iter().position(|e| match e {
                    Entry::Guess { guesser, target, correct, .. } => {
                        (*target == me && *correct) || (*guesser == me && !*correct)
                    }
                    _ => false,
                });
                match pos.map(|p| (p, log[p])) {
                    Some((_, Entry::Guess { guesser, .. })) if guesser == me => format!("out{order}: my wrong guess"),
                    Some((p, Entry::Guess { guesser, .. })) => {
                        let how = match p.checked_sub(1).map(|q| log[q]) {
                            Some(Entry::Question { asker, yes: Some(y), .. }) if y == guesser && asker == me => {
                                "after MY question handed them the turn"
                            }
                            Some(Entry::Question { yes: Some(y), .. }) if y == guesser => {
                                "after another's question handed them the turn"
                            }
                            Some(Entry::Question { yes: None, .. }) => "after their own all-No",
                            Some(Entry::Guess { guesser: g, correct: true, .. }) if g == guesser => {
                                "in a chain of right guesses"
                            }
                            Some(Entry::Guess { correct: false, .. }) => "after a wrong guess at them",
                            _ => "other",
                        };
                        format!("out{order}: cracked {how}")
                    }
                    _ => "other".to_owned(),
                }
            }
            None => "?".to_owned(),
        };
        *why.entry(key).or_default() += 1;
    }
    let n = games as f64;
    let p = wins / n;
    let half = 1.96 * (p * (1.0 - p) / n).sqrt();
    println!(
        "{kind} vs {others}: {games} games, seed {seed}: win share {:.1}% [{:.1}, {:.1}]; {:.1} decisions/game; {:.1} s ({:.2} ms/decision)",
        100.0 * p,
        100.0 * (p - half),
        100.0 * (p + half),
        decisions as f64 / n,
        start.elapsed().as_secs_f64(),
        1000.0 * start.elapsed().as_secs_f64() / decisions.max(1) as f64
    );
    if let Some(k) = KNOWLEDGE.lock().expect("lock").as_ref() {
        let d = f64::from(k.decisions.max(1));
        println!(
            "  per decision (plain deduction, no reading): log2 worlds {:.2}, certain opponents {:.2}, opponents knowing me {:.2}; guesses {} at mean p {:.2}",
            k.worlds_log2 / d,
            f64::from(k.certain) / d,
            k.knowers / d,
            k.guesses,
            k.guess_p / f64::from(k.guesses.max(1))
        );
        println!("  time per decision: mean {:.1} ms, slowest {:.1} ms", 1000.0 * k.seconds / d, 1000.0 * k.slowest);
        for (t, (n, wl, kn)) in &k.by_turn {
            let n = f64::from(*n);
            println!("    my decision #{t}: {n} times, log2 worlds {:.2}, knowers {:.2}", wl / n, kn / n);
        }
    }
    for (k, v) in &why {
        println!("  {k:<60} {v:>5} ({:.1}%)", 100.0 * f64::from(*v) / n);
    }
}
