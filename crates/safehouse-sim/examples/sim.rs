//! A minimal `safehouse simulate` without the CLI, for quick runs while developing:
//! `cargo run --release -p safehouse-sim --example sim -- <game> <games> <seed> <bots> [players] [threads] [options-json]`.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |i: usize| args.get(i).map(String::as_str);
    let tournament = safehouse_sim::Tournament {
        game: get(0).unwrap_or("cash").to_owned(),
        games: get(1).and_then(|v| v.parse().ok()).unwrap_or(1_000),
        seed: get(2).and_then(|v| v.parse().ok()).unwrap_or(0),
        bots: safehouse_sim::parse_lineup(get(3).unwrap_or("heuristic")),
        players: get(4).and_then(|v| v.parse().ok()).filter(|&p: &usize| p > 0),
        options: get(6).map(serde_json::from_str).transpose()?,
        ..safehouse_sim::Tournament::default()
    };
    let threads = get(5).and_then(|v| v.parse().ok()).filter(|&t: &usize| t > 0);
    let played = tournament.run(&safehouse_sim::RunOptions { threads, progress: true, label: None })?;
    print!("{}", safehouse_sim::output::table(&played.summary()));
    Ok(())
}
