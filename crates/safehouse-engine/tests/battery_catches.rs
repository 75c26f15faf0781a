//! The battery must be able to fail: a toy game with a planted bug of each kind is caught.
//!
//! The toy: two seats each hold one hidden card (0..10); on a turn a seat guesses the other's
//! card or passes; a right guess wins. Each `Bug` plants one fault.

use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

use safehouse_engine::testing::check_random_games;
use safehouse_engine::{
    ActionError, Game, GameInfo, GameOptions, GameRng, OptionDoc, Outcome, Seat, Setup, SetupError, Viewer,
};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Bug {
    #[default]
    None,
    /// The view shows the opponent's card.
    LeakyView,
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
enum Guess {
    Card(u8),
    Pass,
}

impl fmt::Display for Guess {
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
    scratch: u32,
    rng: GameRng,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct ToyView {
    bug: Bug,
    me: Option<Seat>,
    my_card: Option<u8>,
    other_card: Option<u8>,
    to_move: Option<Seat>,
    winner: Option<Seat>,
    turns: u32,
}

impl fmt::Display for ToyView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

impl Game for Guessing {
    type Options = Toy;
    type Action = Guess;
    type Event = Guess;
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
        rules: "toy",
        players_rules: &[],
    };

    fn new(setup: &Setup<Self>) -> Result<Self, SetupError> {
        setup.options.validate(setup.players)?;
        let mut rng = GameRng::from_seed(setup.seed);
        let cards = setup.deal.unwrap_or([rng.below(10) as u8, rng.below(10) as u8]);
        Ok(Guessing { bug: setup.options.bug, cards, to_move: Some(Seat(0)), winner: None, turns: 0, scratch: 0, rng })
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
            }
        }
    }
    fn apply(&mut self, action: &Guess, events: &mut Vec<Guess>) -> Result<(), ActionError> {
        let Some(seat) = self.to_move else { return Err(ActionError::GameOver) };
        if self.bug == Bug::DirtyRejection {
            self.scratch += 1;
        }
        let other = seat.next(2);
        match *action {
            Guess::Card(n) if n >= 10 => return Err(ActionError::illegal("no_card", "cards are 0 to 9")),
            Guess::Pass if self.turns >= 30 && self.bug != Bug::Endless => {
                return Err(ActionError::illegal("must_guess", "guess now"));
            }
            Guess::Card(n) if n == self.cards[other.index()] && self.bug != Bug::Endless => {
                self.winner = Some(seat);
                self.to_move = None;
            }
            _ => self.to_move = Some(other),
        }
        self.turns += 1;
        events.push(*action);
        Ok(())
    }
    fn view(&self, viewer: Viewer) -> ToyView {
        let me = viewer.seat();
        ToyView {
            bug: self.bug,
            me,
            my_card: me.map(|s| self.cards[s.index()]),
            other_card: if self.bug == Bug::LeakyView { me.map(|s| self.cards[s.next(2).index()]) } else { None },
            to_move: self.to_move,
            winner: self.winner,
            turns: self.turns,
        }
    }
    fn event_view(&self, event: &Guess, _viewer: Viewer) -> Option<Guess> {
        Some(*event)
    }
    fn outcome(&self) -> Option<Outcome> {
        let winner = self.winner?;
        let scores: Vec<i64> = (0..2).map(|i| i64::from(i == winner.index())).collect();
        let keys: Vec<Vec<i64>> = scores.iter().map(|s| vec![*s]).collect();
        Some(Outcome::ranked(scores, &keys, "guessed", ""))
    }
    fn determinize(view: &ToyView, rng: &mut GameRng) -> Result<Self, SetupError> {
        let me = view.me.ok_or_else(|| SetupError::InconsistentView("spectator".into()))?;
        let mut cards = [0; 2];
        cards[me.index()] = view.my_card.unwrap_or(0);
        cards[me.next(2).index()] = view.other_card.unwrap_or(rng.below(10) as u8);
        // A leaky view is copied faithfully, so only the hiding check can notice it: sample anyway.
        if view.bug == Bug::LeakyView {
            cards[me.next(2).index()] = rng.below(10) as u8;
        }
        Ok(Guessing {
            bug: view.bug,
            cards,
            to_move: view.to_move,
            winner: view.winner,
            turns: view.turns,
            scratch: 0,
            rng: rng.fork(),
        })
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
fn each_planted_bug_is_caught() {
    let leaky = battery_with(Bug::LeakyView).expect_err("a leaky view must fail");
    assert!(leaky.contains("different view"), "{leaky}");
    let dirty = battery_with(Bug::DirtyRejection).expect_err("a dirty rejection must fail");
    assert!(dirty.contains("changed the state"), "{dirty}");
    let endless = battery_with(Bug::Endless).expect_err("an endless game must fail");
    assert!(endless.contains("did not end"), "{endless}");
}
