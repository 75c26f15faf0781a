//! Safe Breaker: the observation tensor and the action indexing.
//!
//! Actions (`P` players, offsets `k = 1..P` are the other seats clockwise from the mover;
//! `N = 36 + 48 (P - 1)`): `0..36` ask about code `c` (`c = 6 colour + number - 1`, colours in
//! the order red, blue, yellow, green, purple, orange); `36 + 36 (k-1) + c` guess that seat `+k`
//! has code `c`; `36 + 36 (P-1) + 6 (k-1) + colour` guess seat `+k`'s lock (Keep it simple);
//! `36 + 42 (P-1) + 6 (k-1) + number - 1` guess seat `+k`'s key (Keep it simple).

use safehouse_engine::Seat;
use safehouse_safe_breaker::cards::{CODES, PARTS};
use safehouse_safe_breaker::deduction::candidates;
use safehouse_safe_breaker::{Action, Code, Entry, SafeBreaker, View};

use super::{Encoder, RlGame, relative, scaled};

fn viewer(view: &View) -> Seat {
    view.viewer.seat().unwrap_or(Seat(0))
}

impl RlGame for SafeBreaker {
    fn action_space(view: &View) -> usize {
        CODES + 48 * (view.players() - 1)
    }

    fn action_index(view: &View, action: &Action) -> usize {
        let me = viewer(view);
        let players = view.players();
        let others = players - 1;
        let offset = |target: Seat| relative(me, target, players).max(1) - 1;
        match *action {
            Action::Ask { colour, number } => Code::new(colour, number).index(),
            Action::Guess { target, colour, number } => {
                CODES + CODES * offset(target) + Code::new(colour, number).index()
            }
            Action::GuessLock { target, colour } => CODES + CODES * others + PARTS * offset(target) + colour.index(),
            Action::GuessKey { target, number } => {
                CODES + (CODES + PARTS) * others + PARTS * offset(target) + number.index()
            }
        }
    }

    fn encode(view: &View, e: &mut Encoder<'_>) {
        let me = viewer(view);
        let players = view.players();
        let questions = view.log.iter().filter(|entry| matches!(entry, Entry::Question { .. })).count();
        let limit = view.options.question_limit.map_or(150.0, f64::from);
        e.one_hot("own_code", "one-hot code c of the viewer's own lock and key", CODES, view.own_code.map(Code::index));
        e.to_move(me, view.to_move, players);
        e.one_hot(
            "first_player",
            "one-hot relative seat that started",
            players,
            Some(relative(me, view.first_player, players)),
        );
        e.put("exposed_locks", "for each colour, 1 if a set-aside lock of it lies face up (Quick Game)", PARTS, |s| {
            for colour in &view.exposed_locks {
                s[colour.index()] = 1.0;
            }
        });
        e.put(
            "exposed_keys",
            "for each number 1-6, 1 if a set-aside key of it lies face up (Quick Game)",
            PARTS,
            |s| {
                for number in &view.exposed_keys {
                    s[number.index()] = 1.0;
                }
            },
        );
        e.scalar(
            "questions",
            "questions asked so far / the question limit (150 when there is none)",
            scaled(questions as f64, limit),
        );
        let candidates = candidates(view);
        for offset in 0..players {
            let seat = Seat(((me.index() + offset) % players) as u8);
            let shown = &view.seats[seat.index()];
            e.seat(offset);
            e.scalar("active", "1 while the seat is still in the game", f32::from(u8::from(shown.status.is_active())));
            e.one_hot(
                "lock",
                "one-hot colour of the seat's lock if it lies face up",
                PARTS,
                shown.lock.map(|c| c.index()),
            );
            e.one_hot(
                "key",
                "one-hot number 1-6 of the seat's key if it lies face up",
                PARTS,
                shown.key.map(|n| n.index()),
            );
            e.bits(
                "candidates",
                "for each code c, 1 if what is known of this seat alone still allows it (its face-up parts, the log's answers and guesses about it; the viewer's own code for the viewer)",
                CODES,
                candidates[seat.index()],
            );
        }
        e.end_seat();
    }
}
