//! What a seat (or a spectator) may see, events as they may see them, determinization from a
//! view, and the text drawing of a view for the terminal.
//!
//! Public: the colour cards, the revealed restriction cards, the rows, every hand's size, the
//! draw pile's size, which seats passed (and so which cards they cannot hold), once play ends
//! the colours each hand holds (004:48), what the team named, and each resolved mission's code.
//! Hidden: the other hands, the draw pile's cards and order, the code of the current mission
//! (until the game ends with it turned over), the face-down restriction cards and their order.

use std::fmt;

use safehouse_engine::{Game, GameOptions, GameRng, Seat, SetupError, Viewer};
use serde::{Deserialize, Serialize};

use crate::TheSafe;
use crate::actions::{Event, MissionReport};
use crate::cards::{Card, Cards, Colour, Colours};
use crate::deduction;
use crate::options::{MISSIONS, Options, RevealOrder};
use crate::rules::Reading;
use crate::state::{HeldColours, Phase, ROWS, Restriction, colour_card_pool, colours_in_play};

/// A restriction card that has been turned over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RevealedRestriction {
    /// The row (colour card) it lies under.
    pub row: u8,
    /// The restriction.
    pub restriction: Restriction,
}

/// One row as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowView {
    /// The number on the colour card: how many colours the row may hold (004:36).
    pub colour_card: u8,
    /// The restriction in force on this row this mission.
    pub restriction: Option<Restriction>,
    /// The cards, in the order played.
    pub cards: Vec<Card>,
    /// The colours in the row.
    pub colours: Colours,
    /// Every still-consistent reading (direction, value of the last card); empty while empty.
    pub readings: Vec<Reading>,
    /// The cards the row accepts now.
    pub accepts: Cards,
}

/// What one seat (or a spectator) may know: its whole information set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// Who is looking (`None`: a spectator).
    pub viewer: Option<Seat>,
    /// Number of seats.
    pub players: u8,
    /// The options in force.
    pub options: Options,
    /// The colours in play.
    pub colours: Colours,
    /// The seat that starts every mission.
    pub first_player: Seat,
    /// The current mission, 1 to 5.
    pub mission: u8,
    /// Missions cracked in the current streak.
    pub completed: u8,
    /// The longest streak (the score).
    pub best: u8,
    /// Missions played, this one included.
    pub attempts: u16,
    /// Where the game stands and whose decision it is.
    pub phase: Phase,
    /// The restriction cards turned over so far, in the order revealed.
    pub revealed: Vec<RevealedRestriction>,
    /// The four rows.
    pub rows: Vec<RowView>,
    /// The viewer's own hand (`None` for a spectator).
    pub hand: Option<Cards>,
    /// How many cards each seat holds.
    pub hand_sizes: Vec<u8>,
    /// How many cards the draw pile holds.
    pub draw_pile: u8,
    /// For each seat that passed this mission, the cards it was shown not to hold.
    pub passed: Vec<Option<Cards>>,
    /// Once play has ended: the colours each seat holds (004:48).
    pub held_colours: Option<HeldColours>,
    /// What the team has named this mission.
    pub named: Cards,
    /// The last mission resolved, with its code turned over.
    pub last_mission: Option<MissionReport>,
}

/// An event as `viewer` may see it: cards dealt or drawn by others are hidden.
pub(crate) fn filter_event(event: &Event, viewer: Viewer) -> Event {
    match *event {
        Event::Dealt { seat, count, .. } if !viewer.is(seat) => Event::Dealt { seat, count, cards: None },
        Event::Drew { seat, .. } if !viewer.is(seat) => Event::Drew { seat, card: None },
        other => other,
    }
}

fn inconsistent(reason: impl Into<String>) -> SetupError {
    SetupError::InconsistentView(reason.into())
}

impl TheSafe {
    pub(crate) fn build_view(&self, viewer: Viewer) -> View {
        let players = self.players();
        let revealed = self.reveal_order[..usize::from(self.revealed).min(ROWS)]
            .iter()
            .map(|&row| RevealedRestriction { row, restriction: self.restrictions[usize::from(row)] })
            .collect();
        let rows = (0..ROWS)
            .map(|r| {
                let row = &self.rows[r];
                RowView {
                    colour_card: self.colour_cards[r],
                    restriction: self.active[r],
                    cards: row.cards().to_vec(),
                    colours: row.colours(),
                    readings: row.readings(),
                    accepts: row.playable(),
                }
            })
            .collect();
        View {
            viewer: viewer.seat(),
            players: self.players,
            options: self.options.clone(),
            colours: self.in_play(),
            first_player: self.first_player,
            mission: self.mission,
            completed: self.completed,
            best: self.best,
            attempts: self.attempts,
            phase: self.phase,
            revealed,
            rows,
            hand: viewer.seat().map(|s| self.hand(s)),
            hand_sizes: self.hands[..players].iter().map(|h| h.len() as u8).collect(),
            draw_pile: self.pile.len() as u8,
            passed: self.passed[..players].to_vec(),
            held_colours: (!matches!(self.phase, Phase::Play { .. })).then_some(self.held),
            named: self.named,
            last_mission: self.last_mission,
        }
    }

    /// Rebuilds a full state from a view, drawing every hidden part at random (consistent with
    /// the view: see [`crate::deduction`]).
    pub(crate) fn from_view(view: &View, rng: &mut GameRng) -> Result<TheSafe, SetupError> {
        let players = usize::from(view.players);
        view.options.validate(players).map_err(|e| inconsistent(format!("options: {e}")))?;
        if view.colours != Colours::first(colours_in_play(players)) {
            return Err(inconsistent(format!("{} colours in play at a table of {players}", view.colours.len())));
        }
        if view.rows.len() != ROWS || view.hand_sizes.len() != players || view.passed.len() != players {
            return Err(inconsistent("rows, hand sizes or passes do not match the table"));
        }
        if !(1..=MISSIONS).contains(&view.mission) || view.completed + 1 != view.mission || view.best < view.completed {
            return Err(inconsistent("mission counters do not add up"));
        }
        if let Some(seat) = view.viewer
            && seat.index() >= players
        {
            return Err(inconsistent(format!("{seat} is not at the table")));
        }
        if view.hand_sizes.iter().any(|&n| usize::from(n) > crate::HAND_SIZE) {
            return Err(inconsistent("a hand holds more than three cards"));
        }
        let mut game = TheSafe::blank(players, view.options.clone(), rng.fork());
        // Colour cards.
        for (r, row) in view.rows.iter().enumerate() {
            game.colour_cards[r] = row.colour_card;
        }
        // Fixed-size scratch here and below: searches determinize once per iteration, and this
        // allocates nothing.
        let source = colour_card_pool(players);
        let mut pool = [0u8; 16];
        pool[..source.len()].copy_from_slice(source);
        let mut pool_len = source.len();
        for value in game.colour_cards {
            let i = pool[..pool_len]
                .iter()
                .position(|&v| v == value)
                .ok_or_else(|| inconsistent("colour cards not in the pool"))?;
            pool[i] = pool[pool_len - 1];
            pool_len -= 1;
        }
        // Restrictions: the revealed ones as shown, the others drawn from what is left.
        if view.revealed.len() > ROWS {
            return Err(inconsistent("more than four restrictions revealed"));
        }
        let mut known: [Option<Restriction>; ROWS] = [None; ROWS];
        let mut order = [0u8; ROWS];
        let mut revealed = 0;
        for r in &view.revealed {
            let row = usize::from(r.row);
            let fits = match (row, r.restriction) {
                (0 | 2, Restriction::Colour(c)) => view.colours.contains(c),
                (1, Restriction::Even | Restriction::Odd) => true,
                (3, Restriction::Ascending | Restriction::Descending) => true,
                _ => false,
            };
            if !fits || known[row].is_some() {
                return Err(inconsistent(format!("restriction {:?} cannot lie under row {row}", r.restriction)));
            }
            known[row] = Some(r.restriction);
            order[revealed] = r.row;
            revealed += 1;
        }
        let mut rest = [0u8; ROWS];
        let mut rest_len = 0;
        for r in (0..ROWS as u8).filter(|r| !order[..revealed].contains(r)) {
            rest[rest_len] = r;
            rest_len += 1;
        }
        if view.options.restriction_reveal_order == RevealOrder::Random {
            rng.shuffle(&mut rest[..rest_len]);
        } else if order[..revealed].iter().enumerate().any(|(i, &r)| usize::from(r) != i) {
            return Err(inconsistent("restrictions revealed out of left-to-right order"));
        }
        order[revealed..].copy_from_slice(&rest[..rest_len]);
        game.reveal_order = order;
        let mut colours = Colour::ALL;
        let mut colours_len = 0;
        for c in view
            .colours
            .iter()
            .filter(|&c| known[0] != Some(Restriction::Colour(c)) && known[2] != Some(Restriction::Colour(c)))
        {
            colours[colours_len] = c;
            colours_len += 1;
        }
        rng.shuffle(&mut colours[..colours_len]);
        let mut colours = colours[..colours_len].iter().copied();
        let mut draw_colour = || colours.next().map(Restriction::Colour).ok_or_else(|| inconsistent("no colour left"));
        game.restrictions = [
            match known[0] {
                Some(r) => r,
                None => draw_colour()?,
            },
            known[1].unwrap_or(if rng.below(2) == 0 { Restriction::Even } else { Restriction::Odd }),
            match known[2] {
                Some(r) => r,
                None => draw_colour()?,
            },
            known[3].unwrap_or(if rng.below(2) == 0 { Restriction::Ascending } else { Restriction::Descending }),
        ];
        game.revealed = view.revealed.len() as u8;
        if game.revealed + 1 < view.mission {
            return Err(inconsistent("fewer restrictions revealed than missions reached"));
        }
        game.first_player = view.first_player;
        if game.first_player.index() >= players {
            return Err(inconsistent("the first player is not at the table"));
        }
        game.mission = view.mission;
        game.completed = view.completed;
        game.best = view.best;
        game.attempts = view.attempts;
        game.refresh_active();
        // Rows: replay the cards (each must have been legal).
        game.reset_rows();
        for (r, row) in view.rows.iter().enumerate() {
            if row.restriction != game.active[r] {
                return Err(inconsistent(format!("row {r} shows another restriction than the revealed ones")));
            }
            for &card in &row.cards {
                if !game.rows[r].playable().contains(card) {
                    return Err(inconsistent(format!("{card} cannot lie in row {r}")));
                }
                game.place(r, card);
            }
        }
        game.passed[..players].copy_from_slice(&view.passed);
        if let Some(held) = view.held_colours {
            if held.as_slice().len() != players {
                return Err(inconsistent("held colours do not match the table"));
            }
            game.held = held;
        }
        game.named = view.named;
        game.last_mission = view.last_mission;
        game.phase = view.phase;
        match view.phase {
            Phase::Play { seat } | Phase::Naming { seat, .. } if seat.index() >= players => {
                return Err(inconsistent("the seat to move is not at the table"));
            }
            _ => {}
        }
        // The hidden cards.
        let sample = deduction::sample(view, rng)?;
        game.code = sample.code;
        for s in 0..players {
            game.hands[s] = match view.viewer {
                Some(seat) if seat.index() == s => view.hand.unwrap_or_default(),
                _ => sample.hands[s],
            };
        }
        game.pile = sample.pile;
        Ok(game)
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "The Safe: mission {} of {MISSIONS} ({} cracked in a row, best {}, {} played)",
            self.mission, self.completed, self.best, self.attempts
        )?;
        match self.phase {
            Phase::Play { seat } => writeln!(f, "{seat} to play")?,
            Phase::Naming { seat, colour } => writeln!(f, "play has ended: {seat} names the {colour} code")?,
            Phase::Over { won: true, .. } => writeln!(f, "game over: the team wins")?,
            Phase::Over { won: false, reason } => writeln!(f, "game over: the team loses ({})", reason.code())?,
        }
        if let Some(seat) = self.viewer {
            writeln!(f, "you are {seat}")?;
        }
        write!(f, "code:")?;
        let turned_over = match (self.phase, self.last_mission) {
            (Phase::Over { .. }, Some(report)) => Some(report.code),
            _ => None,
        };
        for colour in self.colours.iter() {
            match turned_over {
                Some(code) => write!(f, "  {colour} {}", code.numbers(colour).trailing_zeros())?,
                None => write!(f, "  {colour} ?")?,
            }
            if let mask @ 1.. = self.named.numbers(colour) {
                write!(f, " (named {})", mask.trailing_zeros())?;
            }
        }
        writeln!(f)?;
        for (r, row) in self.rows.iter().enumerate() {
            let plural = if row.colour_card == 1 { "" } else { "s" };
            write!(f, "row {r} [max {} colour{plural}", row.colour_card)?;
            if let Some(restriction) = row.restriction {
                write!(f, ", {restriction}")?;
            }
            write!(f, "]:")?;
            if row.cards.is_empty() {
                write!(f, " (empty)")?;
            }
            for card in &row.cards {
                write!(f, " {card}")?;
            }
            let mut readings = row.readings.iter().map(|r| {
                let dir = match r.direction {
                    crate::Direction::Ascending => "up",
                    crate::Direction::Descending => "down",
                };
                format!("{dir} from {}", r.last)
            });
            let first = readings.next();
            if let Some(first) = first {
                write!(f, "   ({first}")?;
                for other in readings {
                    write!(f, " | {other}")?;
                }
                write!(f, ")")?;
            }
            writeln!(f)?;
        }
        if !self.revealed.is_empty() {
            write!(f, "restrictions revealed:")?;
            for r in &self.revealed {
                write!(f, " row {}: {};", r.row, r.restriction)?;
            }
            writeln!(f)?;
        }
        if let Some(hand) = self.hand {
            writeln!(f, "your hand: {hand}")?;
        }
        write!(f, "hands:")?;
        for (s, size) in self.hand_sizes.iter().enumerate() {
            write!(f, "  seat {s}: {size}")?;
            if self.passed.get(s).copied().flatten().is_some() {
                write!(f, " (passed)")?;
            }
            if let Some(held) = &self.held_colours {
                write!(f, " [{}]", held.seat(Seat(s as u8)))?;
            }
        }
        writeln!(f)?;
        writeln!(f, "draw pile: {} cards", self.draw_pile)?;
        if let Some(report) = &self.last_mission {
            writeln!(
                f,
                "last mission {}: code {}, named {}: {}",
                report.mission, report.code, report.named, report.result
            )?;
        }
        Ok(())
    }
}
