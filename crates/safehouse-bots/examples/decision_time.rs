//! Decision time per difficulty level and game: how long a bot at `easy`, `medium` and `hard`
//! takes to choose, on this thread (one core), over seeded games.
//!
//! `cargo run --release -p safehouse-bots --example decision_time -- [games] [players] [seed] [game...]`
//! (defaults: 6 games per level and game, 4 players, seed 20261201, every game with bots).
//!
//! Every seat of a game plays the level being measured (a table of bots); game `i` is dealt from
//! seed `seed + i`, seat `s` of game `i` is seeded `seed ^ (i * 16 + s)`. Every decision with more
//! than one legal action is timed (`Bot::choose` only, the view built outside the clock); a game
//! stops after 3,000 decisions. Prints one Markdown row per game and level: decisions timed,
//! median, p99 and slowest, in milliseconds of wall time and then of the thread's own CPU time
//! (Linux `/proc/thread-self/schedstat`; NaN elsewhere). The machine is shared, so the wall
//! times are an upper figure (a busy neighbour only makes decisions slower), and the CPU times
//! are the one-core figure a busy machine cannot give by the clock (a busy neighbour still
//! slows them a little, through the shared caches).

use std::time::Instant;

use safehouse_bots::{Bot, BotGame, BotVisitor, Difficulty, make_bot};
use safehouse_engine::bench::{quantile, thread_cpu_ns};
use safehouse_engine::{Setup, Viewer};

/// Decisions a game may take before it is stopped (Safe Breaker without a question limit can
/// go on for a long time between bots that never risk an accusation).
const MAX_DECISIONS: usize = 3_000;

struct Measure {
    games: u64,
    players: usize,
    seed: u64,
}

impl BotVisitor for Measure {
    type Output = ();

    fn visit<G: BotGame>(self) -> Self::Output {
        let players = self.players.clamp(G::INFO.min_players, G::INFO.max_players);
        for level in Difficulty::ALL {
            let kind = G::difficulty(level);
            let mut millis = Vec::new();
            let mut cpu_millis = Vec::new();
            let mut legal = Vec::new();
            let mut events = Vec::new();
            for game in 0..self.games {
                let setup = Setup::<G>::new(players, self.seed.wrapping_add(game));
                let mut state = G::new(&setup).expect("setup");
                let mut bots: Vec<Box<dyn Bot<G>>> = (0..players)
                    .map(|s| make_bot::<G>(level.name(), self.seed ^ (game * 16 + s as u64)).expect("level bot"))
                    .collect();
                let mut decisions = 0;
                while let Some(seat) = state.to_move() {
                    if decisions >= MAX_DECISIONS {
                        break;
                    }
                    decisions += 1;
                    state.legal_actions(&mut legal);
                    let view = state.view(Viewer::Seat(seat));
                    let (start, cpu_start) = (Instant::now(), thread_cpu_ns());
                    let action = bots[seat.index()].choose(&view, &legal);
                    let elapsed = start.elapsed();
                    let cpu = cpu_start.zip(thread_cpu_ns()).map(|(a, b)| b.saturating_sub(a));
                    if legal.len() > 1 {
                        millis.push(elapsed.as_secs_f64() * 1e3);
                        if let Some(ns) = cpu {
                            cpu_millis.push(ns as f64 / 1e6);
                        }
                    }
                    events.clear();
                    state.apply(&action, &mut events).expect("a bot chose a legal action");
                }
            }
            millis.sort_by(f64::total_cmp);
            cpu_millis.sort_by(f64::total_cmp);
            println!(
                "| {} | {} `{}` | {} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} |",
                G::INFO.id,
                level.name(),
                kind,
                millis.len(),
                quantile(&millis, 0.5),
                quantile(&millis, 0.99),
                millis.last().copied().unwrap_or(f64::NAN),
                quantile(&cpu_millis, 0.5),
                quantile(&cpu_millis, 0.99),
                cpu_millis.last().copied().unwrap_or(f64::NAN),
            );
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games = args.first().and_then(|a| a.parse().ok()).unwrap_or(6);
    let players = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let seed = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20_261_201);
    let chosen: Vec<String> = args.iter().skip(3).cloned().collect();
    let ids: Vec<String> =
        if chosen.is_empty() { safehouse_games::ids().into_iter().map(str::to_owned).collect() } else { chosen };
    println!("{games} games per level and game, {players} players, seed {seed}; times in ms\n");
    println!("| game | level | decisions | median | p99 | slowest | CPU median | CPU p99 | CPU slowest |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for id in ids {
        safehouse_bots::visit(&id, Measure { games, players, seed }).expect("a game with bots");
    }
}
