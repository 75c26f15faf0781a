//! What a player can do, what can happen, and the public log of questions and guesses.

use std::fmt;

use safehouse_engine::Seat;
use serde::{Deserialize, Serialize};

use crate::cards::{Code, Colour, Number, SeatSet};

/// One decision of the seat to move.
///
/// Answers are not decisions: every answer is forced by the answerer's code (001:21-23), so a
/// question is resolved round the table in one action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Ask the next player to the left "Do you have `colour` lock `number`?" (001:19-24).
    Ask {
        /// The colour asked about.
        colour: Colour,
        /// The number asked about.
        number: Number,
    },
    /// Point at another player: "You have `colour` `number`!" (001:26-30).
    Guess {
        /// The accused.
        target: Seat,
        /// The lock guessed.
        colour: Colour,
        /// The key guessed.
        number: Number,
    },
    /// Keep it simple only: "Your lock is `colour`!" (001:36).
    GuessLock {
        /// The accused.
        target: Seat,
        /// The lock guessed.
        colour: Colour,
    },
    /// Keep it simple only: "Your key is `number`!" (001:36).
    GuessKey {
        /// The accused.
        target: Seat,
        /// The key guessed.
        number: Number,
    },
}

impl Action {
    /// The guess this action makes and at whom, or `None` for a question.
    pub fn guess(self) -> Option<(Seat, Guess)> {
        match self {
            Action::Ask { .. } => None,
            Action::Guess { target, colour, number } => Some((target, Guess::Code { colour, number })),
            Action::GuessLock { target, colour } => Some((target, Guess::Lock { colour })),
            Action::GuessKey { target, number } => Some((target, Guess::Key { number })),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Ask { colour, number } => write!(f, "ask: {colour} lock {number}? ({}{number})", colour.letter()),
            Action::Guess { target, colour, number } => {
                write!(f, "guess {target} has {colour} {number} ({}{number})", colour.letter())
            }
            Action::GuessLock { target, colour } => write!(f, "guess {target}'s lock is {colour}"),
            Action::GuessKey { target, number } => write!(f, "guess {target}'s key is {number}"),
        }
    }
}

/// What a guess names: the whole code, or (Keep it simple) one half.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Guess {
    /// Lock and key.
    Code {
        /// The lock guessed.
        colour: Colour,
        /// The key guessed.
        number: Number,
    },
    /// The lock only.
    Lock {
        /// The lock guessed.
        colour: Colour,
    },
    /// The key only.
    Key {
        /// The key guessed.
        number: Number,
    },
}

impl Guess {
    /// Whether the guess is right about a holder of `code`.
    #[inline]
    pub fn matches(self, code: Code) -> bool {
        match self {
            Guess::Code { colour, number } => code.colour == colour && code.number == number,
            Guess::Lock { colour } => code.colour == colour,
            Guess::Key { number } => code.number == number,
        }
    }
}

impl fmt::Display for Guess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Guess::Code { colour, number } => write!(f, "{colour} {number}"),
            Guess::Lock { colour } => write!(f, "lock {colour}"),
            Guess::Key { number } => write!(f, "key {number}"),
        }
    }
}

/// One half of a code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Half {
    /// The lock.
    Lock {
        /// Its colour.
        colour: Colour,
    },
    /// The key.
    Key {
        /// Its number.
        number: Number,
    },
}

impl fmt::Display for Half {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Half::Lock { colour } => write!(f, "lock {colour}"),
            Half::Key { number } => write!(f, "key {number}"),
        }
    }
}

/// Why a seat left the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OutReason {
    /// Another player guessed the code (001:29), or its second half (001:39).
    Cracked,
    /// The seat guessed wrong (001:30), or wrong about a half (S11, `simple_wrong_guess`).
    WrongGuess,
}

/// Something that happened at the table.
///
/// Everything is public except the code of a wrong guesser whose parts go face down
/// (001:30, `reveal_wrong_guesser_code: false`): [`crate::SafeBreaker`]'s `event_view`
/// removes it for everybody but that seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// `asker` asked the player on the left (`to`) about `colour` and `number` (001:19).
    Asked {
        /// Who asked.
        asker: Seat,
        /// The first seat asked: the next player still in the game to the asker's left.
        to: Seat,
        /// The colour asked about.
        colour: Colour,
        /// The number asked about.
        number: Number,
    },
    /// A seat answered the question going round (001:21-23).
    Answered {
        /// Who answered.
        seat: Seat,
        /// "Yes" (they hold the colour or the number) or "No".
        yes: bool,
    },
    /// Everybody answered "No": the asker goes again (001:24).
    AllAnsweredNo {
        /// Who asked.
        asker: Seat,
    },
    /// A guess and whether it was right (001:26-30, 001:35-40).
    Guessed {
        /// Who guessed.
        guesser: Seat,
        /// The accused.
        target: Seat,
        /// What was guessed.
        guess: Guess,
        /// Whether it was right.
        correct: bool,
    },
    /// A half of a code was turned face up after a right half guess (001:37).
    HalfShown {
        /// Whose half.
        seat: Seat,
        /// The half.
        half: Half,
    },
    /// A seat is out of the game.
    Eliminated {
        /// Who is out.
        seat: Seat,
        /// Why.
        reason: OutReason,
        /// Whether the parts went face up (everybody sees `code`).
        face_up: bool,
        /// The code; `None` in the copy shown to other seats when the parts went face down.
        code: Option<Code>,
    },
    /// The seat whose turn it now is.
    Turn {
        /// Whose turn.
        seat: Seat,
    },
    /// The game is over: one player is left (001:31-32).
    GameOver {
        /// The last player standing.
        winner: Seat,
    },
    /// At the end every code still hidden is turned face up (001:7, 001:32).
    CodeShown {
        /// Whose code.
        seat: Seat,
        /// The code.
        code: Code,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Asked { asker, to, colour, number } => {
                write!(f, "{asker} asks {to}: \"Do you have {colour} lock {number}?\"")
            }
            Event::Answered { seat, yes } => write!(f, "{seat}: {}", if *yes { "Yes" } else { "No" }),
            Event::AllAnsweredNo { asker } => write!(f, "everybody said No: {asker} goes again"),
            Event::Guessed { guesser, target, guess, correct } => {
                write!(f, "{guesser} guesses {target} has {guess}: {}", if *correct { "right" } else { "wrong" })
            }
            Event::HalfShown { seat, half } => write!(f, "{seat} shows their {half}"),
            Event::Eliminated { seat, reason, code, .. } => {
                let why = match reason {
                    OutReason::Cracked => "code cracked",
                    OutReason::WrongGuess => "wrong guess",
                };
                match code {
                    Some(code) => write!(f, "{seat} is out ({why}): {code}"),
                    None => write!(f, "{seat} is out ({why}), code face down"),
                }
            }
            Event::Turn { seat } => write!(f, "{seat} to play"),
            Event::GameOver { winner } => write!(f, "{winner} is the last player standing and wins"),
            Event::CodeShown { seat, code } => write!(f, "{seat}'s code was {code}"),
        }
    }
}

/// One entry of the public log: what every player at the table saw and heard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Entry {
    /// A question and its answers.
    Question {
        /// Who asked.
        asker: Seat,
        /// The colour asked about.
        colour: Colour,
        /// The number asked about.
        number: Number,
        /// Seats that answered "No" (neither part).
        no: SeatSet,
        /// The seat that answered "Yes" (and took the turn), or `None` if everybody said "No".
        yes: Option<Seat>,
    },
    /// A guess and its result.
    Guess {
        /// Who guessed.
        guesser: Seat,
        /// The accused.
        target: Seat,
        /// What was guessed.
        guess: Guess,
        /// Whether it was right.
        correct: bool,
    },
}

/// A line of the board's log (the view's text): seats numbered from 1, as on the table.
impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entry::Question { asker, colour, number, no, yes } => {
                write!(f, "seat {} asked \"{}{number}?\":", asker.0 + 1, colour.letter())?;
                let mut sep = " ";
                for seat in no.iter_after(*asker) {
                    write!(f, "{sep}{} No", seat.0 + 1)?;
                    sep = ", ";
                }
                match yes {
                    Some(seat) => write!(f, "{sep}{} Yes", seat.0 + 1),
                    None => write!(f, " -> nobody, {} asks again", asker.0 + 1),
                }
            }
            Entry::Guess { guesser, target, guess, correct } => {
                let verdict = if *correct { "RIGHT" } else { "wrong" };
                write!(f, "seat {} guessed seat {} has {guess}: {verdict}", guesser.0 + 1, target.0 + 1)
            }
        }
    }
}
