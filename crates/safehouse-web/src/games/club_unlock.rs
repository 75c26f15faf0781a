//! Club Unlock / CASH: four face-up key piles, the display of safes, the viewer's keys.
//!
//! Clicking a pile takes a key; clicking a safe cracks it (or, after emptying a pile in the
//! Club Unlock edition, puts the bonus marker under it). Safes the viewer's keys open are
//! marked; the others stay clickable so that the table can say which keys are missing.
//! While the starting keys are chosen in secret the piles show no counts and no safe is laid
//! out; the other players' hands are drawn as a count with what their takes and cracks prove.

use maud::{Markup, html};
use safehouse_club_unlock::{Action, Event, KeyColour, Phase, SafeCard, SafeId, View};
use serde_json::json;

use super::{Ctx, GameUi};
use crate::i18n::Lang;
use crate::layout::icon;

/// The drawing of Club Unlock.
#[derive(Debug)]
pub(crate) struct Ui;

/// A key colour's name.
pub(crate) fn colour_name(lang: Lang, colour: KeyColour) -> &'static str {
    match colour {
        KeyColour::Red => lang.t("red", "빨강"),
        KeyColour::Green => lang.t("green", "초록"),
        KeyColour::Yellow => lang.t("yellow", "노랑"),
        KeyColour::Blue => lang.t("blue", "파랑"),
    }
}

fn colour_class(colour: KeyColour) -> &'static str {
    match colour {
        KeyColour::Red => "c-red",
        KeyColour::Green => "c-green",
        KeyColour::Yellow => "c-yellow",
        KeyColour::Blue => "c-blue",
    }
}

fn card(view: &View, safe: SafeId) -> Option<SafeCard> {
    view.cards.get(safe.index()).copied()
}

/// The keys of a safe in words: "red, red, green, blue".
fn keys_words(lang: Lang, card: &SafeCard) -> String {
    KeyColour::ALL
        .iter()
        .flat_map(|&c| std::iter::repeat_n(colour_name(lang, c), usize::from(card.keys[c.index()])))
        .collect::<Vec<_>>()
        .join(", ")
}

fn safe_title(lang: Lang, safe: SafeId, card: &SafeCard) -> String {
    tr!(lang, "safe #{} ({}, ${})", "금고 #{} ({}, ${})", safe.0, card.code(), card.value)
}

/// One key pip: a coloured round tag with its letter.
fn pip(colour: KeyColour, class: &str) -> Markup {
    html! { span class={"pip " (colour_class(colour)) " " (class)} aria-hidden="true" { (colour.letter()) } }
}

/// A safe card: its number, its four keys (marked against the viewer's hand), value, markers.
fn safe_face(lang: Lang, safe: SafeId, card: &SafeCard, markers: u8, hand: Option<&[u8; 4]>) -> Markup {
    let mut left = hand.copied();
    html! {
        span.safe-top aria-hidden="true" { span.safe-no { "#" (safe.0) } span.safe-value { "$" (card.value) } }
        span.safe-keys aria-hidden="true" {
            @for colour in KeyColour::ALL {
                @for _ in 0..card.keys[colour.index()] {
                    @let class = match left.as_mut() {
                        Some(h) if h[colour.index()] > 0 => { h[colour.index()] -= 1; "have" }
                        Some(_) => "miss",
                        None => "",
                    };
                    (pip(colour, class))
                }
            }
        }
        @if markers > 0 {
            span.markers aria-hidden="true" {
                @for _ in 0..markers { (icon("coin", "")) }
                " +" (i64::from(markers) * 10)
            }
        }
        span.sr {
            (tr!(lang, "Safe #{}: keys {}; worth ${}", "금고 #{}: 열쇠 {}; ${}", safe.0, keys_words(lang, card), card.value))
            @if markers > 0 { (tr!(lang, "; {} bonus marker(s)", "; 보너스 카드 {}장", markers)) }
            @if let Some(hand) = hand {
                @if card.opens_with(hand) { (lang.t("; your keys open it", "; 내 열쇠로 열 수 있음")) }
            }
        }
    }
}

fn key_counts(keys: &[u8; 4], label: &str) -> Markup {
    html! {
        span.keyrow role="img" aria-label=(label) {
            @for colour in KeyColour::ALL {
                @let n = keys[colour.index()];
                span class={"keycount " (colour_class(colour)) @if n == 0 { " zero" }} {
                    (colour.letter()) small { "×" (n) }
                }
            }
        }
    }
}

fn keys_label(lang: Lang, keys: &[u8; 4]) -> String {
    let parts: Vec<String> =
        KeyColour::ALL.iter().map(|&c| format!("{} {}", colour_name(lang, c), keys[c.index()])).collect();
    parts.join(", ")
}

/// The keys of a count that are not zero: "1 red, 2 blue".
fn known_keys(lang: Lang, keys: &[u8; 4]) -> String {
    let parts: Vec<String> = KeyColour::ALL
        .iter()
        .filter(|c| keys[c.index()] > 0)
        .map(|&c| format!("{} {}", keys[c.index()], colour_name(lang, c)))
        .collect();
    parts.join(", ")
}

fn phase_seat(phase: &Phase) -> Option<u8> {
    match *phase {
        Phase::ChoosingKeys { seat, .. } | Phase::Turn { seat, .. } | Phase::PlacingBonus { seat, .. } => Some(seat.0),
        Phase::Over { .. } => None,
    }
}

impl GameUi for Ui {
    type View = View;
    type Action = Action;
    type Event = Event;

    fn table(view: &View, cx: &Ctx<'_>) -> Markup {
        let lang = cx.lang;
        let mine = cx.my_turn();
        let hand: Option<[u8; 4]> = view.me().and_then(|s| s.keys);
        let taking = mine && matches!(view.phase, Phase::ChoosingKeys { .. } | Phase::Turn { cracked: 0, .. });
        let placing = match view.phase {
            Phase::PlacingBonus { colour, .. } if mine => Some(colour),
            _ => None,
        };
        html! {
            div.cu {
                section.cu-supply aria-labelledby="cu-piles" {
                    h2 #cu-piles .sr { (lang.t("Key piles", "열쇠 더미")) }
                    @if view.piles.is_none() {
                        p.small { (lang.t(
                            "Everyone chooses four starting keys in secret: the piles are not shown until everybody has chosen.",
                            "모두가 시작 열쇠 4장을 몰래 고릅니다. 모두 고를 때까지 더미는 보이지 않습니다."
                        )) }
                    }
                    ul.piles {
                        @for colour in KeyColour::ALL {
                            @let label = match view.piles {
                                Some(piles) => tr!(lang, "{} keys: {} left", "{} 열쇠: {}장 남음", colour_name(lang, colour), piles[colour.index()]),
                                None if view.pile_empty[colour.index()] => tr!(lang, "{} keys: the pile is empty", "{} 열쇠: 더미가 비었습니다", colour_name(lang, colour)),
                                None => tr!(lang, "{} keys", "{} 열쇠", colour_name(lang, colour)),
                            };
                            li {
                                @let face = html! {
                                    span class={"keycard " (colour_class(colour))} aria-hidden="true" {
                                        (icon("key", "")) span.letter { (colour.letter()) }
                                    }
                                    @match view.piles {
                                        Some(piles) => { span.count aria-hidden="true" { "×" (piles[colour.index()]) } }
                                        None if view.pile_empty[colour.index()] => { span.count aria-hidden="true" { "×0" } }
                                        None => { span.count aria-hidden="true" { "×?" } }
                                    }
                                    span.sr { (label) @if taking { (lang.t(": take one", ": 1장 가져오기")) } }
                                };
                                @if taking {
                                    (cx.act(&json!({"type": "take_key", "colour": colour}), "pile", face))
                                } @else {
                                    div.pile { (face) }
                                }
                            }
                        }
                    }
                    div.supply-facts {
                        span.fact { (icon("coin", "")) " " (tr!(lang, "{} bonus markers left", "보너스 카드 {}장 남음", view.bonus_supply)) }
                        span.fact { (icon("safe", "")) " " (tr!(lang, "{} safes in the deck", "금고 더미 {}장", view.deck_size)) }
                    }
                }
                section.cu-display aria-labelledby="cu-safes" {
                    h2 #cu-safes { (lang.t("Safes on display", "펼쳐진 금고")) }
                    @if view.display.is_empty() && matches!(view.phase, Phase::ChoosingKeys { .. }) {
                        p.small { (lang.t(
                            "The seven safes are laid out once everybody has chosen their starting keys.",
                            "모두가 시작 열쇠를 고르면 금고 7장을 펼칩니다."
                        )) }
                    } @else if view.display.is_empty() {
                        p.small { (lang.t("No safes on display.", "펼쳐진 금고가 없습니다.")) }
                    }
                    ul.safes {
                        @for slot in &view.display {
                            @if let Some(card) = card(view, slot.safe) {
                                li {
                                    @let face = safe_face(lang, slot.safe, &card, slot.markers, hand.as_ref());
                                    @let opens = hand.is_some_and(|h| card.opens_with(&h));
                                    @if let Some(colour) = placing {
                                        @let class = if card.needs(colour) { "safe needs" } else { "safe" };
                                        (cx.act(&json!({"type": "place_bonus", "safe": slot.safe}), class, face))
                                    } @else if mine && matches!(view.phase, Phase::Turn { .. }) {
                                        (cx.act(&json!({"type": "crack", "safe": slot.safe}), if opens { "safe opens" } else { "safe" }, face))
                                    } @else {
                                        div class={"safe" @if opens { " opens" }} { (face) }
                                    }
                                }
                            }
                        }
                    }
                }
                @if let Some(hand) = hand {
                    section.cu-hand aria-labelledby="cu-hand" {
                        h2 #cu-hand { (lang.t("Your keys", "내 열쇠")) }
                        (key_counts(&hand, &keys_label(lang, &hand)))
                    }
                }
                @if mine {
                    div.controls {
                        @match view.phase {
                            Phase::ChoosingKeys { taken, .. } if view.piles.is_none() => {
                                p.prompt { (tr!(lang,
                                    "Choose starting key {} of 4: click a pile. Nobody else sees which.",
                                    "시작 열쇠 {}/4를 고르세요: 더미를 누르세요. 다른 사람은 무엇을 골랐는지 볼 수 없습니다.", taken + 1)) }
                            }
                            Phase::ChoosingKeys { taken, .. } => {
                                p.prompt { (tr!(lang, "Choose starting key {} of 4: click a pile.", "시작 열쇠 {}/4를 고르세요: 더미를 누르세요.", taken + 1)) }
                            }
                            Phase::Turn { cracked: 0, .. } => {
                                p.prompt { (lang.t(
                                    "Take one key from a pile, or crack a safe your keys open (marked ✓). After a crack you may crack more.",
                                    "더미에서 열쇠 1장을 가져오거나, 내 열쇠로 열 수 있는 금고(✓ 표시)를 여세요. 금고를 열면 계속해서 더 열 수 있습니다."
                                )) }
                            }
                            Phase::Turn { cracked, .. } => {
                                p.prompt { (tr!(lang,
                                    "You cracked {} safe(s) this turn. Crack another for a serial-break bonus, or end your turn.",
                                    "이번 차례에 금고 {}개를 열었습니다. 하나 더 열면 연쇄 개방 보너스! 아니면 차례를 마치세요.", cracked)) }
                                (cx.act_id("end-turn", &json!({"type": "end_turn"}), "primary", html! { (lang.t("End my turn", "차례 마치기")) }))
                            }
                            Phase::PlacingBonus { colour, .. } => {
                                p.prompt { (tr!(lang,
                                    "You took the last {} key: put the bonus marker under a safe that needs {}.",
                                    "마지막 {} 열쇠를 가져왔습니다: {} 열쇠가 필요한 금고 하나에 보너스 카드를 놓으세요.",
                                    colour_name(lang, colour), colour_name(lang, colour))) }
                            }
                            Phase::Over { .. } => {}
                        }
                        @if cx.is_legal(&json!({"type": "pass"})) {
                            p.prompt { (lang.t("Nothing can be done: pass.", "할 수 있는 것이 없습니다: 넘기세요.")) }
                            (cx.act_id("pass", &json!({"type": "pass"}), "primary", html! { (lang.t("Pass", "넘기기")) }))
                        }
                    }
                }
            }
        }
    }

    fn doing(view: &View, cx: &Ctx<'_>) -> String {
        let lang = cx.lang;
        let Some(seat) = phase_seat(&view.phase) else {
            return lang.t("The game is over.", "게임이 끝났습니다.").to_owned();
        };
        let who = cx.subject(seat);
        match view.phase {
            Phase::ChoosingKeys { taken, .. } => {
                tr!(lang, "{who}: choosing starting key {} of 4", "{who}: 시작 열쇠 고르는 중 ({}/4)", taken + 1)
            }
            Phase::Turn { cracked: 0, .. } => {
                tr!(lang, "{who}: take a key or crack safes", "{who}: 열쇠 가져오기 또는 금고 열기")
            }
            Phase::Turn { cracked, .. } => {
                tr!(
                    lang,
                    "{who}: cracking ({} safe(s) so far this turn)",
                    "{who}: 금고 여는 중 (이번 차례 {}개)",
                    cracked
                )
            }
            Phase::PlacingBonus { colour, .. } => tr!(
                lang,
                "{who}: placing the bonus marker of the empty {} pile",
                "{who}: 바닥난 {} 더미의 보너스 카드 놓는 중",
                colour_name(lang, colour)
            ),
            Phase::Over { .. } => String::new(),
        }
    }

    fn seat_line(view: &View, seat: u8, cx: &Ctx<'_>) -> Markup {
        let lang = cx.lang;
        let Some(s) = view.seats.get(usize::from(seat)) else { return html! {} };
        html! {
            span.stat {
                @if let Some(keys) = s.keys {
                    (key_counts(&keys, &tr!(lang, "keys: {}", "열쇠: {}", keys_label(lang, &keys))))
                } @else if s.keys_at_least == s.keys_at_most && s.key_count > 0 {
                    (key_counts(&s.keys_at_least, &tr!(lang, "keys (worked out from the takes and cracks): {}", "열쇠 (가져가고 연 것으로 추리): {}", keys_label(lang, &s.keys_at_least))))
                } @else {
                    (icon("key", "")) " " (crate::i18n::count(lang, s.key_count.into(), "key", "keys", "열쇠 {}장"))
                    @if s.keys_at_least.iter().any(|&n| n > 0) {
                        " " span.small title=(lang.t("What this player's takes and cracks prove", "이 사람이 가져가고 연 것으로 알 수 있는 것")) {
                            (tr!(lang, "(at least {})", "(최소 {})", known_keys(lang, &s.keys_at_least)))
                        }
                    }
                }
            }
            span.stat { (icon("safe", "")) " " (crate::i18n::count(lang, s.cracked_count.into(), "safe", "safes", "금고 {}개")) }
            @if s.markers > 0 { span.stat { (icon("coin", "")) " " (crate::i18n::count(lang, s.markers.into(), "bonus marker", "bonus markers", "보너스 카드 {}장")) } }
            span.stat.score {
                @match s.score { Some(score) => { "$" (score) } None => { "$?" } }
            }
            @if let Some(cracked) = &s.cracked {
                @if !cracked.is_empty() {
                    span.loot {
                        @for id in cracked {
                            @if let Some(card) = card(view, *id) {
                                span.minisafe title=(safe_title(lang, *id, &card)) { "$" (card.value) }
                            }
                        }
                    }
                }
            }
        }
    }

    fn event(event: &Event, view: &View, cx: &Ctx<'_>) -> Option<String> {
        let lang = cx.lang;
        let safe_words = |safe: SafeId| match card(view, safe) {
            Some(card) => safe_title(lang, safe, &card),
            None => format!("#{}", safe.0),
        };
        Some(match *event {
            Event::StartingKeyTaken { seat, colour: Some(colour) } => {
                tr!(
                    lang,
                    "{} took a {} starting key.",
                    "{}: 시작 열쇠로 {} 열쇠 1장을 가져왔습니다.",
                    cx.who(seat.0),
                    colour_name(lang, colour)
                )
            }
            Event::StartingKeyTaken { seat, colour: None } => {
                tr!(lang, "{} took a starting key, unseen.", "{}: 시작 열쇠 1장을 몰래 가져왔습니다.", cx.who(seat.0))
            }
            Event::StartingKeysChosen { piles } => tr!(
                lang,
                "Everybody has chosen their starting keys; the piles hold {}.",
                "모두 시작 열쇠를 골랐습니다. 더미: {}.",
                keys_label(lang, &piles)
            ),
            Event::KeyTaken { seat, colour } => {
                tr!(
                    lang,
                    "{} took a {} key.",
                    "{}: {} 열쇠 1장을 가져왔습니다.",
                    cx.who(seat.0),
                    colour_name(lang, colour)
                )
            }
            Event::PileExhausted { colour } => {
                tr!(lang, "The {} pile is empty.", "{} 열쇠 더미가 바닥났습니다.", colour_name(lang, colour))
            }
            Event::BonusPlaced { safe, colour } => tr!(
                lang,
                "A bonus marker goes under {} (empty {} pile).",
                "{} 아래에 보너스 카드를 놓습니다 ({} 더미 바닥).",
                safe_words(safe),
                colour_name(lang, colour)
            ),
            Event::NoBonusTarget { colour } => tr!(
                lang,
                "No displayed safe needs {}: no bonus marker.",
                "{} 열쇠가 필요한 금고가 없어 보너스 카드를 놓지 않습니다.",
                colour_name(lang, colour)
            ),
            Event::Cracked { seat, safe, markers: 0 } => {
                tr!(lang, "{} cracked {}.", "{}: {}를 열었습니다.", cx.who(seat.0), safe_words(safe))
            }
            Event::Cracked { seat, safe, markers } => tr!(
                lang,
                "{} cracked {} with {} bonus marker(s) under it.",
                "{}: {}를 열고 그 아래 보너스 카드 {}장도 가져갑니다.",
                cx.who(seat.0),
                safe_words(safe),
                markers
            ),
            Event::SerialBonus { seat } => {
                tr!(lang, "{} earns a serial-break bonus (+10).", "{}: 연쇄 개방 보너스 (+10).", cx.who(seat.0))
            }
            Event::LastSafeBonus { seat } => {
                tr!(
                    lang,
                    "{} cracked the last safe on display: bonus (+10).",
                    "{}: 최후의 금고 보너스 (+10).",
                    cx.who(seat.0)
                )
            }
            Event::SupplyEmpty { seat } => tr!(
                lang,
                "No bonus markers are left for {}.",
                "보너스 카드가 바닥나 {}에게 줄 수 없습니다.",
                cx.name(seat.0)
            ),
            Event::SafeRevealed { safe } => tr!(lang, "New on display: {}.", "새 금고: {}.", safe_words(safe)),
            Event::DisplayStuck { stuck } => tr!(
                lang,
                "Nobody can ever crack the {} safe(s) left: new safes are laid out beside them.",
                "남은 금고 {}개는 아무도 열 수 없어 옆에 새 금고를 펼칩니다.",
                stuck
            ),
            Event::Passed { seat } => tr!(lang, "{} passed.", "{}: 넘겼습니다.", cx.who(seat.0)),
            Event::TurnEnded { .. } => return None,
            Event::GameOver { .. } => lang.t("The game is over.", "게임이 끝났습니다.").to_owned(),
        })
    }

    fn action(action: &Action, view: &View, cx: &Ctx<'_>) -> String {
        let lang = cx.lang;
        let safe_words = |safe: SafeId| match card(view, safe) {
            Some(card) => safe_title(lang, safe, &card),
            None => format!("#{}", safe.0),
        };
        match *action {
            Action::TakeKey { colour } => tr!(lang, "Take a {} key", "{} 열쇠 가져오기", colour_name(lang, colour)),
            Action::Crack { safe } => tr!(lang, "Crack {}", "{} 열기", safe_words(safe)),
            Action::EndTurn => lang.t("End the turn", "차례 마치기").to_owned(),
            Action::PlaceBonus { safe } => {
                tr!(lang, "Put the bonus marker under {}", "{} 아래에 보너스 카드 놓기", safe_words(safe))
            }
            Action::Pass => lang.t("Pass", "넘기기").to_owned(),
        }
    }

    fn explain(rule: &str, action: Option<&Action>, view: &View, cx: &Ctx<'_>) -> Option<String> {
        let lang = cx.lang;
        let bonus_colour = match view.phase {
            Phase::PlacingBonus { colour, .. } => Some(colour),
            _ => None,
        };
        Some(match (rule, action) {
            ("pile_empty", Some(Action::TakeKey { colour })) => tr!(
                lang,
                "The {} pile is empty: take a key of another colour.",
                "{} 열쇠 더미가 비었습니다. 다른 색 열쇠를 가져오세요.",
                colour_name(lang, *colour)
            ),
            ("already_cracking", _) => lang
                .t(
                    "You have cracked a safe this turn, so you can no longer take a key: crack another safe or end your turn.",
                    "이번 차례에 이미 금고를 열었으므로 열쇠를 가져올 수 없습니다. 금고를 더 열거나 차례를 마치세요.",
                )
                .to_owned(),
            ("not_enough_keys", Some(Action::Crack { safe })) => {
                let hand = view.me().and_then(|s| s.keys).unwrap_or_default();
                let card = card(view, *safe)?;
                let missing: Vec<String> = KeyColour::ALL
                    .iter()
                    .filter(|c| card.keys[c.index()] > hand[c.index()])
                    .map(|&c| format!("{} {}", card.keys[c.index()] - hand[c.index()], colour_name(lang, c)))
                    .collect();
                tr!(
                    lang,
                    "Safe #{} needs {}; you are missing: {}.",
                    "금고 #{}에는 열쇠 {}가 필요합니다. 부족한 열쇠: {}.",
                    safe.0,
                    keys_words(lang, &card),
                    missing.join(", ")
                )
            }
            ("not_displayed", _) => lang.t("That safe is not on display.", "그 금고는 펼쳐져 있지 않습니다.").to_owned(),
            ("nothing_to_end", _) => lang
                .t("Take a key or crack a safe before ending your turn.", "차례를 마치기 전에 열쇠를 가져오거나 금고를 여세요.")
                .to_owned(),
            ("colour_not_needed", Some(Action::PlaceBonus { safe })) => {
                let colour = bonus_colour?;
                tr!(
                    lang,
                    "Safe #{} needs no {} key, so the bonus marker cannot go there: choose a safe that shows {}.",
                    "금고 #{}에는 {} 열쇠가 필요 없어서 보너스 카드를 놓을 수 없습니다. {} 열쇠가 그려진 금고를 고르세요.",
                    safe.0,
                    colour_name(lang, colour),
                    colour_name(lang, colour)
                )
            }
            ("must_act", _) => lang
                .t(
                    "You can still take a key or crack a safe, so you cannot pass.",
                    "아직 열쇠를 가져오거나 금고를 열 수 있으므로 넘길 수 없습니다.",
                )
                .to_owned(),
            ("choosing_keys", _) => lang
                .t(
                    "First take your four starting keys, one at a time: click a pile.",
                    "먼저 시작 열쇠 4장을 한 장씩 고르세요: 더미를 누르세요.",
                )
                .to_owned(),
            ("place_bonus_first", _) => {
                let colour = bonus_colour?;
                tr!(
                    lang,
                    "First put the bonus marker under a displayed safe that needs a {} key.",
                    "먼저 {} 열쇠가 필요한 금고 하나에 보너스 카드를 놓으세요.",
                    colour_name(lang, colour)
                )
            }
            ("unexpected", _) => {
                lang.t("That move does not fit this moment of the game.", "지금은 그 행동을 할 수 없습니다.").to_owned()
            }
            ("no_bonus_to_place", _) => {
                lang.t("There is no bonus marker to place.", "놓을 보너스 카드가 없습니다.").to_owned()
            }
            _ => return None,
        })
    }

    fn result(_view: &View, _outcome: &safehouse_engine::Outcome, cx: &Ctx<'_>) -> Option<Markup> {
        let lang = cx.lang;
        Some(html! {
            p.small { (lang.t("Money: the values of the safes cracked plus 10 per bonus marker.", "돈: 연 금고의 금액 + 보너스 카드 1장당 10.")) }
        })
    }
}

#[cfg(test)]
mod tests {
    use safehouse_club_unlock::{ClubUnlock, Deal, KeyColour, STANDARD_SAFES};
    use safehouse_engine::{Game, Seat, Setup, Viewer};

    use super::*;
    use crate::api::SeatMeta;

    fn draw_for(game: &ClubUnlock, seat: u8) -> (String, Vec<String>) {
        let seats: Vec<SeatMeta> = (0..3).map(|s| SeatMeta { seat: s, ..SeatMeta::default() }).collect();
        let cx = Ctx {
            lang: Lang::En,
            me: Some(seat),
            seats: &seats,
            to_move: game.to_move().map(|s| s.0),
            legal: &[],
            live: true,
            hints: false,
        };
        let view = game.view(Viewer::Seat(Seat(seat)));
        let lines = (0..3).map(|s| Ui::seat_line(&view, s, &cx).into_string()).collect();
        (Ui::table(&view, &cx).into_string(), lines)
    }

    /// The secret start shows no pile counts, no safes and nobody else's picks; afterwards a
    /// hand the cracks pin down is drawn as worked out, never as known before it is.
    #[test]
    fn the_secret_start_and_the_deduced_hands_are_drawn_honestly() {
        let mut game = ClubUnlock::new(&Setup::new(3, 4)).expect("setup");
        let mut events = Vec::new();
        for _ in 0..5 {
            game.apply(&Action::TakeKey { colour: KeyColour::Blue }, &mut events).expect("a pick");
        }
        let chooser = game.to_move().expect("choosing").0;
        let other = (chooser + 2) % 3;
        let (table, lines) = draw_for(&game, other);
        assert!(table.contains("×?") && !table.contains("×14") && !table.contains("×11"), "{table}");
        assert!(table.contains("laid out once everybody has chosen"));
        assert!(lines[usize::from(chooser)].contains("1 key") && !lines[usize::from(chooser)].contains("keycount"));

        // Seat 0 cracks RRRR at once: seat 2 then knows seat 0 held four reds, so seat 1 four blues.
        let deal = Deal {
            safes: STANDARD_SAFES.to_vec(),
            starting_keys: Some(vec![[4, 0, 0, 0], [0, 0, 0, 4], [1, 1, 1, 1]]),
            first_player: Some(Seat(0)),
        };
        let mut game = ClubUnlock::new(&Setup::new(3, 1).with_deal(deal)).expect("deal");
        let (_, before) = draw_for(&game, 2);
        assert!(!before[1].contains("keycount"), "seat 1's keys are not known yet: {}", before[1]);
        game.apply(&Action::Crack { safe: SafeId(0) }, &mut events).expect("RRRR opens");
        let (_, after) = draw_for(&game, 2);
        assert!(after[1].contains("worked out from the takes and cracks"), "{}", after[1]);
    }
}
