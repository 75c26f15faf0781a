//! Prints one game between bots, decision by decision (for developing bots):
//! `cargo run --release -p safehouse-sim --example trace -- <game> <seed> <bots> [options-json]`.

use safehouse_bots::{BotGame, BotVisitor, Player};
use safehouse_engine::{Setup, Viewer};

struct Trace {
    seed: u64,
    bots: Vec<String>,
    options: Option<serde_json::Value>,
}

impl BotVisitor for Trace {
    type Output = ();
    fn visit<G: BotGame>(self) {
        let options: G::Options = self.options.map(|o| serde_json::from_value(o).expect("options")).unwrap_or_default();
        let setup = Setup::<G> { players: self.bots.len(), options, seed: self.seed, deal: None };
        let mut state = G::new(&setup).expect("setup");
        let mut players: Vec<Player<G>> =
            self.bots.iter().enumerate().map(|(i, k)| Player::of_kind(k, i as u64).expect("bot")).collect();
        let mut legal = Vec::new();
        let mut events = Vec::new();
        while let Some(seat) = state.to_move() {
            state.legal_actions(&mut legal);
            let action = players[seat.index()].choose(&state, seat, &legal);
            println!("{seat} ({}): {}", players[seat.index()].name(), state.describe(&action));
            events.clear();
            state.apply(&action, &mut events).expect("legal");
        }
        println!("{}", state.view(Viewer::Spectator));
        println!("{:?}", state.outcome());
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map_or("cash", String::as_str);
    let seed = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let bots = safehouse_sim::parse_lineup(args.get(2).map_or("heuristic*4", String::as_str));
    let options = args.get(3).map(|o| serde_json::from_str(o).expect("options json"));
    safehouse_bots::visit(game, Trace { seed, bots, options }).expect("game");
}
