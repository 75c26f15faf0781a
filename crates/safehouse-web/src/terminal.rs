//! The table's words for a terminal (`safehouse play`): seat names, action labels, log lines
//! and explanations of refused moves, exactly as the browser table says them.
//!
//! The terminal is a second face of the same table, so it reuses the game modules' words
//! ([`crate::games`]) instead of keeping its own: players are numbered from 1 ("Player 1",
//! "Bot 2"), rows as the web numbers them, and a refusal names the rule in players' words
//! rather than as a rule code. Everything here reads the JSON a seat may see (its view, its
//! legal actions, its events), like the pages do.

use serde_json::Value;

use safehouse_api::SeatKind;

use crate::api::SeatInfo;
use crate::games::{self, Ctx};
use crate::i18n::{self, Lang, seat_number};

/// Who sits in one seat, for the terminal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sitter {
    /// A person (the one at the terminal, or nobody's business which).
    Person,
    /// A bot of this level or kind (`easy`, `medium`, `hard`, or a kind such as `random`).
    Bot(String),
}

/// The words of one game's table as one seat sees it.
#[derive(Clone, Debug)]
pub struct TerminalWords {
    game: String,
    lang: Lang,
    me: u8,
    seats: Vec<SeatInfo>,
    /// What plays each seat, in words: a bot's level or kind (`random`), none for a person.
    sitters: Vec<Option<String>>,
}

impl TerminalWords {
    /// Words for game `game` (its id) in `lang`, seen from seat `me`, with `sitters` in seat order.
    pub fn new(game: &str, lang: Lang, me: u8, sitters: &[Sitter]) -> TerminalWords {
        let seats = sitters
            .iter()
            .enumerate()
            .map(|(i, sitter)| SeatInfo {
                seat: u8::try_from(i).unwrap_or(u8::MAX),
                kind: match sitter {
                    Sitter::Person => SeatKind::Person,
                    Sitter::Bot(_) => SeatKind::Bot,
                },
                joined: true,
                ..SeatInfo::default()
            })
            .collect();
        let sitters = sitters
            .iter()
            .map(|sitter| match sitter {
                Sitter::Person => None,
                Sitter::Bot(level) => Some(level.clone()),
            })
            .collect();
        TerminalWords { game: game.to_owned(), lang, me, seats, sitters }
    }

    fn cx<'a>(&'a self, legal: &'a [Value]) -> Ctx<'a> {
        Ctx { lang: self.lang, me: Some(self.me), seats: &self.seats, to_move: None, legal, live: false, hints: false }
    }

    /// The number a seat has on the table (seat 0 is player 1).
    pub fn number(seat: u8) -> u16 {
        seat_number(seat)
    }

    /// A seat as the table names it: "Player 1", "Bot 2".
    pub fn name(&self, seat: u8) -> String {
        self.cx(&[]).name(seat)
    }

    /// A seat with what plays it: "Player 1 (you)", "Bot 2 (medium)", "Bot 3 (random)".
    pub fn label(&self, seat: u8) -> String {
        let name = self.name(seat);
        match self.sitters.get(usize::from(seat)).and_then(Option::as_deref) {
            _ if seat == self.me => tr!(self.lang, "name-you-2", name = name),
            Some(level @ ("easy" | "medium" | "hard")) => format!("{name} ({})", i18n::difficulty(self.lang, level)),
            Some(kind) => format!("{name} ({kind})"),
            None => name,
        }
    }

    /// Whether the table has words for this game (it reads the game's views).
    pub fn knows_game(&self, view: &Value) -> bool {
        games::draw(&self.game, view, None, &self.cx(&[])).is_some()
    }

    /// An action in words, as the table's button or log says it (`None`: the game has no words for it).
    pub fn action(&self, view: &Value, action: &Value) -> Option<String> {
        games::action_text(&self.game, action, view, &self.cx(&[]))
    }

    /// The log lines of the events the seat received.
    pub fn events(&self, view: &Value, events: &[Value]) -> Vec<String> {
        games::event_lines(&self.game, events, view, &self.cx(&[]))
    }

    /// Why `action` broke rule `rule`, in players' words (`None`: the game has no words for that rule).
    pub fn refusal(&self, view: &Value, legal: &[Value], rule: &str, action: Option<&Value>) -> Option<String> {
        games::explain(&self.game, rule, action, view, &self.cx(legal))
    }
}

#[cfg(test)]
mod tests {
    use safehouse_engine::{DynSetup, Seat, Viewer};

    use super::*;

    #[test]
    fn names_count_from_one_and_say_who_plays() {
        let sitters = [Sitter::Person, Sitter::Bot("hard".into()), Sitter::Bot("random".into())];
        let words = TerminalWords::new("safe-breaker", Lang::En, 0, &sitters);
        assert_eq!(words.label(0), "Player 1 (you)");
        assert_eq!(words.label(1), "Bot 2 (hard)");
        assert_eq!(words.label(2), "Bot 3 (random)");
    }

    #[test]
    fn a_refused_move_is_explained_in_words() {
        let found = safehouse_games::find("safe-breaker").expect("game");
        let game = found.game.new_match(&DynSetup { seed: 1, ..DynSetup::default() }).expect("setup");
        let sitters: Vec<Sitter> = (0..game.players()).map(|_| Sitter::Person).collect();
        let words = TerminalWords::new("safe-breaker", Lang::En, 0, &sitters);
        let view = game.view(Viewer::Seat(Seat(0)));
        let action = crate::games::action_json(&safehouse_safe_breaker::Action::Guess {
            target: Seat(0),
            colour: safehouse_safe_breaker::Colour::new(0).expect("red"),
            number: safehouse_safe_breaker::Number::new(1).expect("1"),
        });
        let why = words.refusal(&view, &[], "guess_self", Some(&action)).expect("words");
        assert_eq!(why, "You cannot accuse yourself.");
        assert!(words.refusal(&view, &[], "no_such_rule", None).is_none());
    }
}
