//! A fast model of one mission's play phase, for the bots' reasoning and rollouts: rows as bit
//! masks (the same readings as `safehouse_the_safe`'s rules: each direction keeps the values its
//! last card can stand for, a 0 standing for 0 or 10, 004:42), hands, the draw pile, passes and
//! the turn order, and the end of play (which colours each seat holds, who names each colour,
//! whether a colour is held by every seat, 004:46-49).
//!
//! Rebuilt from what a seat sees (rows come from the public [`RowView`]s) or from a whole state;
//! the engine stays the judge of legality (a test plays random games through both and compares
//! every row's accepted cards and every legal play).

use safehouse_engine::Seat;
use safehouse_the_safe::{
    Card, Cards, ColourRestrictionCheck, Colours, Direction, HeldColours, Phase, Restriction, RowView,
    SoloLeftoverRule, TheSafe, View,
};

/// Face numbers 0, 2, 4, 6, 8 (0 is even).
const EVEN: u16 = 0b01_0101_0101;
/// Face numbers 1, 3, 5, 7, 9.
const ODD: u16 = 0b10_1010_1010;
/// Values 0 to 10.
const VALUES: u16 = 0x7FF;
/// Most seats at a table.
pub(crate) const SEATS: usize = 6;

/// One row as a few masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RowModel {
    cap: u8,
    restriction: Option<Restriction>,
    colours: Colours,
    /// Values the last card can stand for going up (empty row: bit 0 if it may go up).
    ascending: u16,
    /// Values the last card can stand for going down (empty row: bit 10 if it may go down).
    descending: u16,
    /// The cards the row accepts now.
    pub(crate) accepts: Cards,
}

/// What every row shares: the colours in play and how colour restrictions are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Table {
    pub(crate) in_play: Colours,
    pub(crate) reserve_slot: bool,
}

impl RowModel {
    /// The row as the table shows it.
    pub(crate) fn from_view(row: &RowView, table: Table) -> RowModel {
        let (mut ascending, mut descending) = (0u16, 0u16);
        if row.cards.is_empty() {
            if row.restriction != Some(Restriction::Descending) {
                ascending = 1;
            }
            if row.restriction != Some(Restriction::Ascending) {
                descending = 1 << 10;
            }
        }
        for reading in &row.readings {
            match reading.direction {
                Direction::Ascending => ascending |= 1 << reading.last,
                Direction::Descending => descending |= 1 << reading.last,
            }
        }
        let mut model = RowModel {
            cap: row.colour_card,
            restriction: row.restriction,
            colours: row.colours,
            ascending,
            descending,
            accepts: Cards::EMPTY,
        };
        model.refresh(table);
        model
    }

    fn numbers(&self) -> u16 {
        let mut numbers = 0;
        if self.ascending != 0 {
            let floor = self.ascending.trailing_zeros();
            numbers |= (0x3FE & !((1u16 << floor) - 1)) | 1;
        }
        if self.descending != 0 {
            let ceiling = 15 - self.descending.leading_zeros();
            numbers |= (((1u16 << (ceiling.min(9) + 1)) - 1) & 0x3FE) | 1;
        }
        match self.restriction {
            Some(Restriction::Even) => numbers & EVEN,
            Some(Restriction::Odd) => numbers & ODD,
            _ => numbers,
        }
    }

    fn allowed_colours(&self, table: Table) -> Colours {
        let free = self.cap.saturating_sub(self.colours.len() as u8);
        let missing = match self.restriction {
            Some(Restriction::Colour(colour)) if table.reserve_slot && !self.colours.contains(colour) => Some(colour),
            _ => None,
        };
        let mut allowed = self.colours;
        match missing {
            None if free >= 1 => allowed = table.in_play,
            Some(_) if free >= 2 => allowed = table.in_play,
            Some(colour) if free == 1 => allowed.insert(colour),
            _ => {}
        }
        allowed.iter().filter(|c| table.in_play.contains(*c)).collect()
    }

    fn refresh(&mut self, table: Table) {
        let numbers = u64::from(self.numbers());
        let mut bits = 0u64;
        for colour in self.allowed_colours(table).iter() {
            bits |= numbers << (10 * colour.index());
        }
        self.accepts = Cards::from_bits(bits);
    }

    /// Places a card the row accepts.
    pub(crate) fn place(&mut self, card: Card, table: Table) {
        let values: u16 = if card.number() == 0 { 1 | 1 << 10 } else { 1 << card.number() };
        if self.ascending != 0 {
            self.ascending = values & VALUES & !((1u16 << self.ascending.trailing_zeros()) - 1);
        }
        if self.descending != 0 {
            let ceiling = 15 - self.descending.leading_zeros();
            self.descending = values & ((1u16 << (ceiling + 1)) - 1);
        }
        self.colours.insert(card.colour());
        self.refresh(table);
    }

    /// The row after placing `card` (it must be accepted).
    pub(crate) fn with(mut self, card: Card, table: Table) -> RowModel {
        self.place(card, table);
        self
    }
}

/// One mission's play phase: rows, hands, draw pile, passes, turn order.
#[derive(Clone, Debug)]
pub(crate) struct Mission {
    pub(crate) table: Table,
    pub(crate) players: usize,
    pub(crate) first_player: usize,
    pub(crate) solo_allowed: bool,
    /// Colour restrictions checked only at the end (`end_of_mission`): (row, colour) pairs.
    end_check: [Option<(usize, safehouse_the_safe::Colour)>; 4],
    pub(crate) rows: [RowModel; 4],
    /// Cards in rows.
    pub(crate) played: Cards,
    pub(crate) hands: [Cards; SEATS],
    /// The draw pile, the next card last.
    pub(crate) pile: Vec<Card>,
    /// What each seat that passed was shown not to hold.
    pub(crate) passed: [Option<Cards>; SEATS],
    /// The seat to move, `None` once play has ended.
    pub(crate) to_move: Option<usize>,
}

impl Mission {
    fn table_of(view: &View) -> Table {
        Table {
            in_play: view.colours,
            reserve_slot: view.options.colour_restriction == ColourRestrictionCheck::ReserveSlot,
        }
    }

    /// The mission as `view` shows it, with the hidden cards from `hidden` (a state consistent
    /// with the view, e.g. a determinization, or the true state): its hands and draw pile.
    pub(crate) fn from_view(view: &View, hidden: &TheSafe) -> Mission {
        let table = Mission::table_of(view);
        let players = usize::from(view.players);
        let mut rows = [RowModel::from_view(&view.rows[0], table); 4];
        let mut played = Cards::EMPTY;
        for (r, row) in view.rows.iter().enumerate().take(4) {
            rows[r] = RowModel::from_view(row, table);
            played |= row.cards.iter().copied().collect::<Cards>();
        }
        let mut hands = [Cards::EMPTY; SEATS];
        let mut passed = [None; SEATS];
        for s in 0..players {
            hands[s] = hidden.hand(Seat(s as u8));
            passed[s] = view.passed.get(s).copied().flatten();
        }
        let mut end_check = [None; 4];
        if view.options.colour_restriction == ColourRestrictionCheck::EndOfMission {
            for (r, row) in view.rows.iter().enumerate().take(4) {
                if let Some(Restriction::Colour(colour)) = row.restriction {
                    end_check[r] = Some((r, colour));
                }
            }
        }
        Mission {
            table,
            players,
            first_player: view.first_player.index(),
            solo_allowed: players == 1 && view.options.solo_leftover_rule == SoloLeftoverRule::Allowed,
            end_check,
            rows,
            played,
            hands,
            pile: hidden.draw_pile().to_vec(),
            passed,
            to_move: match view.phase {
                Phase::Play { seat } => Some(seat.index()),
                _ => None,
            },
        }
    }

    /// The union of the cards the rows accept.
    pub(crate) fn accepts(&self) -> Cards {
        self.rows.iter().fold(Cards::EMPTY, |acc, r| acc | r.accepts)
    }

    /// Cards of the colours in play not yet in a row.
    pub(crate) fn live(&self) -> Cards {
        Cards::of_colours(self.table.in_play) & !self.played
    }

    /// Plays `card` from `seat`'s hand on `row` (accepted there), draws, and moves on.
    pub(crate) fn play(&mut self, seat: usize, card: Card, row: usize) {
        self.hands[seat].remove(card);
        self.rows[row].place(card, self.table);
        self.played.insert(card);
        if let Some(drawn) = self.pile.pop() {
            self.hands[seat].insert(drawn);
        }
        self.advance(seat);
    }

    /// `seat` passes (none of its cards fits).
    pub(crate) fn pass(&mut self, seat: usize) {
        self.passed[seat] = Some(self.accepts());
        self.advance(seat);
    }

    fn advance(&mut self, from: usize) {
        let mut seat = from;
        for _ in 0..self.players {
            seat = (seat + 1) % self.players;
            if !self.hands[seat].is_empty() && self.passed[seat].is_none() {
                self.to_move = Some(seat);
                return;
            }
        }
        self.to_move = None;
    }

    /// The colours each seat holds (meaningful once play has ended).
    pub(crate) fn held(&self) -> HeldColours {
        HeldColours::of_hands(&self.hands[..self.players])
    }

    /// The seat that names `colour`: the first clockwise from the first player holding none of it.
    pub(crate) fn namer(&self, colour: safehouse_the_safe::Colour) -> Option<usize> {
        if self.solo_allowed {
            return Some(0);
        }
        (0..self.players)
            .map(|step| (self.first_player + step) % self.players)
            .find(|&s| !self.hands[s].colours().contains(colour))
    }

    /// Whether the mission can still be cracked once play has ended: no colour that every seat
    /// holds (004:49) and, with `end_of_mission`, every restricted row holds its colour.
    pub(crate) fn crackable(&self) -> bool {
        for (r, colour) in self.end_check.iter().flatten() {
            if !self.rows[*r].colours.contains(*colour) {
                return false;
            }
        }
        self.table.in_play.iter().all(|c| self.namer(c).is_some())
    }
}

#[cfg(test)]
mod tests {
    use safehouse_engine::{Game, GameRng, Setup, Viewer};
    use safehouse_the_safe::{Action, Options, TheSafe};

    use super::*;

    /// Random games through the engine and the model side by side: every row accepts the same
    /// cards, the same seat moves, and the model's end of play agrees with the engine's.
    #[test]
    fn the_model_agrees_with_the_engine() {
        let mut rng = GameRng::from_seed(3);
        let mut checked = 0;
        for game in 0..300u64 {
            let players = 1 + (game % 6) as usize;
            let options = Options {
                colour_restriction: if game % 3 == 0 {
                    ColourRestrictionCheck::EndOfMission
                } else {
                    ColourRestrictionCheck::ReserveSlot
                },
                on_mission_fail: safehouse_the_safe::OnMissionFail::RetryMission,
                ..Options::default()
            };
            let setup = Setup::<TheSafe> { players, options, seed: rng.next_u64(), deal: None };
            let mut state = TheSafe::new(&setup).expect("setup");
            let (mut legal, mut events) = (Vec::new(), Vec::new());
            let mut model: Option<Mission> = None;
            for _ in 0..400 {
                let Some(seat) = state.to_move() else { break };
                let view = state.view(Viewer::Seat(seat));
                match view.phase {
                    Phase::Play { .. } => {
                        let fresh = Mission::from_view(&view, &state);
                        if let Some(m) = &model {
                            assert_eq!(m.to_move, fresh.to_move, "seat to move");
                            for r in 0..4 {
                                assert_eq!(m.rows[r].accepts, fresh.rows[r].accepts, "row {r} stepped vs rebuilt");
                            }
                            assert_eq!(m.hands, fresh.hands);
                        }
                        for r in 0..4 {
                            assert_eq!(fresh.rows[r].accepts, view.rows[r].accepts, "row {r}: {:?}", view.rows[r]);
                        }
                        model = Some(fresh);
                        checked += 1;
                    }
                    Phase::Naming { .. } => {
                        if let Some(m) = model.take() {
                            assert_eq!(m.to_move, None, "the model's play ends with the engine's");
                            assert_eq!(m.held(), view.held_colours.expect("held colours"));
                            for colour in view.colours.iter() {
                                assert_eq!(m.namer(colour).map(|s| Seat(s as u8)), state.naming_seat(colour));
                            }
                        }
                    }
                    Phase::Over { .. } => {}
                }
                state.legal_actions(&mut legal);
                let action = legal[rng.index(legal.len())];
                if let Some(m) = &mut model {
                    match action {
                        Action::Play { card, row } => m.play(seat.index(), card, usize::from(row)),
                        Action::Pass => m.pass(seat.index()),
                        Action::Name { .. } => {}
                    }
                }
                events.clear();
                state.apply(&action, &mut events).expect("legal");
                if events.iter().any(|e| matches!(e, safehouse_the_safe::Event::MissionResolved { .. }))
                    && let Some(m) = model.take()
                {
                    // Play ended straight into a failed mission (a colour every seat holds).
                    assert_eq!(m.to_move, None);
                    assert!(!m.crackable(), "the engine failed a mission the model finds crackable");
                }
            }
        }
        assert!(checked > 3000, "{checked} positions checked");
    }
}
