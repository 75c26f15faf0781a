//! What each seat sees, and rebuilding a full state from it (determinization).
//!
//! The only secrets of Club Unlock are the order of the safe deck and the starting keys: each
//! player chooses four keys "and hold them in their hand hidden from other players" (000:11,
//! 002:37). While they are being chosen in secret a seat sees only its own picks (and, when it is
//! its turn to pick, which piles it finds empty), not the piles. Afterwards everything happens in
//! the open: the piles lie face up (000:10), so every key taken is seen, and every crack shows
//! the keys handed back (000:18). With [`TableMemory::Perfect`] a view therefore shows the other
//! seats' takes, returns and loot and what they prove about their keys (the bounds of
//! [`SeatView::keys_at_least`] and [`SeatView::keys_at_most`], from [`crate::deduction`]); with
//! [`TableMemory::CountsOnly`] only counts. With `starting_keys: "open"` and perfect memory every
//! hand is known. Once the game is over everything is shown.

use std::fmt::{self, Write as _};

use safehouse_engine::{Game as _, GameRng, Outcome, Seat, SetupError, Viewer};
use serde::{Deserialize, Serialize};

use crate::actions::Event;
use crate::cards::{BONUS_VALUE, KEYS_PER_COLOUR, KeyColour, KeyCounts, SafeCard, SafeId};
use crate::deduction::{self, UnknownStart};
use crate::options::{Options, StartingKeys, TableMemory};
use crate::state::ClubUnlock;
use crate::state::{DisplayedSafe, KeyTally, Phase, SeatState};
use safehouse_engine::words::count;

/// What a viewer knows of one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// Keys in hand (always public: hand sizes can be seen).
    pub key_count: u8,
    /// The keys, when the viewer knows them exactly (its own; everyone's once the game is over
    /// or when the start was open and the table remembers).
    pub keys: Option<KeyCounts>,
    /// Keys of each colour the seat surely holds, as far as the viewer can deduce.
    pub keys_at_least: KeyCounts,
    /// Keys of each colour the seat can hold at most, as far as the viewer can deduce.
    pub keys_at_most: KeyCounts,
    /// Keys it took from the piles after the start, when the viewer remembers (public).
    pub taken: Option<KeyTally>,
    /// Keys it handed back by cracking, when the viewer remembers (public).
    pub returned: Option<KeyTally>,
    /// The fewest starting keys of each colour its cracks prove, when the viewer remembers.
    pub starting_at_least: Option<KeyCounts>,
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
    /// How many times safes have been laid out (0 while the starting keys are chosen in secret).
    pub layouts: u8,
    /// Every safe card in the game (the deck's contents are public; its order is not).
    pub cards: Vec<SafeCard>,
    /// The displayed safes and the markers under them.
    pub display: Vec<DisplayedSafe>,
    /// Safe cards left face down in the deck.
    pub deck_size: u8,
    /// Keys left in each pile; `None` while the starting keys are chosen in secret.
    pub piles: Option<KeyCounts>,
    /// Piles the viewer sees empty. During a secret choice only the seat choosing, reaching for
    /// the piles, sees whether one is empty; otherwise these are the piles at 0.
    pub pile_empty: [bool; 4],
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

    /// Keys left in each pile, or zeros while the starting keys are chosen in secret.
    pub fn piles_or_zero(&self) -> KeyCounts {
        self.piles.unwrap_or_default()
    }
}

/// What a viewer may see of the state, decided once per view.
struct Sight {
    viewer: Viewer,
    /// Every hand is known (game over, or an open start at a table that remembers).
    hands_open: bool,
    /// The table remembers takes, returns and loot for everyone.
    remembers: bool,
    /// The starting keys are still being chosen in secret.
    secret_choice: bool,
}

impl Sight {
    fn knows_hand(&self, seat: Seat) -> bool {
        self.hands_open || self.viewer.is(seat)
    }

    fn remembers(&self, seat: Seat) -> bool {
        self.remembers || self.viewer.is(seat)
    }
}

impl ClubUnlock {
    fn sight(&self, viewer: Viewer) -> Sight {
        let over = matches!(self.phase, Phase::Over { .. });
        let perfect = self.options.table_memory == TableMemory::Perfect;
        Sight {
            viewer,
            hands_open: over || (perfect && self.options.starting_keys == StartingKeys::Open),
            remembers: over || perfect,
            secret_choice: self.choosing_in_secret(),
        }
    }

    pub(crate) fn build_view(&self, viewer: Viewer) -> View {
        let sight = self.sight(viewer);
        let mut seats: Vec<SeatView> = Seat::all(self.players())
            .map(|seat| {
                let state = &self.seats[seat.index()];
                let known = sight.knows_hand(seat);
                let remembered = sight.remembers(seat);
                SeatView {
                    key_count: state.keys.iter().sum(),
                    keys: known.then_some(state.keys),
                    keys_at_least: if known { state.keys } else { [0; 4] },
                    keys_at_most: if known { state.keys } else { [0; 4] },
                    taken: remembered.then_some(state.taken),
                    returned: remembered.then_some(state.returned),
                    starting_at_least: remembered.then_some(state.starting_at_least),
                    cracked_count: state.cracked.len() as u8,
                    cracked: remembered.then(|| state.cracked.clone()),
                    markers: state.markers,
                    score: remembered.then_some(state.score),
                }
            })
            .collect();
        let chooser = match self.phase {
            Phase::ChoosingKeys { seat, .. } => Some(seat),
            _ => None,
        };
        let sees_piles = !sight.secret_choice || chooser.is_some_and(|s| viewer.is(s));
        let piles = (!sight.secret_choice).then_some(self.piles);
        deduce_hands(&mut seats, piles, &sight);
        View {
            viewer,
            options: self.options.clone(),
            phase: self.phase,
            first_player: self.first_player,
            layouts: self.layouts,
            cards: self.cards.clone(),
            display: self.display.clone(),
            deck_size: self.deck.len() as u8,
            piles,
            pile_empty: KeyColour::ALL.map(|c| sees_piles && self.piles[c.index()] == 0),
            bonus_supply: self.bonus_supply,
            seats,
            outcome: self.final_outcome(),
        }
    }

    pub(crate) fn filter_event(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        match *event {
            // A secret starting key is seen by its chooser only (000:11).
            Event::StartingKeyTaken { seat, colour: Some(_) }
                if self.options.starting_keys == StartingKeys::Secret && !viewer.is(seat) =>
            {
                Some(Event::StartingKeyTaken { seat, colour: None })
            }
            // Everything else happens in the open (see the module docs).
            _ => Some(*event),
        }
    }

    /// A full state consistent with `view`: unknown starting keys drawn among those the view
    /// allows (pile totals, floors, the viewer's empty piles), unknown loot dealt from the safes
    /// unaccounted for, and the unseen safes shuffled into the deck.
    pub(crate) fn from_view(view: &View, rng: &mut GameRng) -> Result<ClubUnlock, SetupError> {
        let mut state = ClubUnlock {
            options: view.options.clone(),
            players: 0,
            cards: Vec::new(),
            deck: Vec::new(),
            display: Vec::new(),
            piles: [0; 4],
            seats: Vec::new(),
            bonus_supply: 0,
            phase: view.phase,
            first_player: view.first_player,
            layouts: 0,
            rng: GameRng::from_seed(0),
        };
        ClubUnlock::from_view_into(view, rng, &mut state)?;
        Ok(state)
    }

    /// [`ClubUnlock::from_view`] into an existing state, reusing its buffers (card table, deck,
    /// display, seats and their loot): no allocation once `into` has grown, as a search needs
    /// once per iteration. On error `into` may hold anything.
    pub(crate) fn from_view_into(view: &View, rng: &mut GameRng, into: &mut ClubUnlock) -> Result<(), SetupError> {
        let bad = |what: &str| SetupError::InconsistentView(what.to_owned());
        let players = view.seats.len();
        if players > deduction::MAX_UNKNOWN {
            return Err(bad("more seats than a table has"));
        }
        let cards = &view.cards;
        if cards.len() > 256 {
            return Err(bad("more safes than safe ids"));
        }
        let mut seen = [0u64; 4];
        let mut mark = |id: SafeId| -> Result<(), SetupError> {
            if id.index() >= cards.len() {
                return Err(bad("a safe id outside the card table"));
            }
            let (word, bit) = (id.index() / 64, id.index() % 64);
            if seen[word] & (1 << bit) != 0 {
                return Err(bad("a safe appears twice"));
            }
            seen[word] |= 1 << bit;
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
        let unseen = &mut into.deck;
        unseen.clear();
        unseen.reserve(cards.len());
        unseen.extend((0..cards.len()).filter(|&i| seen[i / 64] & (1 << (i % 64)) == 0).map(|i| SafeId(i as u8)));
        rng.shuffle(unseen);

        let mut hands = [[0u8; 4]; deduction::MAX_UNKNOWN];
        draw_hands(view, rng, &mut hands)?;
        let mut piles = [0u8; 4];
        for c in 0..4 {
            let held: u32 = hands[..players].iter().map(|h| u32::from(h[c])).sum();
            piles[c] = u32::from(KEYS_PER_COLOUR).checked_sub(held).ok_or_else(|| bad("more keys than exist"))? as u8;
        }
        if view.piles.is_some_and(|p| p != piles) {
            return Err(bad("keys unaccounted for"));
        }

        into.seats.truncate(players);
        while into.seats.len() < players {
            into.seats.push(SeatState::starting_with([0; 4], cards.len()));
        }
        for ((seat, keys), state) in view.seats.iter().zip(hands).zip(into.seats.iter_mut()) {
            state.cracked.clear();
            state.cracked.reserve(cards.len());
            match &seat.cracked {
                Some(list) => state.cracked.extend_from_slice(list),
                None => {
                    let n = usize::from(seat.cracked_count);
                    if n > unseen.len() {
                        return Err(bad("more cracked safes than unseen cards"));
                    }
                    // The last `n` of the shuffled unseen safes (as `split_off` takes them).
                    state.cracked.extend_from_slice(&unseen[unseen.len() - n..]);
                    unseen.truncate(unseen.len() - n);
                }
            }
            let score = state.cracked.iter().map(|id| i64::from(cards[id.index()].value)).sum::<i64>()
                + BONUS_VALUE * i64::from(seat.markers);
            state.keys = keys;
            state.taken = [0; 4];
            state.returned = [0; 4];
            state.starting_at_least = [0; 4];
            state.markers = seat.markers;
            state.score = score;
            // Without the public tallies (a table that does not remember) the drawn hand counts as
            // the seat's start; the view shows nothing of it either way.
            if let (Some(taken), Some(returned), Some(floor)) = (seat.taken, seat.returned, seat.starting_at_least) {
                state.taken = taken;
                state.returned = returned;
                state.starting_at_least = floor;
            }
        }
        if unseen.len() != usize::from(view.deck_size) {
            return Err(bad("deck size does not match the unseen safes"));
        }
        into.cards.clone_from(cards);
        into.display.clear();
        into.display.reserve(cards.len());
        into.display.extend_from_slice(&view.display);
        into.options.clone_from(&view.options);
        into.players = players as u8;
        into.piles = piles;
        into.bonus_supply = view.bonus_supply;
        into.phase = view.phase;
        into.first_player = view.first_player;
        into.layouts = view.layouts;
        into.rng = rng.fork();
        Ok(())
    }
}

/// The seats whose starting keys a viewer does not know, with what is known of them.
struct UnknownStarts {
    /// How many there are.
    len: usize,
    /// Their seat indices.
    which: [usize; deduction::MAX_UNKNOWN],
    /// Their sizes and floors.
    unknown: [UnknownStart; deduction::MAX_UNKNOWN],
    /// Per colour, the sum of their starting keys.
    totals: KeyCounts,
}

/// The column totals and unknown seats of a view that remembers: per colour, the starting keys
/// of the seats the viewer does not know add up to 15 less the pile, less the known hands, less
/// what those seats took since, plus what they handed back.
fn unknown_starts(seats: &[SeatView], piles: &KeyCounts) -> Option<UnknownStarts> {
    let mut totals = [0i32; 4];
    for c in 0..4 {
        totals[c] = i32::from(KEYS_PER_COLOUR) - i32::from(piles[c]);
    }
    let none = UnknownStart { size: 0, floor: [0; 4] };
    let mut out = UnknownStarts {
        len: 0,
        which: [0; deduction::MAX_UNKNOWN],
        unknown: [none; deduction::MAX_UNKNOWN],
        totals: [0; 4],
    };
    for (i, seat) in seats.iter().enumerate() {
        if let Some(keys) = seat.keys {
            for c in 0..4 {
                totals[c] -= i32::from(keys[c]);
            }
            continue;
        }
        let (taken, returned, floor) = (seat.taken?, seat.returned?, seat.starting_at_least?);
        let mut size = i32::from(seat.key_count);
        for c in 0..4 {
            let net = i32::from(taken[c]) - i32::from(returned[c]);
            totals[c] -= net;
            size -= net;
        }
        if out.len == deduction::MAX_UNKNOWN {
            return None;
        }
        out.which[out.len] = i;
        out.unknown[out.len] = UnknownStart { size: u8::try_from(size).ok()?, floor };
        out.len += 1;
    }
    let totals = totals.map(|t| u8::try_from(t).ok().filter(|&t| t <= KEYS_PER_COLOUR));
    out.totals = [totals[0]?, totals[1]?, totals[2]?, totals[3]?];
    Some(out)
}

/// Fills in the bounds of the hands the viewer does not know.
fn deduce_hands(seats: &mut [SeatView], piles: Option<KeyCounts>, sight: &Sight) {
    let loose = |seats: &mut [SeatView], outstanding: KeyCounts| {
        for seat in seats.iter_mut().filter(|s| s.keys.is_none()) {
            seat.keys_at_most = outstanding.map(|n| n.min(seat.key_count));
        }
    };
    let Some(piles) = piles else {
        // During a secret choice nothing is known of the others' picks but how many there are.
        loose(seats, [KEYS_PER_COLOUR; 4]);
        return;
    };
    if sight.remembers
        && let Some(starts) = unknown_starts(seats, &piles)
        && let Some(possible) = deduction::possible_starts(&starts.unknown[..starts.len], &starts.totals)
    {
        for (&i, rows) in starts.which[..starts.len].iter().zip(&possible) {
            let (low, high) = deduction::row_bounds(rows);
            let seat = &mut seats[i];
            let (taken, returned) = (seat.taken.unwrap_or_default(), seat.returned.unwrap_or_default());
            let now =
                |start: u8, c: usize| (i32::from(start) + i32::from(taken[c]) - i32::from(returned[c])).max(0) as u8;
            seat.keys_at_least = [0, 1, 2, 3].map(|c| now(low[c], c));
            seat.keys_at_most = [0, 1, 2, 3].map(|c| now(high[c], c));
        }
        return;
    }
    // Counts only: any keys not in the piles nor in a known hand.
    let mut outstanding = [0u8; 4];
    for c in 0..4 {
        let known: u32 = seats.iter().filter_map(|s| s.keys).map(|k| u32::from(k[c])).sum();
        outstanding[c] = u32::from(KEYS_PER_COLOUR).saturating_sub(u32::from(piles[c]) + known) as u8;
    }
    loose(seats, outstanding);
}

/// Every seat's hand in a state consistent with `view`, written into `out` (one per seat, in
/// seat order; at most [`deduction::MAX_UNKNOWN`] seats), without allocating.
fn draw_hands(view: &View, rng: &mut GameRng, out: &mut [KeyCounts; deduction::MAX_UNKNOWN]) -> Result<(), SetupError> {
    let bad = |what: &str| SetupError::InconsistentView(what.to_owned());
    let players = view.seats.len();
    if players > out.len() {
        return Err(bad("more seats than a table has"));
    }
    let mut hands: [Option<KeyCounts>; deduction::MAX_UNKNOWN] = [None; deduction::MAX_UNKNOWN];
    for (hand, seat) in hands.iter_mut().zip(&view.seats) {
        *hand = seat.keys;
    }
    let hands = &mut hands[..players];
    let finish = |hands: &[Option<KeyCounts>], out: &mut [KeyCounts; deduction::MAX_UNKNOWN]| {
        for (o, hand) in out.iter_mut().zip(hands) {
            *o = hand.unwrap_or_default();
        }
    };
    if hands.iter().all(Option::is_some) {
        finish(hands, out);
        return Ok(());
    }
    // A table that remembers, after the start: draw starting keys within what the view proves.
    if let Some(piles) = view.piles
        && view.seats.iter().all(|s| s.keys.is_some() || s.taken.is_some())
    {
        let starts = unknown_starts(&view.seats, &piles).ok_or_else(|| bad("keys do not add up"))?;
        let mut drawn = [[0u8; 4]; deduction::MAX_UNKNOWN];
        deduction::draw_starts_into(&starts.unknown[..starts.len], &starts.totals, rng, &mut drawn)
            .ok_or_else(|| bad("no starting keys fit"))?;
        for (&i, start) in starts.which[..starts.len].iter().zip(drawn) {
            let seat = &view.seats[i];
            let (taken, returned) = (seat.taken.unwrap_or_default(), seat.returned.unwrap_or_default());
            let mut hand = [0u8; 4];
            for c in 0..4 {
                let n = i32::from(start[c]) + i32::from(taken[c]) - i32::from(returned[c]);
                hand[c] = u8::try_from(n).map_err(|_| bad("a hand below zero"))?;
            }
            hands[i] = Some(hand);
        }
        finish(hands, out);
        return Ok(());
    }
    // Otherwise deal the keys not accounted for by hand size. During a secret choice the piles
    // are unknown: a pile the viewer found empty must come out empty, the others must keep a key
    // for the viewer when it is the one choosing.
    let mut capacity = [0i32; 4];
    let mut required = [0i32; 4];
    let known = |c: usize| -> i32 { hands.iter().flatten().map(|k| i32::from(k[c])).sum() };
    let choosing = matches!(view.phase, Phase::ChoosingKeys { seat, .. } if view.viewer.is(seat));
    for c in 0..4 {
        match view.piles {
            Some(piles) => {
                required[c] = i32::from(KEYS_PER_COLOUR) - i32::from(piles[c]) - known(c);
                capacity[c] = required[c];
            }
            None => {
                capacity[c] = i32::from(KEYS_PER_COLOUR) - known(c);
                if view.pile_empty[c] {
                    required[c] = capacity[c];
                } else if choosing {
                    capacity[c] -= 1;
                }
            }
        }
    }
    let slots: i32 = view.seats.iter().filter(|s| s.keys.is_none()).map(|s| i32::from(s.key_count)).sum();
    if required.iter().any(|&r| r < 0) || required.iter().sum::<i32>() > slots || capacity.iter().sum::<i32>() < slots {
        return Err(bad("hand sizes do not fit the keys unaccounted for"));
    }
    // At most every key of every colour (the capacity bounds the slots).
    let mut pool = [KeyColour::Red; 4 * KEYS_PER_COLOUR as usize];
    let slots = slots as usize;
    if slots > pool.len() {
        return Err(bad("more keys in hands than exist"));
    }
    let mut len = 0;
    for colour in KeyColour::ALL {
        for _ in 0..required[colour.index()] {
            pool[len] = colour;
            len += 1;
        }
    }
    let mut spare: [i32; 4] = [0, 1, 2, 3].map(|c| capacity[c] - required[c]);
    while len < slots {
        let total: i32 = spare.iter().sum();
        let mut pick = rng.below(total as u32) as i32;
        let c = (0..4).find(|&c| {
            pick -= spare[c];
            pick < 0
        });
        let c = c.ok_or_else(|| bad("no key left to deal"))?;
        spare[c] -= 1;
        pool[len] = KeyColour::ALL[c];
        len += 1;
    }
    let pool = &mut pool[..len];
    rng.shuffle(pool);
    let mut next = 0;
    for (hand, seat) in hands.iter_mut().zip(&view.seats) {
        if hand.is_none() {
            let mut keys = [0u8; 4];
            for &colour in &pool[next..next + usize::from(seat.key_count)] {
                keys[colour.index()] += 1;
            }
            next += usize::from(seat.key_count);
            *hand = Some(keys);
        }
    }
    finish(hands, out);
    Ok(())
}

fn keys_text(keys: &KeyCounts) -> String {
    KeyColour::ALL.iter().map(|c| format!("{}×{}", keys[c.index()], c.letter())).collect::<Vec<_>>().join(" ")
}

/// The board as text (the terminal's and the protocol's `view_text`). Seats are numbered from 1,
/// as the terminal's move list and the web table number them (the JSON keeps seat indices from 0).
impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Piles: {}   bonus markers left: {}   safes in deck: {}",
            self.piles.map_or_else(|| "unseen while the starting keys are chosen".to_owned(), |p| keys_text(&p)),
            self.bonus_supply,
            self.deck_size
        );
        let _ = writeln!(out, "Display:");
        for slot in &self.display {
            let card = self.cards[slot.safe.index()];
            let markers = if slot.markers > 0 {
                format!("  +{}", count(slot.markers, "marker", "markers"))
            } else {
                String::new()
            };
            let _ = writeln!(out, "  safe {:<4} {:<5} ${:<3}{markers}", slot.safe, card.code(), card.value);
        }
        for (i, seat) in self.seats.iter().enumerate() {
            let who = if self.viewer.is(Seat(i as u8)) { " (you)" } else { "" };
            let keys = match seat.keys {
                Some(k) => keys_text(&k),
                None if seat.keys_at_least.iter().any(|&n| n > 0) => {
                    format!("{}, at least {}", count(seat.key_count, "key", "keys"), keys_text(&seat.keys_at_least))
                }
                None => count(seat.key_count, "key", "keys").to_string(),
            };
            let score = seat.score.map(|s| format!("${s}")).unwrap_or_else(|| "$?".to_owned());
            let _ = writeln!(
                out,
                "  seat {}{who}: {keys} | {}, {}, {score}",
                i + 1,
                count(seat.cracked_count, "safe", "safes"),
                count(seat.markers, "marker", "markers")
            );
        }
        let _ = match self.phase {
            Phase::ChoosingKeys { seat, taken } if self.options.starting_keys == StartingKeys::Secret => writeln!(
                out,
                "Seat {} is choosing starting key {} of 4, unseen by the others (the safes are laid out once everybody has chosen)",
                seat.0 + 1,
                taken + 1
            ),
            Phase::ChoosingKeys { seat, taken } => {
                writeln!(out, "Seat {} is choosing starting key {} of 4", seat.0 + 1, taken + 1)
            }
            Phase::Turn { seat, cracked: 0 } => writeln!(out, "Seat {} to play: take a key or crack safes", seat.0 + 1),
            Phase::Turn { seat, cracked } => {
                writeln!(out, "Seat {} has cracked {} this turn", seat.0 + 1, count(cracked, "safe", "safes"))
            }
            Phase::PlacingBonus { seat, colour } => {
                writeln!(out, "Seat {} took the last {colour} key and places a bonus marker", seat.0 + 1)
            }
            Phase::Over { .. } => writeln!(out, "Game over"),
        };
        if let Some(outcome) = &self.outcome {
            let scores: Vec<String> =
                outcome.scores.iter().enumerate().map(|(i, score)| format!("{} ${score}", Seat(i as u8))).collect();
            let winners: Vec<String> = outcome.winners.iter().map(Seat::to_string).collect();
            let won = if winners.len() == 1 { "winner" } else { "winners" };
            let _ = writeln!(
                out,
                "Result: {}. Scores: {}. The {won}: {}.",
                outcome.detail,
                scores.join(", "),
                winners.join(", ")
            );
        }
        f.write_str(&out)
    }
}
