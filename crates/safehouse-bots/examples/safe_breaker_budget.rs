//! The work of the Safe Breaker deduction bot per decision, to size its work cap: every seat of
//! a seeded game plays the deduction bot of one kind (as `decision_time` seats the `hard`
//! level), and each decision's simulated actions (`DeductionWork::steps`, the unit of the
//! `<n>steps` cap) and wall time are recorded.
//!
//! `cargo run --release -p safehouse-bots --example safe_breaker_budget -- [games] [players] [seed] [kind] [caps]`
//! (defaults: 40 games, 4 players, seed 20261201 — game `i` dealt from `seed + i`, seat `s`
//! seeded `seed ^ (i * 16 + s)`, as in `decision_time` —, kind `deduction`, caps
//! `50000,100000,150000,200000,300000`). Prints the median, p99 and largest of the steps, the
//! wall and CPU milliseconds (the thread's own, from `/proc/thread-self/schedstat`) and the CPU
//! microseconds per thousand steps over the decisions that simulated, and for each cap the
//! share of those decisions it would cut short. The steps are the reproducible figure; on a
//! shared machine the CPU time is the one-core figure, the wall time includes the waits.

use std::time::Instant;

use safehouse_bots::{Bot, DeductionSettings, SafeBreakerDeduction};
use safehouse_engine::bench::{quantile, thread_cpu_ns};
use safehouse_engine::{Game, Setup, Viewer};
use safehouse_safe_breaker::SafeBreaker;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(40);
    let players: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20_261_201);
    let kind = args.get(3).cloned().unwrap_or_else(|| "deduction".to_owned());
    let caps: Vec<u64> = args
        .get(4)
        .map_or("50000,100000,150000,200000,300000", String::as_str)
        .split(',')
        .map(|c| c.parse().expect("a cap in steps"))
        .collect();
    let settings = DeductionSettings::from_kind(&kind).expect("a deduction kind");
    let (mut steps, mut millis, mut cpu, mut per_k) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let (mut decisions, mut work_capped, mut time_capped) = (0usize, 0usize, 0usize);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    for game in 0..games {
        let setup = Setup::<SafeBreaker>::new(players, seed.wrapping_add(game));
        let mut state = SafeBreaker::new(&setup).expect("setup");
        let mut bots: Vec<SafeBreakerDeduction> = (0..players)
            .map(|s| SafeBreakerDeduction::with_settings(settings, seed ^ (game * 16 + s as u64)))
            .collect();
        let mut moves = 0;
        while let Some(seat) = state.to_move() {
            moves += 1;
            if moves > 3_000 {
                break;
            }
            state.legal_actions(&mut legal);
            let view = state.view(Viewer::Seat(seat));
            let bot = &mut bots[seat.index()];
            let (start, cpu_start) = (Instant::now(), thread_cpu_ns());
            let action = bot.choose(&view, &legal);
            let ms = start.elapsed().as_secs_f64() * 1e3;
            let cpu_ms = cpu_start.zip(thread_cpu_ns()).map_or(f64::NAN, |(a, b)| (b - a) as f64 / 1e6);
            let work = bot.last_work();
            if legal.len() > 1 {
                decisions += 1;
            }
            if work.steps > 0 {
                steps.push(work.steps as f64);
                millis.push(ms);
                cpu.push(cpu_ms);
                per_k.push(cpu_ms * 1e6 / work.steps as f64);
                work_capped += usize::from(work.work_capped);
                time_capped += usize::from(work.time_capped);
            }
            events.clear();
            state.apply(&action, &mut events).expect("a legal action");
        }
    }
    let simulated = steps.len();
    let shares: Vec<String> = caps
        .iter()
        .map(|&cap| {
            let over = steps.iter().filter(|&&s| s > cap as f64).count();
            format!("{cap}: {:.1}%", 100.0 * over as f64 / simulated.max(1) as f64)
        })
        .collect();
    for v in [&mut steps, &mut millis, &mut cpu, &mut per_k] {
        v.sort_by(f64::total_cmp);
    }
    println!(
        "{kind}, {players} players, {games} games from seed {seed}: {decisions} decisions, {simulated} simulated \
         ({work_capped} cut short by the work cap, {time_capped} by the time cap)"
    );
    println!("| measure | median | p99 | largest |");
    println!("|---|---:|---:|---:|");
    for (name, v, digits) in
        [("steps", &steps, 0), ("wall ms", &millis, 2), ("CPU ms", &cpu, 2), ("CPU µs per 1000 steps", &per_k, 1)]
    {
        println!(
            "| {name} | {:.*} | {:.*} | {:.*} |",
            digits,
            quantile(v, 0.5),
            digits,
            quantile(v, 0.99),
            digits,
            v.last().copied().unwrap_or(f64::NAN)
        );
    }
    println!("decisions over a cap of ... steps: {}", shares.join(", "));
}
