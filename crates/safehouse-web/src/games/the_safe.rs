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
    RowView, Rule, View,
};
use serde_json::json;

use super::{Ctx, GameUi, action_json};
use crate::i18n::Lang;
use crate::layout::icon;

/// The drawing of The Safe.
#[derive(Debug)]
pub(crate) struct Ui;

/// A colour's name.
pub(crate) fn colour_name(lang: Lang, colour: Colour) -> &'static str {
    match colour {
        Colour::Orange => lang.text("the-safe-orange"),
        Colour::Green => lang.text("the-safe-green"),
        Colour::Yellow => lang.text("the-safe-yellow"),
        Colour::Blue => lang.text("the-safe-blue"),
        Colour::Pink => lang.text("the-safe-pink"),
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
            tr!(lang, "the-safe-must-include-colour", colour = colour_name(lang, colour))
        }
        Restriction::Even => lang.text("the-safe-even-numbers-only").to_owned(),
        Restriction::Odd => lang.text("the-safe-odd-numbers-only").to_owned(),
        Restriction::Ascending => lang.text("the-safe-ascending-only").to_owned(),
        Restriction::Descending => lang.text("the-safe-descending-only").to_owned(),
    }
}

fn readings_words(lang: Lang, row: &RowView) -> String {
    if row.cards.is_empty() {
        return lang.text("the-safe-up-or-down").to_owned();
    }
    if row.readings.is_empty() {
        return lang.text("the-safe-closed").to_owned();
    }
    row.readings
        .iter()
        .map(|r| match r.direction {
            Direction::Ascending => tr!(lang, "the-safe-from-last", last = r.last),
            Direction::Descending => tr!(lang, "the-safe-from-last-2", last = r.last),
        })
        .collect::<Vec<_>>()
        .join(lang.text("the-safe-or"))
}

fn cards_words(lang: Lang, cards: Cards) -> String {
    cards.iter().map(|c| card_words(lang, c)).collect::<Vec<_>>().join(", ")
}

fn result_words(lang: Lang, result: MissionResult) -> String {
    match result {
        MissionResult::Cracked => lang.text("the-safe-the-safe-is-cracked").to_owned(),
        MissionResult::WrongCode { wrong } => tr!(
            lang,
            "the-safe-wrong-code-for-wrong",
            wrong = wrong.iter().map(|c| colour_name(lang, c)).collect::<Vec<_>>().join(", ")
        ),
        MissionResult::SafeCannotBeCracked { colour } => {
            tr!(lang, "the-safe-everybody-holds-colour-nobody-may", colour = colour_name(lang, colour))
        }
        MissionResult::ColourRestrictionUnmet { row, colour } => {
            tr!(lang, "the-safe-row-lacks-its-colour", row = row + 1, colour = colour_name(lang, colour))
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
                        h2 { (tr!(lang, "the-safe-mission-of-missions", mission = view.mission, missions = MISSIONS)) }
                        div.safes-row role="img" aria-label=(tr!(lang, "the-safe-safes-cracked-of-missions", completed = view.completed, missions = MISSIONS)) {
                            @for m in 1..=MISSIONS {
                                span class={"safe-chip" @if m <= view.completed { " done" } @if m == view.mission && matches!(view.phase, Phase::Play { .. } | Phase::Naming { .. }) { " now" }} {
                                    (icon("safe", ""))
                                }
                            }
                        }
                    }
                    div.supply-facts {
                        span { (tr!(lang, "the-safe-draw-pile-draw-pile-cards", draw_pile = view.draw_pile)) }
                        span { (tr!(lang, "the-safe-best-streak-best", best = view.best)) " · " (tr!(lang, "the-safe-missions-played-attempts", attempts = view.attempts)) }
                        span { (lang.text("the-safe-colours-in-play")) @for c in view.colours.iter() { (pill(lang, c)) " " } }
                    }
                }
                ol.ts-rows {
                    @for (r, row) in view.rows.iter().enumerate() {
                        li.ts-row {
                            @let inner = html! {
                                span.colourcard {
                                    span.cap aria-hidden="true" { (row.colour_card) }
                                    span { (tr!(lang, "the-safe-row-up-to-colours", row = r + 1, colour_card = row.colour_card)) }
                                }
                                @match row.restriction {
                                    Some(restriction) => { span.restriction { (restriction_words(lang, restriction)) } }
                                    None => { span.restriction.hidden { (lang.text("the-safe-restriction-face-down")) } }
                                }
                                span.stack {
                                    @for card in &row.cards { (card_face(*card)) }
                                    @if row.cards.is_empty() { span.small { (lang.text("the-safe-no-cards-yet")) } }
                                }
                                span.readings { (readings_words(lang, row)) }
                                span.sr {
                                    @if row.cards.is_empty() { (lang.text("the-safe-no-cards-yet")) }
                                    @else {
                                        (lang.text("the-safe-cards"))
                                        (row.cards.iter().map(|c| card_words(lang, *c)).collect::<Vec<_>>().join(", "))
                                    }
                                    @if playing { ". " (lang.text("the-safe-play-the-chosen-card-here")) }
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
                        h2 #ts-hand-h { (lang.text("the-safe-your-cards-only-you-see")) }
                        @if hand.is_empty() { p { (lang.text("the-safe-your-hand-is-empty")) } }
                        fieldset.handcards aria-label=(lang.text("the-safe-choose-a-card")) {
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
                                    p.prompt { (lang.text("the-safe-choose-a-card-then-the")) }
                                }
                                @if cx.is_legal(&action_json(&Action::Pass)) {
                                    p.prompt { (lang.text("the-safe-none-of-your-cards-fits")) }
                                    (cx.act_id("pass", &action_json(&Action::Pass), "primary", html! { (lang.text("the-safe-pass")) }))
                                }
                            }
                            Phase::Naming { colour, .. } => {
                                div.naming {
                                    p.prompt { (tr!(lang, "the-safe-play-is-over-name-the", colour = colour_name(lang, colour))) }
                                    div.choices {
                                        @for n in 0..=9u8 {
                                            (cx.act(&action_json(&Action::Name { colour, number: n }), &format!("num {}", colour_class(colour)), html! { (n) }))
                                        }
                                    }
                                }
                            }
                            Phase::Over { .. } => {}
                        }
                    }
                }
                @if !view.named.is_empty() {
                    p.deckline { (lang.text("the-safe-named-so-far")) span.stack { @for card in view.named.iter() { (card_face(card)) } } }
                }
                @if let Some(report) = &view.last_mission {
                    div.panel.lastround {
                        h3 { (tr!(lang, "the-safe-mission-result", mission = report.mission, result = result_words(lang, report.result))) }
                        p { (lang.text("the-safe-the-code-was")) span.stack { @for card in report.code.iter() { (card_face(card)) } } }
                        p { (lang.text("the-safe-the-team-named")) span.stack { @for card in report.named.iter() { (card_face(card)) } } }
                    }
                }
            }
        }
    }

    fn doing(view: &View, cx: &Ctx<'_>) -> String {
        let lang = cx.lang;
        match view.phase {
            Phase::Play { seat } => {
                tr!(lang, "the-safe-mission-who-play-a", mission = view.mission, who = cx.subject(seat.0))
            }
            Phase::Naming { seat, colour } => tr!(
                lang,
                "the-safe-mission-who-name-the",
                mission = view.mission,
                who = cx.subject(seat.0),
                colour = colour_name(lang, colour)
            ),
            Phase::Over { won: true, .. } => lang.text("the-safe-the-team-cracked-five-safes").to_owned(),
            Phase::Over { won: false, .. } => lang.text("the-safe-the-game-is-over").to_owned(),
        }
    }

    fn seat_line(view: &View, seat: u8, cx: &Ctx<'_>) -> Markup {
        let lang = cx.lang;
        let i = usize::from(seat);
        let size = view.hand_sizes.get(i).copied().unwrap_or(0);
        let passed = view.passed.get(i).copied().flatten();
        html! {
            span.stat { (tr!(lang, "the-safe-cards-in-hand", count = size)) }
            @if view.first_player.0 == seat { span.tag { (lang.text("the-safe-starts-each-mission")) } }
            @if let Some(cannot) = passed {
                span.stat title=(tr!(lang, "the-safe-cannot-hold-cards", cards = cards_words(lang, cannot))) { (lang.text("the-safe-passed")) }
            }
            @if let Some(held) = &view.held_colours {
                @let colours = held.seat(Seat(seat));
                span.stat {
                    (lang.text("the-safe-holds"))
                    @if colours.is_empty() { (lang.text("the-safe-nothing")) }
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
                "the-safe-a-restriction-card-is-turned",
                row = row + 1,
                restriction = restriction_words(lang, restriction)
            ),
            Event::MissionStarted { mission, attempt } => {
                // `attempt` counts every mission played, failed ones too: after a failure it runs
                // ahead of the mission's number, so it is said as "the team's 3rd mission".
                if attempt == u16::from(mission) {
                    tr!(lang, "the-safe-mission-begins", mission = mission)
                } else {
                    tr!(lang, "the-safe-mission-begins-after-a-failure", mission = mission, attempt = attempt)
                }
            }
            Event::Dealt { seat, cards: Some(cards), .. } if cx.me == Some(seat.0) => {
                tr!(lang, "the-safe-you-were-dealt-cards", cards = cards_words(lang, cards))
            }
            Event::Dealt { .. } => return None,
            Event::Played { seat, card, row } => tr!(
                lang,
                "the-safe-who-played-card-under-row",
                who = cx.who(seat.0),
                card = card_words(lang, card),
                row = row + 1
            ),
            Event::Drew { seat, card: Some(card) } if cx.me == Some(seat.0) => {
                tr!(lang, "the-safe-you-drew-card", card = card_words(lang, card))
            }
            Event::Drew { .. } => return None,
            Event::Passed { seat, .. } => {
                tr!(lang, "the-safe-who-cannot-play-and-passes", who = cx.who(seat.0))
            }
            Event::MissionEnded { reason: MissionEndReason::HandsEmpty, .. } => {
                lang.text("the-safe-play-ends-every-hand-is").to_owned()
            }
            Event::MissionEnded { reason: MissionEndReason::NobodyCanPlay, .. } => {
                lang.text("the-safe-play-ends-nobody-can-play").to_owned()
            }
            Event::Named { seat, colour, number } => {
                tr!(
                    lang,
                    "the-safe-who-names-number-for-colour",
                    who = cx.who(seat.0),
                    number = number,
                    colour = colour_name(lang, colour)
                )
            }
            Event::MissionResolved { report } => {
                tr!(
                    lang,
                    "the-safe-mission-result",
                    mission = report.mission,
                    result = result_words(lang, report.result)
                )
            }
            Event::GameOver { won: true, score, .. } => {
                tr!(lang, "the-safe-the-team-wins-with-score", score = score)
            }
            Event::GameOver { won: false, score, .. } => {
                tr!(lang, "the-safe-the-team-loses-with-score", score = score)
            }
        })
    }

    fn action(action: &Action, _view: &View, cx: &Ctx<'_>) -> String {
        let lang = cx.lang;
        match *action {
            Action::Play { card, row } => {
                tr!(lang, "the-safe-play-card-under-row", card = card_words(lang, card), row = row + 1)
            }
            Action::Pass => lang.text("the-safe-pass").to_owned(),
            Action::Name { colour, number } => {
                tr!(lang, "the-safe-name-number-as-the-colour", number = number, colour = colour_name(lang, colour))
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
        // Every rule has an arm and there is no catch-all: a rule added to the game does not
        // build until it is explained here (`None`: a code this game does not have).
        Some(match Rule::from_code(rule)? {
            Rule::CardNotInHand => tr!(lang, "the-safe-card-text-is-not-in", card_text = card_text),
            Rule::NoSuchRow => lang.text("the-safe-there-are-only-rows-1").to_owned(),
            Rule::ColourLimit => tr!(
                lang,
                "the-safe-row-holds-as-many-colours-as-allowed",
                row_no = row_no,
                colours = row_view.map_or(0, |r| r.colour_card),
                card_text = card_text
            ),
            Rule::ColourRestriction => tr!(lang, "the-safe-row-no-must-keep", row_no = row_no),
            Rule::EvenOnly => tr!(lang, "the-safe-row-no-takes-even", row_no = row_no),
            Rule::OddOnly => tr!(lang, "the-safe-row-no-takes-odd", row_no = row_no),
            Rule::RowDirection => tr!(
                lang,
                "the-safe-card-text-does-not-fit",
                card_text = card_text,
                row_no = row_no,
                row_view = row_view.map(|r| readings_words(lang, r)).unwrap_or_default()
            ),
            Rule::MustPlay => lang.text("the-safe-you-must-play-a-card").to_owned(),
            Rule::NotNaming => lang.text("the-safe-the-code-is-named-only").to_owned(),
            Rule::WrongColour | Rule::Naming => match view.phase {
                Phase::Naming { colour, .. } => {
                    tr!(lang, "the-safe-play-has-ended-name-the", colour = colour_name(lang, colour))
                }
                _ => return None,
            },
            Rule::NoSuchNumber => lang.text("the-safe-code-numbers-go-from-0").to_owned(),
        })
    }

    fn has_hints() -> bool {
        true
    }

    fn hints(view: &View, cx: &Ctx<'_>) -> Option<Markup> {
        let lang = cx.lang;
        let deduction = Deduction::from_view(view).ok()?;
        Some(html! {
            p.small { (lang.text("the-safe-the-numbers-each-colours-hidden")) }
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
                                    title=(if possible { lang.text("the-safe-possible") } else { lang.text("the-safe-ruled-out") }) {
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
                tr!(lang, "the-safe-five-safes-cracked-in-a")
            } else {
                tr!(lang, "the-safe-the-teams-score", score = tr!(lang, "the-safe-safes-cracked-in-a-row", count = view.best))
            }) }
        })
    }
}

#[cfg(test)]
mod tests {
    use safehouse_engine::{Game, Setup, Viewer};
    use safehouse_the_safe::TheSafe;

    use super::*;
    use crate::api::SeatInfo;

    /// A mission's start says which mission it is; after a failure it adds the how-manieth
    /// mission of the game, never "mission 2 begins (mission 3 played)".
    #[test]
    fn a_mission_start_reads_as_one_mission() {
        let game = TheSafe::new(&Setup::new(2, 1)).expect("setup");
        let view = game.view(Viewer::Seat(Seat(0)));
        let seats: Vec<SeatInfo> = (0..2).map(|s| SeatInfo { seat: s, ..SeatInfo::default() }).collect();
        let line = |lang, mission, attempt| {
            let cx = Ctx { lang, me: Some(0), seats: &seats, to_move: None, legal: &[], live: false, hints: false };
            Ui::event(&Event::MissionStarted { mission, attempt }, &view, &cx).expect("a line")
        };
        assert_eq!(line(Lang::En, 2, 2), "Mission 2 begins.");
        assert_eq!(line(Lang::En, 2, 3), "Mission 2 begins: the team's 3rd mission of the game.");
        assert_eq!(line(Lang::En, 1, 4), "Mission 1 begins: the team's 4th mission of the game.");
        assert_eq!(line(Lang::Ko, 2, 3), "임무 2 시작: 이번 게임에서 팀의 3번째 임무입니다.");
        assert_eq!(line(Lang::De, 2, 3), "Mission 2 beginnt: die 3. Mission des Teams in dieser Partie.");
        for lang in Lang::ALL {
            assert!(!line(lang, 2, 3).contains("(mission"), "{lang:?}");
        }
    }
}
