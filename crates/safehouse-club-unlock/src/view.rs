//! What each seat sees, and rebuilding a full state from it (determinization).
//!
//! Nothing in Club Unlock is dealt face down except the order of the safe deck: keys come from
//! face-up piles and go back to them, and safes are cracked from the open display. So with
//! [`TableMemory::Perfect`] a seat's view is the whole table except the deck order; with
//! [`TableMemory::CountsOnly`] it shows only counts of the other seats' keys and loot, as a
//! player who does not keep track would know them. Once the game is over everything is shown.

use std::fmt::{self, Write as _};

use safehouse_engine::{Game as _, GameRng, Outcome, Seat, SetupError, Viewer};
use serde::{Deserialize, Serialize};

use crate::cards::{BONUS_VALUE, KEYS_PER_COLOUR, KeyColour, KeyCounts, SafeCard, SafeId};
use crate::options::{Options, TableMemory};
use crate::state::{DisplayedSafe, Phase, SeatState};
use crate::{ClubUnlock, Event};

/// What a viewer knows of one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// Keys in hand (always public: hand sizes can be seen).
    pub key_count: u8,
    /// The keys, when the viewer may know them.
    pub keys: Option<KeyCounts>,
    /// Safes cracked (always public).
    pub cracked_count: u8,
    /// Which safes, when the viewer may know them.
    pub cracked: Option<Vec<SafeId>>,
    /// Bonus markers won (the stack can be seen).
    pub markers: u8,
    /// Money so far, when the viewer may know it.
    pub score: Option<i64>,
}

/// One seat's (or a spectator's) view of the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// Who is looking.
    pub viewer: Viewer,
    /// The game's options.
    pub options: Options,
    /// Where the game stands.
    pub phase: Phase,
    /// The seat that started.
    pub first_player: Seat,
    /// How many times safes have been laid out (1 after setup).
    pub layouts: u8,
    /// Every safe card in the game (the deck's contents are public; its order is not).
    pub cards: Vec<SafeCard>,
    /// The displayed safes and the markers under them.
    pub display: Vec<DisplayedSafe>,
    /// Safe cards left face down in the deck.
    pub deck_size: u8,
    /// Keys left in each pile.
    pub piles: KeyCounts,
    /// Bonus markers left in the supply.
    pub bonus_supply: u8,
    /// Every seat, in seat order.
    pub seats: Vec<SeatView>,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
}

impl View {
    /// The viewer's own seat view, if the viewer is a player.
    pub fn me(&self) -> Option<&SeatView> {
        self.viewer.seat().and_then(|s| self.seats.get(s.index()))
    }
}

impl ClubUnlock {
    pub(crate) fn build_view(&self, viewer: Viewer) -> View {
        let everything = self.options.table_memory == TableMemory::Perfect || matches!(self.phase, Phase::Over { .. });
        let seats = Seat::all(self.players())
            .map(|seat| {
                let state = &self.seats[seat.index()];
                let known = everything || viewer.is(seat);
                SeatView {
                    key_count: state.keys.iter().sum(),
                    keys: known.then_some(state.keys),
                    cracked_count: state.cracked.len() as u8,
                    cracked: known.then(|| state.cracked.clone()),
                    markers: state.markers,
                    score: known.then_some(state.score),
                }
            })
            .collect();
        View {
            viewer,
            options: self.options.clone(),
            phase: self.phase,
            first_player: self.first_player,
            layouts: self.layouts,
            cards: self.cards.clone(),
            display: self.display.clone(),
            deck_size: self.deck.len() as u8,
            piles: self.piles,
            bonus_supply: self.bonus_supply,
            seats,
            outcome: self.final_outcome(),
        }
    }

    pub(crate) fn filter_event(&self, event: &Event, _viewer: Viewer) -> Option<Event> {
        // Every event happens in the open (see the module docs).
        Some(*event)
    }

    /// A full state consistent with `view`: unknown keys and loot of other seats dealt at random
    /// from what is unaccounted for, and the unseen safes shuffled into the deck.
    pub(crate) fn from_view(view: &View, rng: &mut GameRng) -> Result<ClubUnlock, SetupError> {
        let bad = |what: &str| SetupError::InconsistentView(what.to_owned());
        let players = view.seats.len();
        let cards = view.cards.clone();
        let mut seen = vec![false; cards.len()];
        let mut mark = |id: SafeId| -> Result<(), SetupError> {
            let slot = seen.get_mut(id.index()).ok_or_else(|| bad("a safe id outside the card table"))?;
            if std::mem::replace(slot, true) {
                return Err(bad("a safe appears twice"));
            }
            Ok(())
        };
        for slot in &view.display {
            mark(slot.safe)?;
        }
        for seat in &view.seats {
            for &id in seat.cracked.iter().flatten() {
                mark(id)?;
            }
        }
        let mut unseen: Vec<SafeId> = (0..cards.len() as u8).map(SafeId).filter(|id| !seen[id.index()]).collect();
        rng.shuffle(&mut unseen);

        let mut outstanding: Vec<KeyColour> = Vec::new();
        for colour in KeyColour::ALL {
            let i = colour.index();
            let held: u32 = view.seats.iter().filter_map(|s| s.keys).map(|k| u32::from(k[i])).sum();
            let missing = u32::from(KEYS_PER_COLOUR)
                .checked_sub(held + u32::from(view.piles[i]))
                .ok_or_else(|| bad("more keys than exist"))?;
            outstanding.extend(std::iter::repeat_n(colour, missing as usize));
        }
        rng.shuffle(&mut outstanding);

        let mut seats = Vec::with_capacity(players);
        for seat in &view.seats {
            let keys = match seat.keys {
                Some(keys) => keys,
                None => {
                    let mut keys = [0u8; 4];
                    for _ in 0..seat.key_count {
                        let colour = outstanding.pop().ok_or_else(|| bad("hand sizes exceed the unaccounted keys"))?;
                        keys[colour.index()] += 1;
                    }
                    keys
                }
            };
            let cracked = match &seat.cracked {
                Some(list) => list.clone(),
                None => {
                    let n = usize::from(seat.cracked_count);
                    if n > unseen.len() {
                        return Err(bad("more cracked safes than unseen cards"));
                    }
                    unseen.split_off(unseen.len() - n)
                }
            };
            let score = cracked.iter().map(|id| i64::from(cards[id.index()].value)).sum::<i64>()
                + BONUS_VALUE * i64::from(seat.markers);
            let mut cracked_vec = Vec::with_capacity(cards.len());
            cracked_vec.extend(cracked);
            seats.push(SeatState { keys, cracked: cracked_vec, markers: seat.markers, score });
        }
        if !outstanding.is_empty() {
            return Err(bad("keys unaccounted for"));
        }
        if unseen.len() != usize::from(view.deck_size) {
            return Err(bad("deck size does not match the unseen safes"));
        }
        let mut display = Vec::with_capacity(cards.len());
        display.extend_from_slice(&view.display);
        Ok(ClubUnlock {
            options: view.options.clone(),
            players: players as u8,
            cards,
            deck: unseen,
            display,
            piles: view.piles,
            seats,
            bonus_supply: view.bonus_supply,
            phase: view.phase,
            first_player: view.first_player,
            layouts: view.layouts,
            rng: rng.fork(),
        })
    }
}

fn keys_text(keys: &KeyCounts) -> String {
    KeyColour::ALL.iter().map(|c| format!("{}×{}", keys[c.index()], c.letter())).collect::<Vec<_>>().join(" ")
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Piles: {}   bonus markers left: {}   safes in deck: {}",
            keys_text(&self.piles),
            self.bonus_supply,
            self.deck_size
        );
        let _ = writeln!(out, "Display:");
        for slot in &self.display {
            let card = self.cards[slot.safe.index()];
            let markers = if slot.markers > 0 { format!("  +{} marker(s)", slot.markers) } else { String::new() };
            let _ = writeln!(out, "  safe {:<4} {:<5} ${:<3}{markers}", slot.safe, card.code(), card.value);
        }
        for (i, seat) in self.seats.iter().enumerate() {
            let who = if self.viewer.is(Seat(i as u8)) { " (you)" } else { "" };
            let keys = seat.keys.map(|k| keys_text(&k)).unwrap_or_else(|| format!("{} keys", seat.key_count));
            let score = seat.score.map(|s| format!("${s}")).unwrap_or_else(|| "$?".to_owned());
            let _ = writeln!(
                out,
                "  seat {i}{who}: {keys} | {} safe(s), {} marker(s), {score}",
                seat.cracked_count, seat.markers
            );
        }
        let _ = match self.phase {
            Phase::ChoosingKeys { seat, taken } => {
                writeln!(out, "Seat {} is choosing starting key {} of 4", seat.0, taken + 1)
            }
            Phase::Turn { seat, cracked: 0 } => writeln!(out, "Seat {} to play: take a key or crack safes", seat.0),
            Phase::Turn { seat, cracked } => writeln!(out, "Seat {} has cracked {cracked} safe(s) this turn", seat.0),
            Phase::PlacingBonus { seat, colour } => {
                writeln!(out, "Seat {} took the last {colour} key and places a bonus marker", seat.0)
            }
            Phase::Over { .. } => writeln!(out, "Game over"),
        };
        if let Some(outcome) = &self.outcome {
            let _ = writeln!(
                out,
                "Result: {} — scores {:?}, winners {:?}",
                outcome.detail, outcome.scores, outcome.winners
            );
        }
        f.write_str(&out)
    }
}
