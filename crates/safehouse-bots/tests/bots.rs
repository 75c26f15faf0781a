//! Bots across every game of the registry: only legal actions, reproducible decisions, the
//! JSON interface, difficulty levels.

use proptest::prelude::*;
use safehouse_bots::{
    BotError, BotGame, BotSpec, BotVisitor, Difficulty, PlayError, Player, bot_kinds, difficulty_kind, dyn_bot,
    play_game,
};
use safehouse_engine::{DynSetup, Game, Seat, Setup, Viewer};

/// Kinds every game is tested with (small budgets keep the suite fast).
fn kinds_for<G: BotGame>() -> Vec<String> {
    let mut kinds: Vec<String> = ["random", "heuristic", "noisy", "easy", "medium", "ismcts:24", "omniscient:24"]
        .iter()
        .map(|k| (*k).to_owned())
        .collect();
    for special in G::KINDS {
        if !["easy", "medium", "hard", "random", "heuristic", "noisy", "ismcts"].contains(special) {
            // Game-specific kinds with their smallest settings where they have any.
            kinds.push(if *special == "deduction" { "deduction:8:3".to_owned() } else { (*special).to_owned() });
        }
    }
    kinds
}

/// The id of the game `visit` hands over.
struct Id;

impl BotVisitor for Id {
    type Output = &'static str;
    fn visit<G: BotGame>(self) -> &'static str {
        G::INFO.id
    }
}

#[test]
fn every_game_in_the_registry_has_bots() {
    for game in safehouse_games::all() {
        let info = game.info();
        // `visit` reaches every game, by id and by alias, with that game's own type.
        for name in std::iter::once(info.id).chain(info.aliases.iter().map(|a| a.id)) {
            assert_eq!(safehouse_bots::visit(name, Id), Ok(info.id), "`visit` does not reach {name}");
        }
    }
    assert_eq!(safehouse_bots::visit("chess", Id).map_err(|e| e.code()), Err("unknown_game"));
    for id in safehouse_games::ids() {
        let kinds = bot_kinds(id);
        for required in ["easy", "medium", "hard", "random", "heuristic", "ismcts"] {
            assert!(kinds.contains(&required), "{id} does not offer `{required}`");
        }
    }
}

/// Plays one game with a line-up of kinds; an illegal choice is an error from `play_game`.
struct PlayOne {
    players: usize,
    seed: u64,
    kinds: Vec<String>,
}

impl BotVisitor for PlayOne {
    type Output = Result<(usize, Vec<String>), PlayError>;

    fn visit<G: BotGame>(self) -> Self::Output {
        let min = G::INFO.min_players;
        let max = G::INFO.max_players;
        let mut players = self.players.clamp(min, max);
        let mut options = G::Options::default();
        // Some games need an option for their smallest tables (e.g. two-player Cash).
        if G::new(&Setup::<G>::new(players, self.seed)).is_err() {
            players = G::INFO.default_players;
            options = G::Options::default();
        }
        let mut seats: Vec<Player<G>> = (0..players)
            .map(|s| {
                let kind = &self.kinds[s % self.kinds.len()];
                Player::<G>::of_kind(kind, self.seed.wrapping_add(s as u64))
                    .unwrap_or_else(|e| panic!("{}: kind {kind}: {e}", G::INFO.id))
            })
            .collect();
        let setup = Setup::<G> { players, options, seed: self.seed, deal: None };
        let played = play_game(&setup, &mut seats, 20_000)?;
        let names = seats.iter().map(|p| p.name().to_owned()).collect();
        Ok((played.actions, names))
    }
}

struct Kinds;

impl BotVisitor for Kinds {
    type Output = Vec<String>;
    fn visit<G: BotGame>(self) -> Vec<String> {
        kinds_for::<G>()
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    /// Whatever the game, the seed and the table, no bot ever picks an illegal action
    /// (`play_game` checks every choice against the legal list and the game's `apply`).
    #[test]
    fn bots_only_play_legal_actions(seed in any::<u64>(), players in 1usize..=6, shift in 0usize..8) {
        for id in safehouse_games::ids() {
            let mut kinds = safehouse_bots::visit(id, Kinds).expect("bots");
            let n = kinds.len();
            kinds.rotate_left(shift % n);
            let result = safehouse_bots::visit(id, PlayOne { players, seed, kinds: kinds.clone() }).expect("bots");
            prop_assert!(result.is_ok(), "{id} seed {seed} players {players} kinds {kinds:?}: {:?}", result.err());
        }
    }
}

/// The actions a line-up plays in one game, for comparing runs.
struct Record {
    seed: u64,
    kind: String,
}

impl BotVisitor for Record {
    type Output = Vec<String>;

    fn visit<G: BotGame>(self) -> Vec<String> {
        let players = G::INFO.default_players;
        let mut state = G::new(&Setup::<G>::new(players, self.seed)).expect("setup");
        let mut seats: Vec<Player<G>> =
            (0..players).map(|s| Player::<G>::of_kind(&self.kind, 100 + s as u64).expect("bot")).collect();
        let mut legal = Vec::new();
        let mut events = Vec::new();
        let mut out = Vec::new();
        while let Some(seat) = state.to_move() {
            state.legal_actions(&mut legal);
            let action = seats[seat.index()].choose(&state, seat, &legal);
            out.push(format!("{seat}:{action:?}"));
            events.clear();
            state.apply(&action, &mut events).expect("legal");
        }
        out
    }
}

#[test]
fn decisions_are_reproducible_from_the_seed() {
    for id in safehouse_games::ids() {
        for kind in ["random", "heuristic", "noisy", "ismcts:40"] {
            let a = safehouse_bots::visit(id, Record { seed: 7, kind: kind.to_owned() }).expect("bots");
            let b = safehouse_bots::visit(id, Record { seed: 7, kind: kind.to_owned() }).expect("bots");
            assert_eq!(a, b, "{id} {kind}: two runs from the same seeds differ");
            assert!(!a.is_empty());
        }
    }
    let a = safehouse_bots::visit("safe-breaker", Record { seed: 3, kind: "deduction:10:3".into() }).expect("bots");
    let b = safehouse_bots::visit("safe-breaker", Record { seed: 3, kind: "deduction:10:3".into() }).expect("bots");
    assert_eq!(a, b);
}

#[test]
fn different_seeds_give_different_random_games() {
    let a = safehouse_bots::visit("cash", Record { seed: 1, kind: "random".into() }).expect("bots");
    let b = safehouse_bots::visit("cash", Record { seed: 2, kind: "random".into() }).expect("bots");
    assert_ne!(a, b);
}

#[test]
fn json_bots_answer_with_one_of_the_legal_actions_and_match_typed_bots() {
    for id in safehouse_games::ids() {
        let found = safehouse_games::find(id).expect("game");
        for kind in ["random", "heuristic", "easy", "medium", "hard", "ismcts:30"] {
            let mut game = found.game.new_match(&DynSetup { seed: 11, ..DynSetup::default() }).expect("setup");
            let mut bots: Vec<_> =
                (0..game.players()).map(|s| dyn_bot(id, kind, 5 + s as u64).expect("dyn bot")).collect();
            let mut steps = 0;
            while let Some(seat) = game.to_move() {
                let view = game.view(Viewer::Seat(seat));
                let legal = game.legal_actions();
                let action = bots[seat.index()].choose(&view, &legal).expect("choice");
                assert!(legal.contains(&action), "{id} {kind}: {action} is not among the legal actions");
                game.act(seat, &action).expect("legal");
                steps += 1;
                if steps > 60 {
                    break; // Enough to exercise the JSON round trip; whole games are tested above.
                }
            }
        }
    }
}

/// The typed bot and the JSON bot of the same kind and seed choose the same actions.
struct TypedVsJson;

impl BotVisitor for TypedVsJson {
    type Output = ();

    fn visit<G: BotGame>(self) {
        let players = G::INFO.default_players;
        let mut state = G::new(&Setup::<G>::new(players, 21)).expect("setup");
        let mut typed = safehouse_bots::make_bot::<G>("heuristic", 9).expect("bot");
        let mut json = dyn_bot(G::INFO.id, "heuristic", 9).expect("bot");
        let mut legal = Vec::new();
        let mut events = Vec::new();
        for _ in 0..40 {
            let Some(seat) = state.to_move() else { break };
            state.legal_actions(&mut legal);
            let view = state.view(Viewer::Seat(seat));
            let a = typed.choose(&view, &legal);
            let view_json = serde_json::to_value(&view).expect("view");
            let legal_json: Vec<_> = legal.iter().map(|a| serde_json::to_value(a).expect("action")).collect();
            let b = json.choose(&view_json, &legal_json).expect("json choice");
            assert_eq!(serde_json::to_value(&a).expect("action"), b, "{}", G::INFO.id);
            events.clear();
            state.apply(&a, &mut events).expect("legal");
        }
    }
}

#[test]
fn typed_and_json_bots_agree() {
    for id in safehouse_games::ids() {
        safehouse_bots::visit(id, TypedVsJson).expect("bots");
    }
}

#[test]
fn run_time_interface_errors_are_typed() {
    assert!(matches!(dyn_bot("chess", "random", 0).err(), Some(BotError::Game(_))));
    let err = dyn_bot("cash", "grandmaster", 0).err().expect("unknown kind");
    assert_eq!(err.code(), "unknown_bot");
    assert!(err.to_string().contains("heuristic"), "{err}");
    assert_eq!(dyn_bot("cash", "omniscient", 0).err(), Some(BotError::OmniscientNotSeatable));
    let mut bot = dyn_bot("cash", "random", 0).expect("bot");
    assert_eq!(
        bot.choose(&serde_json::json!({"nonsense": 1}), &[serde_json::json!({"type": "pass"})]).err().map(|e| e.code()),
        Some("malformed_view")
    );
    assert_eq!(bot.choose(&serde_json::json!({}), &[]).err(), Some(BotError::NoLegalActions));
    assert!(dyn_bot("cash", "ismcts:100", 0).is_ok());
    assert!(dyn_bot("merkurya", "deduction", 0).is_ok(), "aliases resolve");
    assert!(bot_kinds("chess").is_empty());
}

#[test]
fn difficulty_levels_map_to_real_bots() {
    for id in safehouse_games::ids() {
        for level in Difficulty::ALL {
            let kind = difficulty_kind(id, level).expect("level");
            assert!(dyn_bot(id, kind, 0).is_ok(), "{id} {level:?} -> {kind}");
            assert!(dyn_bot(id, level.name(), 0).is_ok());
        }
    }
    assert_eq!(serde_json::to_string(&Difficulty::Medium).ok().as_deref(), Some("\"medium\""));
    assert_eq!(serde_json::from_str::<Difficulty>("\"hard\"").ok(), Some(Difficulty::Hard));
}

#[test]
fn kinds_parse() {
    use safehouse_club_unlock::ClubUnlock;
    assert_eq!(BotSpec::parse::<ClubUnlock>("ismcts:500"), Ok(BotSpec::Ismcts(Some(500))));
    assert_eq!(BotSpec::parse::<ClubUnlock>("ismcts"), Ok(BotSpec::Ismcts(None)));
    assert_eq!(
        BotSpec::parse::<ClubUnlock>("ismcts:4000:800ms"),
        Ok(BotSpec::IsmctsCapped { iterations: 4000, cap_ms: 800 })
    );
    assert_eq!(BotSpec::parse::<ClubUnlock>("hard"), Ok(BotSpec::IsmctsCapped { iterations: 4000, cap_ms: 800 }));
    let hard = safehouse_bots::make_bot::<ClubUnlock>("hard", 1).expect("hard");
    assert_eq!(hard.name(), "ismcts:4000:800ms", "hard is capped in time");
    assert_eq!(BotSpec::parse::<ClubUnlock>("noisy:10"), Ok(BotSpec::Noisy(10)));
    assert_eq!(BotSpec::parse::<ClubUnlock>("medium"), Ok(BotSpec::Heuristic));
    assert!(BotSpec::parse::<ClubUnlock>("deduction").is_err(), "Safe Breaker's own kind only");
}

#[test]
fn kinds_with_a_clock_cap_are_told_apart() {
    use safehouse_club_unlock::ClubUnlock;
    use safehouse_safe_breaker::SafeBreaker;
    assert!(BotSpec::parse::<ClubUnlock>("hard").expect("hard").reads_the_clock());
    assert!(!BotSpec::parse::<ClubUnlock>("ismcts:4000").expect("ismcts").reads_the_clock());
    assert!(!BotSpec::parse::<ClubUnlock>("medium").expect("medium").reads_the_clock());
    // Safe Breaker's `hard` is its deduction bot with a work cap and a clock cap.
    assert!(BotSpec::parse::<SafeBreaker>("hard").expect("hard").reads_the_clock());
    assert!(BotSpec::parse::<SafeBreaker>("deduction:800ms").expect("capped").reads_the_clock());
    assert!(!BotSpec::parse::<SafeBreaker>("deduction:50000steps").expect("work cap").reads_the_clock());
    assert!(!BotSpec::parse::<SafeBreaker>("deduction").expect("deduction").reads_the_clock());
}

/// The search sees through a simple position: a Cash seat that can crack two safes this turn
/// (the second with the serial bonus) does so rather than take a key.
#[test]
fn ismcts_cracks_what_it_can() {
    use safehouse_club_unlock::{Action, ClubUnlock, Deal};
    let deal = Deal {
        starting_keys: Some(vec![[4, 4, 4, 4], [0, 0, 0, 0], [0, 0, 0, 0]]),
        first_player: Some(Seat(0)),
        ..Deal::default()
    };
    let setup = Setup::<ClubUnlock>::new(3, 5).with_deal(deal);
    let state = ClubUnlock::new(&setup).expect("setup");
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    assert!(legal.iter().any(|a| matches!(a, Action::Crack { .. })), "{legal:?}");
    let mut bot = safehouse_bots::make_bot::<ClubUnlock>("ismcts:400", 1).expect("bot");
    let action = bot.choose(&state.view(Viewer::Seat(Seat(0))), &legal);
    assert!(matches!(action, Action::Crack { .. }), "{action:?}");
}

/// A bot that always answers the same action, legal or not.
struct Stubborn(safehouse_club_unlock::Action);

impl safehouse_bots::Bot<safehouse_club_unlock::ClubUnlock> for Stubborn {
    fn name(&self) -> &str {
        "stubborn"
    }

    fn choose(
        &mut self,
        _view: &safehouse_club_unlock::View,
        _legal: &[safehouse_club_unlock::Action],
    ) -> safehouse_club_unlock::Action {
        self.0
    }
}

#[test]
fn an_illegal_choice_is_caught() {
    use safehouse_club_unlock::{Action, ClubUnlock};
    let mut seats: Vec<Player<ClubUnlock>> = (0..4)
        .map(|_| Player::Blind(Box::new(Stubborn(Action::EndTurn)) as Box<dyn safehouse_bots::Bot<ClubUnlock>>))
        .collect();
    let result = play_game(&Setup::<ClubUnlock>::new(4, 1), &mut seats, 1_000);
    assert!(matches!(result, Err(PlayError::IllegalChoice { step: 0, .. })), "{result:?}");
}
