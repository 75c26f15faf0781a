//! Explosiv: the rows of this round (explosive card, number cards in order, each seat's total),
//! the viewer's hand of number cards, and the explosive cards each seat has won.
//!
//! A move is two choices: a card of the hand (a radio button), then a row (a button). The
//! rows a chosen card may go to are listed on the card (`data-targets`) for the script to mark.

use maud::{Markup, html};
use safehouse_engine::Outcome;
use safehouse_explosiv::{Action, Colour, Event, ExplosionCause, ExplosiveCard, RowView, View, row_letter};
use serde_json::json;

use super::{Ctx, GameUi};
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
        Colour::Red => lang.t("red", "빨강"),
        Colour::Blue => lang.t("blue", "파랑"),
        Colour::Green => lang.t("green", "초록"),
        Colour::Yellow => lang.t("yellow", "노랑"),
    }
}

/// "a 5", "an 8" (Korean: just the number).
fn a_card(lang: Lang, card: u8) -> String {
    match lang {
        Lang::En if card == 8 => "an 8".to_owned(),
        Lang::En => format!("a {card}"),
        Lang::Ko => card.to_string(),
    }
}

fn value_text(card: ExplosiveCard) -> String {
    let value = card.value();
    if value > 0 { format!("+{value}") } else { format!("−{}", -value) }
}

fn explosive_words(lang: Lang, card: ExplosiveCard) -> String {
    if card.exploded {
        tr!(lang, "bomb {}", "폭탄 {}", value_text(card))
    } else {
        tr!(lang, "briefcase {}", "서류 가방 {}", value_text(card))
    }
}

fn explosive(lang: Lang, row: u8, card: ExplosiveCard, carried: bool) -> Markup {
    html! {
        div class={"explosive " (if card.exploded { "bomb" } else { "case" })} {
            (icon(if card.exploded { "bomb" } else { "case" }, ""))
            span { (value_text(card)) }
            span.rowname { (tr!(lang, "row {}", "{}줄", row_letter(row))) }
            @if carried { span.rowname { (lang.t("carried", "이월")) } }
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
                    (tr!(lang, "Round {}", "{}라운드", view.round)) " · "
                    (tr!(lang, "Explosive cards left in the deck: {}", "남은 폭발 카드: {}장", view.deck.len()))
                    @if !view.deck.is_empty() {
                        " (" @for (i, front) in view.deck.iter().enumerate() { @if i > 0 { " " } "+" (front) } ")"
                    }
                    @if !view.removed.is_empty() {
                        " · " (tr!(lang, "out of the game: {}", "게임에서 빠짐: {}", view.removed.iter().map(|c| value_text(*c)).collect::<Vec<_>>().join(" ")))
                    }
                }
                h2.sr { (lang.t("Rows", "줄")) }
                ol.ex-rows {
                    @for (i, row) in view.rows.iter().enumerate() {
                        @let r = i as u8;
                        @let totals = totals(view, row);
                        @let label = tr!(lang, "Row {}: {}", "{}줄: {}", row_letter(r), explosive_words(lang, row.explosive));
                        li.ex-row {
                            (explosive(lang, r, row.explosive, row.carried))
                            @let inner = html! {
                                @for (k, placed) in row.cards.iter().enumerate() {
                                    (number_card(placed.seat.0, placed.card, k + 1 == row.cards.len()))
                                }
                                @if row.cards.is_empty() { span.small { (lang.t("empty", "비어 있음")) } }
                                span.rowtotals aria-hidden="true" {
                                    @for (s, total) in totals.iter().enumerate() {
                                        @if *total > 0 { span.pill.(colour_class(colour_of(s as u8))) { (colour_letter(colour_of(s as u8))) " " (total) } " " }
                                    }
                                }
                                span.sr {
                                    (label) ". "
                                    @if row.cards.is_empty() { (lang.t("No cards yet.", "아직 카드 없음.")) }
                                    @else {
                                        (lang.t("Cards: ", "카드: "))
                                        (row.cards.iter().map(|p| format!("{} {}", colour_name(lang, colour_of(p.seat.0)), p.card)).collect::<Vec<_>>().join(", "))
                                        ". "
                                    }
                                    @if placing { (lang.t("Place the chosen card here.", "고른 카드를 여기에 놓기.")) }
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
                        h2 #ex-hand-h { (lang.t("Your cards", "내 카드")) " "
                            span.pill.(colour_class(colour)) { (colour_letter(colour)) " " (colour_name(lang, colour)) } }
                        @if hand.is_empty() { p { (lang.t("No cards left this round.", "이번 라운드에 남은 카드가 없습니다.")) } }
                        fieldset.handcards aria-label=(lang.t("Choose a card", "카드 고르기")) {
                            @for card in hand.iter() {
                                @let targets = legal.iter().filter_map(|a| match a {
                                    Action::Place { card: c, row } if *c == card => Some(format!("row-{row}")),
                                    _ => None,
                                }).collect::<Vec<_>>().join(" ");
                                label.choice.(colour_class(colour)) {
                                    input type="radio" name="card" value=(card) data-targets=(targets) disabled[!mine];
                                    span { (card) small { (colour_letter(colour)) } }
                                    span.sr { (tr!(lang, "card {}", "카드 {}", card)) }
                                }
                            }
                        }
                    }
                }
                @if mine {
                    div.controls {
                        @if placing {
                            p.prompt { (lang.t(
                                "Choose a card, then the row to place it at the end of. Not directly on your own card; each number once per row (8s may repeat); the 8th card of a row blows it up.",
                                "카드를 고른 뒤 놓을 줄을 누르세요. 자기 카드 바로 위에는 안 되고, 한 줄에 같은 숫자는 한 번만(8은 예외). 한 줄의 8번째 카드는 그 줄을 폭발시킵니다."
                            )) }
                        }
                        @if discarding {
                            p.prompt { (lang.t("No card of yours fits any row: choose a card to give up.", "놓을 수 있는 카드가 없습니다. 버릴 카드를 고르세요.")) }
                            (cx.act_id("discard", &json!({"type": "discard", "card": "$card"}), "primary", html! { (lang.t("Give up the chosen card", "고른 카드 버리기")) }))
                        }
                        @if cx.is_legal(&json!({"type": "pass"})) {
                            p.prompt { (lang.t("No card of yours fits any row: pass and keep your cards.", "놓을 수 있는 카드가 없습니다. 카드를 지킨 채 넘기세요.")) }
                            (cx.act_id("pass", &json!({"type": "pass"}), "primary", html! { (lang.t("Pass", "넘기기")) }))
                        }
                    }
                }
                @if let Some(summary) = &view.last_round {
                    details.panel.lastround {
                        summary { (tr!(lang, "How round {} was scored", "{}라운드 점수 계산", summary.round)) }
                        table.summary-table {
                            thead { tr { th { (lang.t("Row", "줄")) } th { (lang.t("Card", "카드")) } th { (lang.t("Totals", "합계")) } th { (lang.t("Taken by", "가져간 사람")) } } }
                            tbody {
                                @for (i, result) in summary.rows.iter().enumerate() {
                                    tr {
                                        td { (row_letter(i as u8)) }
                                        td { (explosive_words(lang, result.explosive)) }
                                        td { (result.totals.iter().enumerate().map(|(s, t)| format!("{}{}", colour_letter(colour_of(s as u8)), t)).collect::<Vec<_>>().join(" ")) }
                                        td { @match result.winner { Some(seat) => { (cx.name(seat.0)) } None => { (lang.t("nobody", "없음")) } } }
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
                tr!(lang, "Round {} · {}: place a card", "{}라운드 · {}: 카드 놓기", view.round, cx.subject(seat.0))
            }
            None => lang.t("The game is over.", "게임이 끝났습니다.").to_owned(),
        }
    }

    fn seat_line(view: &View, seat: u8, cx: &Ctx<'_>) -> Markup {
        let lang = cx.lang;
        let Some(s) = view.seats.get(usize::from(seat)) else { return html! {} };
        let colour = colour_of(seat);
        html! {
            span.pill.(colour_class(colour)) { (colour_letter(colour)) " " (colour_name(lang, colour)) }
            span.stat.score { (tr!(lang, "{} points", "{}점", s.score)) }
            span.stat { (crate::i18n::count(lang, s.hand_size.into(), "card in hand", "cards in hand", "손에 {}장")) }
            @if !s.won.is_empty() {
                span.wonlist {
                    @for card in &s.won {
                        span class={"wonchip " (if card.exploded { "bomb" } else { "case" })} title=(explosive_words(lang, *card)) { (value_text(*card)) }
                    }
                }
            }
            @if !s.discards.is_empty() {
                span.stat { (lang.t("gave up: ", "버림: "))
                    (s.discards.iter().map(|d| d.card.map_or_else(|| "?".to_owned(), |c| c.to_string())).collect::<Vec<_>>().join(" ")) }
            }
            @if let Some(deduced) = &s.deduced_hand {
                span.stat {
                    (if deduced.exact { lang.t("holds: ", "가진 카드: ") } else { lang.t("may hold: ", "가졌을 수 있는 카드: ") })
                    (deduced.cards.to_string())
                }
            }
        }
    }

    fn event(event: &Event, _view: &View, cx: &Ctx<'_>) -> Option<String> {
        let lang = cx.lang;
        Some(match *event {
            Event::RoundStarted { round, start_player, .. } => {
                tr!(lang, "Round {} begins: {} plays first.", "{}라운드 시작: {}부터.", round, cx.name(start_player.0))
            }
            Event::Placed { seat, card, row } => {
                tr!(
                    lang,
                    "{} placed {} on row {}.",
                    "{}: {}을(를) {}줄에 놓았습니다.",
                    cx.who(seat.0),
                    a_card(lang, card),
                    row_letter(row)
                )
            }
            Event::RowExploded { row, explosive, cause: ExplosionCause::EighthCard } => tr!(
                lang,
                "Row {} blows up: its card is now a {}.",
                "{}줄 폭발! 카드가 {}(으)로 뒤집혔습니다.",
                row_letter(row),
                explosive_words(lang, explosive)
            ),
            Event::RowExploded { row, explosive, cause: ExplosionCause::LongestRow } => tr!(
                lang,
                "Row {} is the longest and blows up (two-player rule): {}.",
                "{}줄이 가장 길어 폭발합니다(2인 규칙): {}.",
                row_letter(row),
                explosive_words(lang, explosive)
            ),
            Event::Discarded { seat, card: Some(card), face_down } => tr!(
                lang,
                "{} cannot place a card and gives up {}{}.",
                "{}: 놓을 카드가 없어 {}을(를) 버립니다{}.",
                cx.who(seat.0),
                a_card(lang, card),
                if face_down { lang.t(" face down", " (뒷면)") } else { "" }
            ),
            Event::Discarded { seat, card: None, .. } => tr!(
                lang,
                "{} cannot place a card and gives one up face down.",
                "{}: 놓을 카드가 없어 카드 1장을 뒷면으로 버립니다.",
                cx.who(seat.0)
            ),
            Event::Passed { seat } => {
                tr!(lang, "{} cannot place a card and passes.", "{}: 놓을 카드가 없어 넘깁니다.", cx.who(seat.0))
            }
            Event::RowScored { row, explosive, winner: Some(seat), tied, .. } => tr!(
                lang,
                "Row {} ({}): {} takes it{}.",
                "{}줄 ({}): {}이(가) 가져갑니다{}.",
                row_letter(row),
                explosive_words(lang, explosive),
                cx.who(seat.0),
                if tied { lang.t(" on the tie-break", " (동점 규칙)") } else { "" }
            ),
            Event::RowScored { row, explosive, winner: None, tied: true, .. } => tr!(
                lang,
                "Row {} ({}): a tie, nobody takes it.",
                "{}줄 ({}): 동점이라 아무도 가져가지 않습니다.",
                row_letter(row),
                explosive_words(lang, explosive)
            ),
            Event::RowScored { row, explosive, winner: None, .. } => tr!(
                lang,
                "Row {} ({}): no cards, nobody takes it.",
                "{}줄 ({}): 카드가 없어 아무도 가져가지 않습니다.",
                row_letter(row),
                explosive_words(lang, explosive)
            ),
            Event::RoundEnded { round, .. } => tr!(lang, "Round {} is over.", "{}라운드가 끝났습니다.", round),
            Event::GameEnded { .. } => lang.t("The game is over.", "게임이 끝났습니다.").to_owned(),
        })
    }

    fn action(action: &Action, _view: &View, cx: &Ctx<'_>) -> String {
        let lang = cx.lang;
        match *action {
            Action::Place { card, row } => {
                tr!(lang, "Place {} on row {}", "{}을(를) {}줄에 놓기", card, row_letter(row))
            }
            Action::Discard { card } => tr!(lang, "Give up {}", "{} 버리기", card),
            Action::Pass => lang.t("Pass", "넘기기").to_owned(),
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
        Some(match rule {
            "no_such_row" => tr!(lang, "There is no row {} this round.", "이번 라운드에는 {}줄이 없습니다.", row_name),
            "card_not_in_hand" => tr!(lang, "You do not hold a {}.", "{} 카드가 없습니다.", card.unwrap_or(0)),
            "row_closed" => tr!(
                lang,
                "Row {} has blown up and takes no more cards at this table.",
                "{}줄은 폭발해서 이 테이블에서는 더 놓을 수 없습니다.",
                row_name
            ),
            "own_card_on_top" => tr!(
                lang,
                "Row {} ends with your own card: you may not place directly on it. Choose another row.",
                "{}줄의 마지막 카드가 내 카드입니다. 바로 위에는 놓을 수 없으니 다른 줄을 고르세요.",
                row_name
            ),
            "number_already_in_row" => tr!(
                lang,
                "Row {} already has a {}: each number only once per row (only 8s repeat).",
                "{}줄에 이미 {}이(가) 있습니다. 한 줄에 같은 숫자는 한 번만(8만 예외).",
                row_name,
                card.unwrap_or(0)
            ),
            "discard_not_allowed" => lang
                .t(
                    "At this table a player who cannot place a card passes and keeps their cards.",
                    "이 테이블에서는 놓을 카드가 없으면 카드를 지킨 채 넘깁니다.",
                )
                .to_owned(),
            "pass_not_allowed" => lang
                .t(
                    "At this table a player who cannot place a card gives one up.",
                    "이 테이블에서는 놓을 카드가 없으면 카드 1장을 버립니다.",
                )
                .to_owned(),
            "must_place" => {
                let example = cx.legal.iter().find_map(|a| match serde_json::from_value::<Action>(a.clone()) {
                    Ok(Action::Place { card, .. }) => Some(card),
                    _ => None,
                });
                match example {
                    Some(card) => tr!(
                        lang,
                        "You can still place a card (your {}, for one): you may only sit out when you cannot.",
                        "아직 놓을 수 있는 카드가 있습니다(예: {}). 놓을 수 없을 때만 쉴 수 있습니다.",
                        card
                    ),
                    None => lang.t("You can still place a card.", "아직 놓을 수 있는 카드가 있습니다.").to_owned(),
                }
            }
            _ => return None,
        })
    }

    fn result(view: &View, _outcome: &Outcome, cx: &Ctx<'_>) -> Option<Markup> {
        let lang = cx.lang;
        Some(html! {
            p.small { (tr!(lang, "After {} rounds: points are the explosive cards won (bombs count against).", "{}라운드 후: 점수는 가져온 폭발 카드의 합입니다(폭탄은 마이너스).", view.round)) }
        })
    }
}
