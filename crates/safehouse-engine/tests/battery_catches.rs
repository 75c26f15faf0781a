//! The battery must be able to fail: a toy game with a planted bug of each kind is caught.
//!
//! The toy: two seats each hold one hidden card (0..10); on a turn a seat guesses the other's
//! card, passes, or secretly swaps its own card for another number (a choice only the mover
//! sees: the other seat and the spectator are told that a swap happened, not to what); a right
//! guess wins. Each `Bug` plants one fault. The toy is honest
//! everywhere else: `determinize` copies whatever the view shows (so a leaked card is copied
//! faithfully, as a real game's determinization would) and `redeal` re-deals exactly the cards
//! the viewer cannot see, written from the state, not from the view. So a leak can only be
//! caught by the hiding check itself.

use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

use safehouse_engine::testing::{Redeal, check_random_games};
use safehouse_engine::{
    ActionError, Game, GameInfo, GameOptions, GameRng, OptionDoc, Outcome, Seat, Setup, SetupError, Viewer,
};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Bug {
    #[default]
    None,
    /// A seat's view shows the opponent's card.
    LeakyView,
    /// The spectator's view shows seat 0's card.
    LeakySpectatorView,
    /// The event of a guess shows everybody the card guessed at.
    LeakyEvent,
    /// The event of a swap shows everybody the number the mover chose: a leak of the mover's own
    /// secret choice, which only the mover's action says (no card of the state shows it before).
    LeakySecretChoice,
    /// Every view's history shows the numbers the seats swapped to.
    LeakySecretChoiceInView,
    /// `outcome()` is already `Some` while the game is being played.
    EarlyOutcome,
    /// `redeal` re-deals nothing (so no leak could ever be caught).
    IdleRedeal,
    /// An illegal guess changes the state before it is rejected.
    DirtyRejection,
    /// The game never ends: a right guess does not win.
    Endless,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct Toy {
    bug: Bug,
}

impl GameOptions for Toy {
    fn validate(&self, players: usize) -> Result<(), SetupError> {
        safehouse_engine::check_players(players, 2, 2)
    }
    fn docs() -> Vec<OptionDoc> {
        Vec::new()
    }
}

safehouse_engine::rule_codes! {
    /// The toy's rules.
    enum Rule {
        /// Cards are 0 to 9.
        NoCard => "no_card",
        /// After 30 turns a pass is refused.
        MustGuess => "must_guess",
        /// What others see of a swap is not an action.
        NotAnAction => "not_an_action",
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
enum Guess {
    Card(u8),
    Pass,
    /// Swap one's own card for the number given (secret).
    Swap(u8),
    /// A swap as the other seat and the spectator see it (in views and events, never legal).
    Swapped,
}

impl fmt::Display for Guess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

/// A guess, as the state knows it: with the card guessed at, which only its holder may see.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Told {
    seat: Seat,
    guess: Guess,
    target_card: Option<u8>,
}

impl fmt::Display for Told {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Guessing {
    bug: Bug,
    cards: [u8; 2],
    to_move: Option<Seat>,
    winner: Option<Seat>,
    turns: u32,
    /// Every action so far, in order: seat 0 plays the even ones, seat 1 the odd ones (every
    /// action but a winning guess passes the turn). Public, except the numbers swapped to.
    said: Vec<Guess>,
    scratch: u32,
    rng: GameRng,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct ToyView {
    bug: Bug,
    me: Option<Seat>,
    my_card: Option<u8>,
    other_card: Option<u8>,
    seat0_card: Option<u8>,
    to_move: Option<Seat>,
    winner: Option<Seat>,
    turns: u32,
    said: Vec<Guess>,
}

impl fmt::Display for ToyView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

impl Game for Guessing {
    type Options = Toy;
    type Action = Guess;
    type Event = Told;
    type View = ToyView;
    type Deal = [u8; 2];

    const INFO: GameInfo = GameInfo {
        id: "toy",
        aliases: &[],
        name: "Toy",
        summary: "",
        min_players: 2,
        max_players: 2,
        default_players: 2,
        cooperative: false,
        table_talk: true,
        rules: "toy",
        players_rules: &[],
    };

    fn new(setup: &Setup<Self>) -> Result<Self, SetupError> {
        setup.options.validate(setup.players)?;
        let mut rng = GameRng::from_seed(setup.seed);
        let cards = setup.deal.unwrap_or([rng.below(10) as u8, rng.below(10) as u8]);
        Ok(Guessing {
            bug: setup.options.bug,
            cards,
            to_move: Some(Seat(0)),
            winner: None,
            turns: 0,
            said: Vec::new(),
            scratch: 0,
            rng,
        })
    }
    fn players(&self) -> usize {
        2
    }
    fn to_move(&self) -> Option<Seat> {
        self.to_move
    }
    fn legal_actions(&self, out: &mut Vec<Guess>) {
        out.clear();
        if self.to_move.is_some() {
            out.extend((0..10).map(Guess::Card));
            if self.turns < 30 || self.bug == Bug::Endless {
                out.push(Guess::Pass);
                out.extend((0..10).map(Guess::Swap));
            }
        }
    }
    fn apply(&mut self, action: &Guess, events: &mut Vec<Told>) -> Result<(), ActionError> {
        let Some(seat) = self.to_move else { return Err(ActionError::GameOver) };
        if self.bug == Bug::DirtyRejection {
            self.scratch += 1;
        }
        let other = seat.next(2);
        match *action {
            Guess::Card(n) | Guess::Swap(n) if n >= 10 => {
                return Err(ActionError::illegal(Rule::NoCard, "cards are 0 to 9"));
            }
            Guess::Swapped => return Err(ActionError::illegal(Rule::NotAnAction, "name the number")),
            Guess::Pass | Guess::Swap(_) if self.turns >= 30 && self.bug != Bug::Endless => {
                return Err(ActionError::illegal(Rule::MustGuess, "guess now"));
            }
            Guess::Swap(n) => {
                self.cards[seat.index()] = n;
                self.to_move = Some(other);
            }
            Guess::Card(n) if n == self.cards[other.index()] && self.bug != Bug::Endless => {
                self.winner = Some(seat);
                self.to_move = None;
            }
            _ => self.to_move = Some(other),
        }
        self.turns += 1;
        self.said.push(*action);
        let target_card = matches!(action, Guess::Card(_)).then_some(self.cards[other.index()]);
        events.push(Told { seat, guess: *action, target_card });
        Ok(())
    }
    fn view(&self, viewer: Viewer) -> ToyView {
        let me = viewer.seat();
        ToyView {
            bug: self.bug,
            me,
            my_card: me.map(|s| self.cards[s.index()]),
            other_card: if self.bug == Bug::LeakyView { me.map(|s| self.cards[s.next(2).index()]) } else { None },
            seat0_card: (self.bug == Bug::LeakySpectatorView && me.is_none()).then_some(self.cards[0]),
            to_move: self.to_move,
            winner: self.winner,
            turns: self.turns,
            said: self
                .said
                .iter()
                .enumerate()
                .map(|(turn, guess)| {
                    let mover = Seat((turn % 2) as u8);
                    let shown = viewer.is(mover) || self.bug == Bug::LeakySecretChoiceInView;
                    if matches!(guess, Guess::Swap(_)) && !shown { Guess::Swapped } else { *guess }
                })
                .collect(),
        }
    }
    fn event_view(&self, event: &Told, viewer: Viewer) -> Option<Told> {
        let holder = event.seat.next(2);
        let shown = self.bug == Bug::LeakyEvent || viewer.is(holder);
        let choice_shown = self.bug == Bug::LeakySecretChoice || viewer.is(event.seat);
        let guess = if matches!(event.guess, Guess::Swap(_)) && !choice_shown { Guess::Swapped } else { event.guess };
        Some(Told { guess, target_card: event.target_card.filter(|_| shown), ..*event })
    }
    fn outcome(&self) -> Option<Outcome> {
        let winner = match (self.winner, self.bug) {
            (Some(winner), _) => winner,
            (None, Bug::EarlyOutcome) => Seat(0),
            (None, _) => return None,
        };
        let scores: Vec<i64> = (0..2).map(|i| i64::from(i == winner.index())).collect();
        let keys: Vec<Vec<i64>> = scores.iter().map(|s| vec![*s]).collect();
        Some(Outcome::ranked(scores, &keys, "guessed", "the code was guessed"))
    }
    fn determinize(view: &ToyView, rng: &mut GameRng) -> Result<Self, SetupError> {
        let me = view.me.ok_or_else(|| SetupError::InconsistentView("spectator".into()))?;
        let mut cards = [0; 2];
        cards[me.index()] = view.my_card.unwrap_or(0);
        // Whatever the view shows is copied, as a real game's determinization would.
        cards[me.next(2).index()] = view.other_card.unwrap_or_else(|| rng.below(10) as u8);
        Ok(Guessing {
            bug: view.bug,
            cards,
            to_move: view.to_move,
            winner: view.winner,
            turns: view.turns,
            said: view.said.clone(),
            scratch: 0,
            rng: rng.fork(),
        })
    }
}

impl Redeal for Guessing {
    fn redeal(&self, viewer: Viewer, rng: &mut GameRng) -> Self {
        let mut game = self.clone();
        if self.bug == Bug::IdleRedeal {
            return game;
        }
        game.rng = rng.fork();
        for seat in Seat::all(2).filter(|s| !viewer.is(*s)) {
            game.cards[seat.index()] = rng.below(10) as u8;
            // The numbers this seat swapped to are hidden too: drawn anew, the last one being
            // the card it now holds.
            let swaps: Vec<usize> = (0..game.said.len())
                .filter(|&turn| turn % 2 == seat.index() && matches!(game.said[turn], Guess::Swap(_)))
                .collect();
            for (k, &turn) in swaps.iter().enumerate() {
                let number = if k + 1 == swaps.len() { game.cards[seat.index()] } else { rng.below(10) as u8 };
                game.said[turn] = Guess::Swap(number);
            }
        }
        game
    }
}

fn battery_with(bug: Bug) -> Result<(), String> {
    let setups: Vec<Setup<Guessing>> = (0..20).map(|seed| Setup::new(2, seed).with_options(Toy { bug })).collect();
    catch_unwind(AssertUnwindSafe(|| check_random_games(&setups, 500, |_| {}))).map_err(|panic| {
        panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default()
    })
}

#[test]
fn a_correct_game_passes() {
    assert_eq!(battery_with(Bug::None), Ok(()));
}

#[test]
fn a_leaky_seat_view_is_caught_by_the_hiding_check() {
    let leaky = battery_with(Bug::LeakyView).expect_err("a leaky view must fail");
    assert!(leaky.contains("seat 1's view differs between two deals") && leaky.contains("/other_card"), "{leaky}");
}

#[test]
fn a_leaky_spectator_view_is_caught() {
    let leaky = battery_with(Bug::LeakySpectatorView).expect_err("a leaky spectator view must fail");
    assert!(leaky.contains("the spectator's view differs") && leaky.contains("/seat0_card"), "{leaky}");
}

#[test]
fn a_leaky_event_is_caught() {
    let leaky = battery_with(Bug::LeakyEvent).expect_err("a leaky event must fail");
    assert!(leaky.contains("is shown other events") && leaky.contains("/target_card"), "{leaky}");
}

#[test]
fn a_leak_of_the_movers_secret_choice_is_caught() {
    // In an event: the other action tried in the re-deal (another swap) shows the same view but
    // another event.
    let leaky = battery_with(Bug::LeakySecretChoice).expect_err("an event showing a secret choice must fail");
    assert!(leaky.contains("is shown other events") && leaky.contains("/0/guess"), "{leaky}");
    // In the views' history: a re-deal draws the swapped numbers anew.
    let leaky = battery_with(Bug::LeakySecretChoiceInView).expect_err("a view showing a secret choice must fail");
    assert!(leaky.contains("view differs between two deals") && leaky.contains("/said/"), "{leaky}");
}

#[test]
fn a_redeal_that_deals_nothing_is_caught() {
    let idle = battery_with(Bug::IdleRedeal).expect_err("an idle redeal must fail");
    assert!(idle.contains("re-deals nothing"), "{idle}");
}

#[test]
fn each_other_planted_bug_is_caught() {
    let early = battery_with(Bug::EarlyOutcome).expect_err("an outcome during play must fail");
    assert!(early.contains("not over but has an outcome"), "{early}");
    let dirty = battery_with(Bug::DirtyRejection).expect_err("a dirty rejection must fail");
    assert!(dirty.contains("changed the state"), "{dirty}");
    let endless = battery_with(Bug::Endless).expect_err("an endless game must fail");
    assert!(endless.contains("did not end"), "{endless}");
}

#[test]
fn golden_playthroughs_catch_a_change_and_a_stale_file() {
    use safehouse_engine::testing::compare_golden_playthroughs;
    let dir = std::env::temp_dir().join(format!("safehouse-golden-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(compare_golden_playthroughs::<Guessing>(&dir, &[1, 2], 6, true), Vec::<String>::new());
    assert_eq!(compare_golden_playthroughs::<Guessing>(&dir, &[1, 2], 6, false), Vec::<String>::new());
    let file = dir.join("default-seed1.txt");
    let text = std::fs::read_to_string(&file).expect("written");
    assert!(text.contains("### view of seat 1") && text.contains("### legal actions (21): Card(0); Card(1)"), "{text}");
    std::fs::write(&file, text.replacen("Card(3)", "Card(4)", 1)).expect("write");
    std::fs::write(dir.join("old-seed9.txt"), "").expect("write");
    let found = compare_golden_playthroughs::<Guessing>(&dir, &[1, 2], 6, false);
    assert!(found.iter().any(|f| f.starts_with("default-seed1.txt: differs")), "{found:?}");
    assert!(found.iter().any(|f| f.starts_with("old-seed9.txt: stale")), "{found:?}");
    assert_eq!(compare_golden_playthroughs::<Guessing>(&dir, &[1, 2, 3], 6, false).len(), 3, "a missing file");
    let _ = std::fs::remove_dir_all(&dir);
}
