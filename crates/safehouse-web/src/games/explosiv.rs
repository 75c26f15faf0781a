//! Explosiv: the rows of this round (explosive card, number cards in order, each seat's total),
//! the viewer's hand of number cards, and the explosive cards each seat has won.
//!
//! A move is two choices: a card of the hand (a radio button), then a row (a button). The
//! rows a chosen card may go to are listed on the card (`data-targets`) for the script to mark.

use maud::{Markup, html};
use safehouse_engine::Outcome;
use safehouse_explosiv::{
    Action, Colour, EXPLOSION_AT, Event, ExplosionCause, ExplosiveCard, RowView, Rule, View, row_letter,
};
use serde_json::json;

use super::{Ctx, GameUi, action_json};
use crate::i18n::Lang;
use crate::layout::icon;

/// The drawing of Explosiv.
#[derive(Debug)]
pub(crate) struct Ui;

fn colour_of(seat: u8) -> Colour {
    Colour::ALL[usize::from(seat) % 4]
}

fn colour_class(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "c-red",
        Colour::Blue => "c-blue",
        Colour::Green => "c-green",
        Colour::Yellow => "c-yellow",
    }
}

fn colour_letter(colour: Colour) -> char {
    match colour {
        Colour::Red => 'R',
        Colour::Blue => 'B',
        Colour::Green => 'G',
        Colour::Yellow => 'Y',
    }
}

/// A seat colour's name.
pub(crate) fn colour_name(lang: Lang, colour: Colour) -> &'static str {
    match colour {
        Colour::Red => lang.text("explosiv-red"),
        Colour::Blue => lang.text("explosiv-blue"),
        Colour::Green => lang.text("explosiv-green"),
        Colour::Yellow => lang.text("explosiv-yellow"),
    }
}

/// "a 5", "an 8" (Korean: just the number; German: "eine 5").
fn a_card(lang: Lang, card: u8) -> String {
    tr!(lang, "explosiv-a-card", card = card)
}

fn value_text(card: ExplosiveCard) -> String {
    let value = card.value();
    if value > 0 { format!("+{value}") } else { format!("−{}", -value) }
}

/// The bomb side's value ("−4"), whichever side is up.
fn bomb_text(card: ExplosiveCard) -> String {
    format!("−{}", -card.back())
}

/// Whether the next card placed in this row would be its 8th and blow it up.
fn next_card_explodes(row: &RowView) -> bool {
    !row.explosive.exploded && row.cards.len() + 1 == EXPLOSION_AT
}

fn explosive_words(lang: Lang, card: ExplosiveCard) -> String {
    if card.exploded {
        tr!(lang, "explosiv-bomb-value", value = value_text(card))
    } else {
        tr!(lang, "explosiv-briefcase-value", value = value_text(card))
    }
}

fn explosive(lang: Lang, row: u8, card: ExplosiveCard, carried: bool) -> Markup {
    html! {
        div class={"explosive " (if card.exploded { "bomb" } else { "case" })} {
            (icon(if card.exploded { "bomb" } else { "case" }, ""))
            span { (value_text(card)) }
            // The other side, so a player sees what blowing the row up would make of it.
            @if !card.exploded { span.rowname.bombside { (tr!(lang, "explosiv-bomb-side", value = bomb_text(card))) } }
            span.rowname { (tr!(lang, "explosiv-row-row", row = row_letter(row))) }
            @if carried { span.rowname { (lang.text("explosiv-carried")) } }
        }
    }
}

/// Each seat's total in a row, the last card's bonus included.
fn totals(view: &View, row: &RowView) -> Vec<u32> {
    let mut totals = vec![0u32; usize::from(view.players)];
    for placed in &row.cards {
        if let Some(t) = totals.get_mut(placed.seat.index()) {
            *t += u32::from(placed.card);
        }
    }
    if let Some(last) = row.cards.last()
        && let Some(t) = totals.get_mut(last.seat.index())
    {
        *t += u32::from(view.options.last_card_bonus);
    }
    totals
}

fn number_card(seat: u8, card: u8, last: bool) -> Markup {
    let colour = colour_of(seat);
    html! {
        span class={"ncard " (colour_class(colour)) @if last { " last" }} aria-hidden="true" {
            (card) small { (colour_letter(colour)) }
        }
    }
}

impl GameUi for Ui {
    type View = View;
    type Action = Action;
    type Event = Event;

    fn table(view: &View, cx: &Ctx<'_>) -> Markup {
        let lang = cx.lang;
        let mine = cx.my_turn();
        let legal: Vec<Action> = cx.legal.iter().filter_map(|a| serde_json::from_value(a.clone()).ok()).collect();
        let placing = mine && legal.iter().any(|a| matches!(a, Action::Place { .. }));
        let discarding = mine && legal.iter().any(|a| matches!(a, Action::Discard { .. }));
        let hand = cx.me.and_then(|me| view.seats.get(usize::from(me))).and_then(|s| s.hand);
        let my_colour = cx.me.map(colour_of);
        html! {
            div.ex {
                p.deckline {
                    (tr!(lang, "explosiv-round", round = view.round)) " · "
                    (tr!(lang, "explosiv-explosive-cards-left-in-the", deck_count = view.deck.len()))
                    @if !view.deck.is_empty() {
                        " (" @for (i, front) in view.deck.iter().enumerate() { @if i > 0 { " " } "+" (front) } ")"
                    }
                    @if !view.removed.is_empty() {
                        " · " (tr!(lang, "explosiv-out-of-the-game-removed", removed = view.removed.iter().map(|c| value_text(*c)).collect::<Vec<_>>().join(" ")))
                    }
                }
                h2.sr { (lang.text("explosiv-rows")) }
                ol.ex-rows {
                    @for (i, row) in view.rows.iter().enumerate() {
                        @let r = i as u8;
                        @let totals = totals(view, row);
                        @let label = tr!(lang, "explosiv-row-explosive", row = row_letter(r), explosive = explosive_words(lang, row.explosive));
                        li.ex-row {
                            (explosive(lang, r, row.explosive, row.carried))
                            @let inner = html! {
                                @for (k, placed) in row.cards.iter().enumerate() {
                                    (number_card(placed.seat.0, placed.card, k + 1 == row.cards.len()))
                                }
                                @if row.cards.is_empty() { span.small { (lang.text("explosiv-empty")) } }
                                @if next_card_explodes(row) {
                                    span.pill.c-red.explodes { (icon("bomb", "")) " " (tr!(lang, "explosiv-next-card-explodes", value = bomb_text(row.explosive))) }
                                }
                                span.rowtotals aria-hidden="true" {
                                    @for (s, total) in totals.iter().enumerate() {
                                        @if *total > 0 { span.pill.(colour_class(colour_of(s as u8))) { (colour_letter(colour_of(s as u8))) " " (total) } " " }
                                    }
                                }
                                span.sr {
                                    (label) ". "
                                    @if row.cards.is_empty() { (lang.text("explosiv-no-cards-yet")) " " }
                                    @else {
                                        (lang.text("explosiv-cards"))
                                        (row.cards.iter().map(|p| format!("{} {}", colour_name(lang, colour_of(p.seat.0)), p.card)).collect::<Vec<_>>().join(", "))
                                        ". "
                                    }
                                    @if placing { (lang.text("explosiv-place-the-chosen-card-here")) }
                                }
                            };
                            @if placing {
                                (cx.act_id(&format!("row-{r}"), &json!({"type": "place", "card": "$card", "row": r}), "rowbtn", inner))
                            } @else {
                                div.rowbtn { (inner) }
                            }
                        }
                    }
                }
                @if let (Some(hand), Some(colour)) = (hand, my_colour) {
                    section.ex-hand aria-labelledby="ex-hand-h" {
                        h2 #ex-hand-h { (lang.text("explosiv-your-cards")) " "
                            span.pill.(colour_class(colour)) { (colour_letter(colour)) " " (colour_name(lang, colour)) } }
                        @if hand.is_empty() { p { (lang.text("explosiv-no-cards-left-this-round")) } }
                        fieldset.handcards aria-label=(lang.text("explosiv-choose-a-card")) {
                            @for card in hand.iter() {
                                @let targets = legal.iter().filter_map(|a| match a {
                                    Action::Place { card: c, row } if *c == card => Some(format!("row-{row}")),
                                    _ => None,
                                }).collect::<Vec<_>>().join(" ");
                                label.choice.(colour_class(colour)) {
                                    input type="radio" name="card" value=(card) data-targets=(targets) disabled[!mine];
                                    span { (card) small { (colour_letter(colour)) } }
                                    span.sr { (tr!(lang, "explosiv-card-card", card = card)) }
                                }
                            }
                        }
                    }
                }
                @if mine {
                    div.controls {
                        @if placing {
                            p.prompt { (lang.text("explosiv-choose-a-card-then-the")) }
                        }
                        @if discarding {
                            p.prompt { (lang.text("explosiv-no-card-of-yours-fits")) }
                            (cx.act_id("discard", &json!({"type": "discard", "card": "$card"}), "primary", html! { (lang.text("explosiv-give-up-the-chosen-card")) }))
                        }
                        @if cx.is_legal(&action_json(&Action::Pass)) {
                            p.prompt { (lang.text("explosiv-no-card-of-yours-fits-any-row")) }
                            (cx.act_id("pass", &action_json(&Action::Pass), "primary", html! { (lang.text("explosiv-pass")) }))
                        }
                    }
                }
                @if let Some(summary) = &view.last_round {
                    details.panel.lastround {
                        summary { (tr!(lang, "explosiv-how-round-was-scored", round = summary.round)) }
                        table.summary-table {
                            thead { tr { th { (lang.text("explosiv-row")) } th { (lang.text("explosiv-card")) } th { (lang.text("explosiv-totals")) } th { (lang.text("explosiv-taken-by")) } } }
                            tbody {
                                @for (i, result) in summary.rows.iter().enumerate() {
                                    tr {
                                        td { (row_letter(i as u8)) }
                                        td { (explosive_words(lang, result.explosive)) }
                                        td { (result.totals.iter().enumerate().map(|(s, t)| format!("{}{}", colour_letter(colour_of(s as u8)), t)).collect::<Vec<_>>().join(" ")) }
                                        td { @match result.winner { Some(seat) => { (cx.name(seat.0)) } None => { (lang.text("explosiv-nobody")) } } }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    fn doing(view: &View, cx: &Ctx<'_>) -> String {
        let lang = cx.lang;
        match view.to_move {
            Some(seat) => {
                tr!(lang, "explosiv-round-who-place-a", round = view.round, who = cx.subject(seat.0))
            }
            None => lang.text("explosiv-the-game-is-over").to_owned(),
        }
    }

    fn seat_line(view: &View, seat: u8, cx: &Ctx<'_>) -> Markup {
        let lang = cx.lang;
        let Some(s) = view.seats.get(usize::from(seat)) else { return html! {} };
        let colour = colour_of(seat);
        html! {
            span.pill.(colour_class(colour)) { (colour_letter(colour)) " " (colour_name(lang, colour)) }
            span.stat.score { (tr!(lang, "explosiv-score-points", score = s.score)) }
            span.stat { (tr!(lang, "explosiv-cards-in-hand", count = s.hand_size)) }
            @if !s.won.is_empty() {
                span.wonlist {
                    @for card in &s.won {
                        span class={"wonchip " (if card.exploded { "bomb" } else { "case" })} title=(explosive_words(lang, *card)) { (value_text(*card)) }
                    }
                }
            }
            @if !s.discards.is_empty() {
                span.stat { (lang.text("explosiv-gave-up"))
                    (s.discards.iter().map(|d| d.card.map_or_else(|| "?".to_owned(), |c| c.to_string())).collect::<Vec<_>>().join(" ")) }
            }
            @if let Some(deduced) = &s.deduced_hand {
                span.stat {
                    (if deduced.exact { lang.text("explosiv-holds") } else { lang.text("explosiv-may-hold") })
                    (deduced.cards.to_string())
                }
            }
        }
    }

    fn event(event: &Event, _view: &View, cx: &Ctx<'_>) -> Option<String> {
        let lang = cx.lang;
        Some(match *event {
            Event::RoundStarted { round, start_player, .. } => {
                tr!(lang, "explosiv-round-begins-name-plays", round = round, name = cx.name(start_player.0))
            }
            Event::Placed { seat, card, row } => {
                tr!(
                    lang,
                    "explosiv-who-placed-card-on-row",
                    who = cx.who(seat.0),
                    card = a_card(lang, card),
                    row = row_letter(row)
                )
            }
            Event::RowExploded { row, explosive, cause: ExplosionCause::EighthCard } => tr!(
                lang,
                "explosiv-row-blows-up-its",
                row = row_letter(row),
                explosive = explosive_words(lang, explosive)
            ),
            Event::RowExploded { row, explosive, cause: ExplosionCause::LongestRow } => tr!(
                lang,
                "explosiv-row-is-the-longest",
                row = row_letter(row),
                explosive = explosive_words(lang, explosive)
            ),
            Event::Discarded { seat, card: Some(card), face_down } => tr!(
                lang,
                "explosiv-who-cannot-place-a-card",
                who = cx.who(seat.0),
                card = a_card(lang, card),
                detail = if face_down { lang.text("explosiv-face-down") } else { "" }
            ),
            Event::Discarded { seat, card: None, .. } => {
                tr!(lang, "explosiv-who-cannot-place-a-card-and-gives", who = cx.who(seat.0))
            }
            Event::Passed { seat } => {
                tr!(lang, "explosiv-who-cannot-place-a-card-and-passes", who = cx.who(seat.0))
            }
            Event::RowScored { row, explosive, winner: Some(seat), tied, .. } => tr!(
                lang,
                "explosiv-row-explosive-who-takes",
                row = row_letter(row),
                explosive = explosive_words(lang, explosive),
                who = cx.who(seat.0),
                detail = if tied { lang.text("explosiv-on-the-tie-break") } else { "" }
            ),
            Event::RowScored { row, explosive, winner: None, tied: true, .. } => tr!(
                lang,
                "explosiv-row-explosive-a-tie",
                row = row_letter(row),
                explosive = explosive_words(lang, explosive)
            ),
            Event::RowScored { row, explosive, winner: None, .. } => tr!(
                lang,
                "explosiv-row-explosive-no-cards",
                row = row_letter(row),
                explosive = explosive_words(lang, explosive)
            ),
            Event::RoundEnded { round, .. } => tr!(lang, "explosiv-round-is-over", round = round),
            Event::GameEnded { .. } => lang.text("explosiv-the-game-is-over").to_owned(),
        })
    }

    fn action(action: &Action, _view: &View, cx: &Ctx<'_>) -> String {
        let lang = cx.lang;
        match *action {
            Action::Place { card, row } => {
                tr!(lang, "explosiv-place-card-on-row", card = card, row = row_letter(row))
            }
            Action::Discard { card } => tr!(lang, "explosiv-give-up-card", card = card),
            Action::Pass => lang.text("explosiv-pass").to_owned(),
        }
    }

    fn explain(rule: &str, action: Option<&Action>, _view: &View, cx: &Ctx<'_>) -> Option<String> {
        let lang = cx.lang;
        let (card, row) = match action {
            Some(Action::Place { card, row }) => (Some(*card), Some(*row)),
            Some(Action::Discard { card }) => (Some(*card), None),
            _ => (None, None),
        };
        let row_name = row.map(row_letter).unwrap_or('?');
        // Every rule has an arm and there is no catch-all: a rule added to the game does not
        // build until it is explained here (`None`: a code this game does not have).
        Some(match Rule::from_code(rule)? {
            Rule::NoSuchRow => tr!(lang, "explosiv-there-is-no-row", row_name = row_name),
            Rule::CardNotInHand => tr!(lang, "explosiv-you-do-not-hold-a", card = card.unwrap_or(0)),
            Rule::RowClosed => tr!(lang, "explosiv-row-name-has-blown", row_name = row_name),
            Rule::OwnCardOnTop => tr!(lang, "explosiv-row-name-ends-with", row_name = row_name),
            Rule::NumberAlreadyInRow => {
                tr!(lang, "explosiv-row-name-already-has", row_name = row_name, card = card.unwrap_or(0))
            }
            Rule::DiscardNotAllowed => lang.text("explosiv-at-this-table-a-player").to_owned(),
            Rule::PassNotAllowed => lang.text("explosiv-at-this-table-a-player-who-cannot").to_owned(),
            Rule::MustPlace => {
                let example = cx.legal.iter().find_map(|a| match serde_json::from_value::<Action>(a.clone()) {
                    Ok(Action::Place { card, .. }) => Some(card),
                    _ => None,
                });
                match example {
                    Some(card) => tr!(lang, "explosiv-you-can-still-place-a-card-your", card = card),
                    None => lang.text("explosiv-you-can-still-place-a").to_owned(),
                }
            }
        })
    }

    fn result(view: &View, _outcome: &Outcome, cx: &Ctx<'_>) -> Option<Markup> {
        let lang = cx.lang;
        Some(html! {
            p.small { (tr!(lang, "explosiv-after-round-rounds-points-are", round = view.round)) }
        })
    }
}

#[cfg(test)]
mod tests {
    use safehouse_engine::{Game, Setup, Viewer};
    use safehouse_explosiv::Explosiv;

    use super::*;
    use crate::api::SeatInfo;

    /// Along whole games, every row's briefcase shows its bomb side, and exactly the rows whose
    /// next card would be the 8th carry the warning, in every language.
    #[test]
    fn rows_show_their_bomb_and_warn_before_the_eighth_card() {
        let mut warned = 0;
        for seed in 0..6 {
            let mut game = Explosiv::new(&Setup::new(2 + (seed % 3) as usize, seed)).expect("setup");
            let seats: Vec<SeatInfo> =
                (0..game.players() as u8).map(|s| SeatInfo { seat: s, ..SeatInfo::default() }).collect();
            let mut legal = Vec::new();
            let mut events = Vec::new();
            while let Some(seat) = game.to_move() {
                let view = game.view(Viewer::Seat(seat));
                for lang in Lang::ALL {
                    let cx = Ctx {
                        lang,
                        me: Some(seat.0),
                        seats: &seats,
                        to_move: Some(seat.0),
                        legal: &[],
                        live: true,
                        hints: false,
                    };
                    let html = Ui::table(&view, &cx).into_string();
                    let due = view.rows.iter().filter(|row| next_card_explodes(row)).count();
                    assert_eq!(
                        html.matches("explodes").count(),
                        due,
                        "{lang:?}: one warning per row a card away from its 8th"
                    );
                    let face_up = view.rows.iter().filter(|row| !row.explosive.exploded).count();
                    assert_eq!(
                        html.matches("bombside").count(),
                        face_up,
                        "{lang:?}: each briefcase shows its bomb side"
                    );
                    if due > 0 && lang == Lang::En {
                        warned += 1;
                        let row = view.rows.iter().find(|row| next_card_explodes(row)).expect("a row");
                        let bomb = format!("blows this row up: bomb −{}", 9 - row.explosive.front);
                        assert!(html.contains(&bomb), "the warning names the bomb's value: {bomb}");
                    }
                }
                legal.clear();
                game.legal_actions(&mut legal);
                let action = legal[(usize::from(game.round()) * 7 + legal.len() / 2) % legal.len()];
                game.apply(&action, &mut events).expect("a legal move");
            }
        }
        assert!(warned > 0, "some game reached a row of seven cards");
    }
}
