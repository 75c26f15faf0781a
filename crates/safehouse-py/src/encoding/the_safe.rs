//! The Safe (co-operative): the observation tensor and the action indexing.
//!
//! Actions (`N = 251` for every player count): `4 id + row` plays card `id` (`id = 10 colour +
//! number`, colours orange, green, yellow, blue, pink) under colour card `row` (0-3); `200`
//! passes; `201 + 10 colour + number` names `number` (0-9) as the code of `colour`.

use safehouse_engine::Seat;
use safehouse_the_safe::{Action, CARD_COUNT, Cards, Colour, HAND_SIZE, Phase, ROWS, Restriction, TheSafe, View};

use super::{Encoder, RlGame, relative, scaled};

/// Colours of number cards.
const COLOURS: usize = Colour::ALL.len();
/// Missions in a game.
const MISSIONS: f64 = 5.0;

fn viewer(view: &View) -> Seat {
    view.viewer.unwrap_or(Seat(0))
}

fn restriction_index(restriction: Restriction) -> usize {
    match restriction {
        Restriction::Colour(colour) => colour.index(),
        Restriction::Even => COLOURS,
        Restriction::Odd => COLOURS + 1,
        Restriction::Ascending => COLOURS + 2,
        Restriction::Descending => COLOURS + 3,
    }
}

fn cards(set: Cards) -> u64 {
    set.bits()
}

impl RlGame for TheSafe {
    fn action_space(_view: &View) -> usize {
        ROWS * CARD_COUNT + 1 + CARD_COUNT
    }

    fn action_index(_view: &View, action: &Action) -> usize {
        match *action {
            Action::Play { card, row } => ROWS * usize::from(card.id()) + usize::from(row).min(ROWS - 1),
            Action::Pass => ROWS * CARD_COUNT,
            Action::Name { colour, number } => ROWS * CARD_COUNT + 1 + 10 * colour.index() + usize::from(number.min(9)),
        }
    }

    fn encode(view: &View, e: &mut Encoder<'_>) {
        let me = viewer(view);
        let players = usize::from(view.players);
        let (phase, to_move, naming) = match view.phase {
            Phase::Play { seat } => (0, Some(seat), None),
            Phase::Naming { seat, colour } => (1, Some(seat), Some(colour.index())),
            Phase::Over { .. } => (2, None, None),
        };
        e.one_hot("phase", "one-hot: playing cards, naming the code, over", 3, Some(phase));
        e.to_move(me, to_move, players);
        e.one_hot("naming_colour", "one-hot colour whose code is being named (naming phase)", COLOURS, naming);
        e.one_hot(
            "first_player",
            "one-hot relative seat that starts every mission",
            players,
            Some(relative(me, view.first_player, players)),
        );
        e.bits("colours", "for each colour, 1 if it is in play", COLOURS, u64::from(view.colours.bits()));
        e.scalar("mission", "the current mission / 5", scaled(f64::from(view.mission), MISSIONS));
        e.scalar(
            "completed",
            "missions cracked in the current streak / 5",
            scaled(f64::from(view.completed), MISSIONS),
        );
        e.scalar("best", "the longest streak (the team's score) / 5", scaled(f64::from(view.best), MISSIONS));
        e.scalar(
            "attempts",
            "missions played, this one included / 20, clamped",
            scaled(f64::from(view.attempts), 20.0),
        );
        e.scalar("draw_pile", "cards in the draw pile / 50", scaled(f64::from(view.draw_pile), CARD_COUNT as f64));
        e.bits("hand", "for each card id, 1 if in the viewer's hand", CARD_COUNT, view.hand.map_or(0, cards));
        e.bits(
            "named",
            "for each card id (colour, number), 1 if the team named it this mission",
            CARD_COUNT,
            cards(view.named),
        );
        for row in 0..ROWS {
            let shown = view.rows.get(row);
            let name = ["row_0", "row_1", "row_2", "row_3"][row];
            e.put(
                name,
                "one row: [colour card number / 5, restriction one-hot (5 colours, even, odd, ascending, descending), \
                 colours in the row (5), cards in the row / 50, last card one-hot by id (50), cards in the row by id \
                 (50), cards the row accepts now by id (50)]",
                1 + 9 + COLOURS + 1 + 3 * CARD_COUNT,
                |s| {
                    let Some(row) = shown else { return };
                    s[0] = scaled(f64::from(row.colour_card), COLOURS as f64);
                    if let Some(r) = row.restriction {
                        s[1 + restriction_index(r)] = 1.0;
                    }
                    let at = 10;
                    for colour in row.colours.iter() {
                        s[at + colour.index()] = 1.0;
                    }
                    s[at + COLOURS] = scaled(row.cards.len() as f64, CARD_COUNT as f64);
                    let at = at + COLOURS + 1;
                    if let Some(last) = row.cards.last() {
                        s[at + usize::from(last.id())] = 1.0;
                    }
                    for card in &row.cards {
                        s[at + CARD_COUNT + usize::from(card.id())] = 1.0;
                    }
                    for card in row.accepts.iter() {
                        s[at + 2 * CARD_COUNT + usize::from(card.id())] = 1.0;
                    }
                },
            );
        }
        for offset in 0..players {
            let seat = Seat(((me.index() + offset) % players) as u8);
            e.seat(offset);
            let size = view.hand_sizes.get(seat.index()).copied().unwrap_or(0);
            e.scalar("hand_size", "cards held / 3", scaled(f64::from(size), HAND_SIZE as f64));
            let passed = view.passed.get(seat.index()).copied().flatten();
            e.scalar("passed", "1 if the seat passed this mission", f32::from(u8::from(passed.is_some())));
            e.bits(
                "shown_not_held",
                "for each card id, 1 if the seat's pass showed it does not hold it",
                CARD_COUNT,
                passed.map_or(0, cards),
            );
            e.bits(
                "held_colours",
                "for each colour, 1 if the seat holds it (shown once play has ended)",
                COLOURS,
                view.held_colours.map_or(0, |h| u64::from(h.seat(seat).bits())),
            );
        }
        e.end_seat();
    }
}
