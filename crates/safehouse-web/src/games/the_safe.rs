//! The Safe: the mission and the five safes, the four rows under their colour cards, the
//! viewer's hand, and at the end of play the naming of each colour's code.
//!
//! The players' chat is off at this table while the game is on (T13; the table setting `chat`
//! switches it on as a house rule): the only signals are the moves.
//! The hint panel shows, for each colour, the numbers that can still be its hidden code as this
//! seat's view allows (`safehouse_the_safe::deduction`).

use maud::{Markup, html};
use safehouse_engine::{Outcome, Seat};
use safehouse_the_safe::deduction::Deduction;
use safehouse_the_safe::{
    Action, Card, Cards, Colour, Direction, Event, MISSIONS, MissionEndReason, MissionResult, Phase, Restriction,
    RowView, View,
};
use serde_json::json;

use super::{Ctx, GameUi};
use crate::i18n::Lang;
use crate::layout::icon;

/// The drawing of The Safe.
#[derive(Debug)]
pub(crate) struct Ui;

/// A colour's name.
pub(crate) fn colour_name(lang: Lang, colour: Colour) -> &'static str {
    match colour {
        Colour::Orange => lang.t("orange", "주황"),
        Colour::Green => lang.t("green", "초록"),
        Colour::Yellow => lang.t("yellow", "노랑"),
        Colour::Blue => lang.t("blue", "파랑"),
        Colour::Pink => lang.t("pink", "분홍"),
    }
}

fn colour_class(colour: Colour) -> &'static str {
    match colour {
        Colour::Orange => "c-orange",
        Colour::Green => "c-green",
        Colour::Yellow => "c-yellow",
        Colour::Blue => "c-blue",
        Colour::Pink => "c-pink",
    }
}

fn card_words(lang: Lang, card: Card) -> String {
    format!("{} {}", colour_name(lang, card.colour()), card.number())
}

fn card_face(card: Card) -> Markup {
    html! {
        span class={"tcard " (colour_class(card.colour()))} aria-hidden="true" {
            (card.number()) small { (card.colour().letter()) }
        }
    }
}

fn pill(lang: Lang, colour: Colour) -> Markup {
    html! { span.pill.(colour_class(colour)) { (colour.letter()) " " (colour_name(lang, colour)) } }
}

fn restriction_words(lang: Lang, restriction: Restriction) -> String {
    match restriction {
        Restriction::Colour(colour) => {
            tr!(lang, "must include {}", "{} 반드시 포함", colour_name(lang, colour))
        }
        Restriction::Even => lang.t("even numbers only", "짝수만").to_owned(),
        Restriction::Odd => lang.t("odd numbers only", "홀수만").to_owned(),
        Restriction::Ascending => lang.t("ascending only", "오름차순만").to_owned(),
        Restriction::Descending => lang.t("descending only", "내림차순만").to_owned(),
    }
}

fn readings_words(lang: Lang, row: &RowView) -> String {
    if row.cards.is_empty() {
        return lang.t("up or down", "오름 또는 내림").to_owned();
    }
    if row.readings.is_empty() {
        return lang.t("closed", "막힘").to_owned();
    }
    row.readings
        .iter()
        .map(|r| match r.direction {
            Direction::Ascending => tr!(lang, "↑ from {}", "↑ {}부터", r.last),
            Direction::Descending => tr!(lang, "↓ from {}", "↓ {}부터", r.last),
        })
        .collect::<Vec<_>>()
        .join(lang.t(" or ", " 또는 "))
}

fn cards_words(lang: Lang, cards: Cards) -> String {
    cards.iter().map(|c| card_words(lang, c)).collect::<Vec<_>>().join(", ")
}

fn result_words(lang: Lang, result: MissionResult) -> String {
    match result {
        MissionResult::Cracked => lang.t("the safe is cracked!", "금고가 열렸습니다!").to_owned(),
        MissionResult::WrongCode { wrong } => tr!(
            lang,
            "wrong code for {}",
            "{} 코드가 틀렸습니다",
            wrong.iter().map(|c| colour_name(lang, c)).collect::<Vec<_>>().join(", ")
        ),
        MissionResult::SafeCannotBeCracked { colour } => tr!(
            lang,
            "everybody holds {}: nobody may name it, the safe cannot be cracked",
            "모두 {}을(를) 가지고 있어 아무도 말할 수 없습니다. 금고를 열 수 없습니다",
            colour_name(lang, colour)
        ),
        MissionResult::ColourRestrictionUnmet { row, colour } => {
            tr!(lang, "row {} lacks its colour {}", "{}번 줄에 {}이(가) 없습니다", row + 1, colour_name(lang, colour))
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
        let playing = mine && legal.iter().any(|a| matches!(a, Action::Play { .. }));
        let in_play_phase = matches!(view.phase, Phase::Play { .. });
        html! {
            div.ts {
                div.ts-top {
                    div {
                        h2 { (tr!(lang, "Mission {} of {}", "임무 {}/{}", view.mission, MISSIONS)) }
                        div.safes-row role="img" aria-label=(tr!(lang, "{} of {} safes cracked in a row", "금고 {}/{}개 연속으로 열림", view.completed, MISSIONS)) {
                            @for m in 1..=MISSIONS {
                                span class={"safe-chip" @if m <= view.completed { " done" } @if m == view.mission && matches!(view.phase, Phase::Play { .. } | Phase::Naming { .. }) { " now" }} {
                                    (icon("safe", ""))
                                }
                            }
                        }
                    }
                    div.supply-facts {
                        span { (tr!(lang, "Draw pile: {} cards", "뽑을 더미: {}장", view.draw_pile)) }
                        span { (tr!(lang, "Best streak: {}", "최고 연속: {}", view.best)) " · " (tr!(lang, "missions played: {}", "진행한 임무: {}", view.attempts)) }
                        span { (lang.t("Colours in play: ", "사용하는 색: ")) @for c in view.colours.iter() { (pill(lang, c)) " " } }
                    }
                }
                ol.ts-rows {
                    @for (r, row) in view.rows.iter().enumerate() {
                        li.ts-row {
                            @let inner = html! {
                                span.colourcard {
                                    span.cap aria-hidden="true" { (row.colour_card) }
                                    span { (tr!(lang, "Row {}: up to {} colour(s)", "{}번 줄: 최대 {}색", r + 1, row.colour_card)) }
                                }
                                @match row.restriction {
                                    Some(restriction) => { span.restriction { (restriction_words(lang, restriction)) } }
                                    None => { span.restriction.hidden { (lang.t("restriction: face down", "제한: 뒷면")) } }
                                }
                                span.stack {
                                    @for card in &row.cards { (card_face(*card)) }
                                    @if row.cards.is_empty() { span.small { (lang.t("no cards yet", "아직 카드 없음")) } }
                                }
                                span.readings { (readings_words(lang, row)) }
                                span.sr {
                                    (lang.t("Cards: ", "카드: "))
                                    (row.cards.iter().map(|c| card_words(lang, *c)).collect::<Vec<_>>().join(", "))
                                    @if playing { ". " (lang.t("Play the chosen card here.", "고른 카드를 여기에 내기.")) }
                                }
                            };
                            @if mine && in_play_phase {
                                (cx.act_id(&format!("row-{r}"), &json!({"type": "play", "card": "$card", "row": r}), "rowbtn", inner))
                            } @else {
                                div.rowbtn { (inner) }
                            }
                        }
                    }
                }
                @if let Some(hand) = view.hand {
                    section.ts-hand aria-labelledby="ts-hand-h" {
                        h2 #ts-hand-h { (lang.t("Your cards (only you see them)", "내 카드 (나만 봅니다)")) }
                        @if hand.is_empty() { p { (lang.t("Your hand is empty.", "손에 카드가 없습니다.")) } }
                        fieldset.handcards aria-label=(lang.t("Choose a card", "카드 고르기")) {
                            @for card in hand.iter() {
                                @let targets = legal.iter().filter_map(|a| match a {
                                    Action::Play { card: c, row } if *c == card => Some(format!("row-{row}")),
                                    _ => None,
                                }).collect::<Vec<_>>().join(" ");
                                label.choice.(colour_class(card.colour())) {
                                    input type="radio" name="card" value=(card.to_string()) data-targets=(targets) disabled[!(mine && in_play_phase)];
                                    span { (card.number()) small { (card.colour().letter()) } }
                                    span.sr { (card_words(lang, card)) }
                                }
                            }
                        }
                    }
                }
                @if mine {
                    div.controls {
                        @match view.phase {
                            Phase::Play { .. } => {
                                @if playing {
                                    p.prompt { (lang.t(
                                        "Choose a card, then the row to play it under. You must play if you can.",
                                        "카드를 고른 뒤 낼 줄을 누르세요. 낼 수 있으면 반드시 내야 합니다."
                                    )) }
                                }
                                @if cx.is_legal(&json!({"type": "pass"})) {
                                    p.prompt { (lang.t("None of your cards fits any row: pass.", "낼 수 있는 카드가 없습니다: 넘기세요.")) }
                                    (cx.act_id("pass", &json!({"type": "pass"}), "primary", html! { (lang.t("Pass", "넘기기")) }))
                                }
                            }
                            Phase::Naming { colour, .. } => {
                                div.naming {
                                    p.prompt { (tr!(lang,
                                        "Play is over. Name the hidden {} code number for the team (guessing is allowed):",
                                        "놓기가 끝났습니다. 팀을 대신해 숨겨진 {} 코드 숫자를 말하세요 (추측해도 됩니다):",
                                        colour_name(lang, colour))) }
                                    div.choices {
                                        @for n in 0..=9u8 {
                                            (cx.act(&json!({"type": "name", "colour": colour, "number": n}), &format!("num {}", colour_class(colour)), html! { (n) }))
                                        }
                                    }
                                }
                            }
                            Phase::Over { .. } => {}
                        }
                    }
                }
                @if !view.named.is_empty() {
                    p.deckline { (lang.t("Named so far: ", "지금까지 말한 숫자: ")) span.stack { @for card in view.named.iter() { (card_face(card)) } } }
                }
                @if let Some(report) = &view.last_mission {
                    div.panel.lastround {
                        h3 { (tr!(lang, "Mission {}: {}", "임무 {}: {}", report.mission, result_words(lang, report.result))) }
                        p { (lang.t("The code was ", "코드: ")) span.stack { @for card in report.code.iter() { (card_face(card)) } } }
                        p { (lang.t("The team named ", "팀이 말한 숫자: ")) span.stack { @for card in report.named.iter() { (card_face(card)) } } }
                    }
                }
            }
        }
    }

    fn doing(view: &View, cx: &Ctx<'_>) -> String {
        let lang = cx.lang;
        match view.phase {
            Phase::Play { seat } => {
                tr!(lang, "Mission {} · {}: play a card", "임무 {} · {}: 카드 내기", view.mission, cx.subject(seat.0))
            }
            Phase::Naming { seat, colour } => tr!(
                lang,
                "Mission {} · {}: name the {} code for the team",
                "임무 {} · {}: 팀을 대신해 {} 코드 말하기",
                view.mission,
                cx.subject(seat.0),
                colour_name(lang, colour)
            ),
            Phase::Over { won: true, .. } => {
                lang.t("The team cracked five safes in a row!", "팀이 금고 다섯 개를 연달아 열었습니다!").to_owned()
            }
            Phase::Over { won: false, .. } => lang.t("The game is over.", "게임이 끝났습니다.").to_owned(),
        }
    }

    fn seat_line(view: &View, seat: u8, cx: &Ctx<'_>) -> Markup {
        let lang = cx.lang;
        let i = usize::from(seat);
        let size = view.hand_sizes.get(i).copied().unwrap_or(0);
        let passed = view.passed.get(i).copied().flatten();
        html! {
            span.stat { (crate::i18n::count(lang, size.into(), "card in hand", "cards in hand", "손에 {}장")) }
            @if view.first_player.0 == seat { span.tag { (lang.t("starts each mission", "매 임무 시작")) } }
            @if let Some(cannot) = passed {
                span.stat title=(tr!(lang, "cannot hold: {}", "가질 수 없는 카드: {}", cards_words(lang, cannot))) { (lang.t("passed", "넘김")) }
            }
            @if let Some(held) = &view.held_colours {
                @let colours = held.seat(Seat(seat));
                span.stat {
                    (lang.t("holds: ", "가진 색: "))
                    @if colours.is_empty() { (lang.t("nothing", "없음")) }
                    @for c in colours.iter() { (pill(lang, c)) " " }
                }
            }
        }
    }

    fn event(event: &Event, _view: &View, cx: &Ctx<'_>) -> Option<String> {
        let lang = cx.lang;
        Some(match *event {
            Event::RestrictionRevealed { row, restriction } => tr!(
                lang,
                "A restriction card is turned over under row {}: {}.",
                "{}번 줄 아래 제한 카드 공개: {}.",
                row + 1,
                restriction_words(lang, restriction)
            ),
            Event::MissionStarted { mission, attempt } => {
                tr!(lang, "Mission {} begins (mission {} played).", "임무 {} 시작 (진행한 임무 {}).", mission, attempt)
            }
            Event::Dealt { seat, cards: Some(cards), .. } if cx.me == Some(seat.0) => {
                tr!(lang, "You were dealt {}.", "받은 카드: {}.", cards_words(lang, cards))
            }
            Event::Dealt { .. } => return None,
            Event::Played { seat, card, row } => tr!(
                lang,
                "{} played {} under row {}.",
                "{}: {}을(를) {}번 줄에 냈습니다.",
                cx.who(seat.0),
                card_words(lang, card),
                row + 1
            ),
            Event::Drew { seat, card: Some(card) } if cx.me == Some(seat.0) => {
                tr!(lang, "You drew {}.", "뽑은 카드: {}.", card_words(lang, card))
            }
            Event::Drew { .. } => return None,
            Event::Passed { seat, .. } => {
                tr!(lang, "{} cannot play and passes.", "{}: 낼 카드가 없어 넘깁니다.", cx.who(seat.0))
            }
            Event::MissionEnded { reason: MissionEndReason::HandsEmpty, .. } => lang
                .t(
                    "Play ends: every hand is empty. Time to name the code.",
                    "놓기 끝: 모든 손이 비었습니다. 코드를 말할 차례입니다.",
                )
                .to_owned(),
            Event::MissionEnded { reason: MissionEndReason::NobodyCanPlay, .. } => lang
                .t(
                    "Play ends: nobody can play. Everyone shows which colours they still hold.",
                    "놓기 끝: 아무도 낼 수 없습니다. 모두 아직 가진 색을 공개합니다.",
                )
                .to_owned(),
            Event::Named { seat, colour, number } => {
                tr!(lang, "{} names {} for {}.", "{}: {} 코드는 {}.", cx.who(seat.0), number, colour_name(lang, colour))
            }
            Event::MissionResolved { report } => {
                tr!(lang, "Mission {}: {}", "임무 {}: {}", report.mission, result_words(lang, report.result))
            }
            Event::GameOver { won: true, score, .. } => {
                tr!(lang, "The team wins with {} safes cracked!", "팀 승리! 금고 {}개를 열었습니다.", score)
            }
            Event::GameOver { won: false, score, .. } => {
                tr!(lang, "The team loses, with {} safe(s) cracked.", "팀 패배. 연 금고 {}개.", score)
            }
        })
    }

    fn action(action: &Action, _view: &View, cx: &Ctx<'_>) -> String {
        let lang = cx.lang;
        match *action {
            Action::Play { card, row } => {
                tr!(lang, "Play {} under row {}", "{}을(를) {}번 줄에 내기", card_words(lang, card), row + 1)
            }
            Action::Pass => lang.t("Pass", "넘기기").to_owned(),
            Action::Name { colour, number } => {
                tr!(lang, "Name {} as the {} code", "{} 코드를 {}(으)로 말하기", number, colour_name(lang, colour))
            }
        }
    }

    fn explain(rule: &str, action: Option<&Action>, view: &View, cx: &Ctx<'_>) -> Option<String> {
        let lang = cx.lang;
        let (card, row) = match action {
            Some(Action::Play { card, row }) => (Some(*card), Some(*row)),
            _ => (None, None),
        };
        let card_text = card.map(|c| card_words(lang, c)).unwrap_or_default();
        let row_view = row.and_then(|r| view.rows.get(usize::from(r)));
        let row_no = row.map(|r| r + 1).unwrap_or(0);
        Some(match rule {
            "card_not_in_hand" => tr!(lang, "{} is not in your hand.", "{}은(는) 손에 없습니다.", card_text),
            "no_such_row" => lang.t("There are only rows 1 to 4.", "줄은 1번부터 4번까지입니다.").to_owned(),
            "colour_limit" => tr!(
                lang,
                "Row {} already holds {} colour(s), as many as its colour card allows: {} would be one more.",
                "{}번 줄에는 이미 색깔 카드가 허락하는 만큼({}색)의 색이 있어 {}을(를) 낼 수 없습니다.",
                row_no,
                row_view.map_or(0, |r| r.colour_card),
                card_text
            ),
            "colour_restriction" => tr!(
                lang,
                "Row {} must keep its last free colour for the colour its restriction card names.",
                "{}번 줄의 마지막 빈 색 자리는 제한 카드가 정한 색을 위해 남겨 둬야 합니다.",
                row_no
            ),
            "even_only" => tr!(lang, "Row {} takes even numbers only.", "{}번 줄에는 짝수만 낼 수 있습니다.", row_no),
            "odd_only" => tr!(lang, "Row {} takes odd numbers only.", "{}번 줄에는 홀수만 낼 수 있습니다.", row_no),
            "row_direction" => tr!(
                lang,
                "{} does not fit row {}, which can only go on {}.",
                "{}은(는) {}번 줄에 맞지 않습니다. 이 줄은 {}.",
                card_text,
                row_no,
                row_view.map(|r| readings_words(lang, r)).unwrap_or_default()
            ),
            "must_play" => lang
                .t(
                    "You must play a card when you can: one of your cards fits a row.",
                    "낼 수 있으면 반드시 내야 합니다. 내 카드 중 하나가 어느 줄에 맞습니다.",
                )
                .to_owned(),
            "not_naming" => {
                lang.t("The code is named only once play has ended.", "코드는 놓기가 끝난 뒤에 말합니다.").to_owned()
            }
            "wrong_colour" | "naming" => match view.phase {
                Phase::Naming { colour, .. } => tr!(
                    lang,
                    "Play has ended: name the {} code number.",
                    "놓기가 끝났습니다: {} 코드 숫자를 말하세요.",
                    colour_name(lang, colour)
                ),
                _ => return None,
            },
            "no_such_number" => lang.t("Code numbers go from 0 to 9.", "코드 숫자는 0부터 9까지입니다.").to_owned(),
            _ => return None,
        })
    }

    fn has_hints() -> bool {
        true
    }

    fn hints(view: &View, cx: &Ctx<'_>) -> Option<Markup> {
        let lang = cx.lang;
        let deduction = Deduction::from_view(view).ok()?;
        Some(html! {
            p.small { (lang.t(
                "The numbers each colour's hidden code can still be, from what you see: your hand, the rows, and who passed.",
                "내가 본 것(내 손, 줄, 넘긴 사람)으로 볼 때 각 색의 숨겨진 코드가 될 수 있는 숫자입니다."
            )) }
            table.grid6 {
                thead { tr { th {} @for n in 0..=9u8 { th scope="col" { (n) } } } }
                tbody {
                    @for colour in deduction.colours().iter() {
                        @let mask = deduction.possible_mask(colour);
                        @let sure = deduction.certain(colour);
                        tr {
                            th scope="row" { (pill(lang, colour)) }
                            @for n in 0..=9u8 {
                                @let possible = mask & (1 << n) != 0;
                                td class=(if sure == Some(n) { "sure" } else if possible { "maybe" } else { "no" })
                                    title=(if possible { lang.t("possible", "가능") } else { lang.t("ruled out", "불가능") }) {
                                    @if possible { (n) } @else { "·" }
                                }
                            }
                        }
                    }
                }
            }
        })
    }

    fn result(view: &View, outcome: &Outcome, cx: &Ctx<'_>) -> Option<Markup> {
        let lang = cx.lang;
        let won = !outcome.winners.is_empty();
        Some(html! {
            p { (if won {
                tr!(lang, "Five safes cracked in a row: the team wins.", "금고 다섯 개를 연달아 열었습니다: 팀 승리.")
            } else {
                tr!(lang, "The team's score: {}.", "팀 점수: {}.", crate::i18n::count(lang, view.best.into(), "safe cracked in a row", "safes cracked in a row", "연속으로 연 금고 {}개"))
            }) }
        })
    }
}
