//! Club Unlock / CASH: four face-up key piles, the display of safes, the viewer's keys.
//!
//! Clicking a pile takes a key; clicking a safe cracks it (or, after emptying a pile in the
//! Club Unlock edition, puts the bonus marker under it). Safes the viewer's keys open are
//! marked; the others stay clickable so that the table can say which keys are missing.
//! While the starting keys are chosen in secret the piles show no counts and no safe is laid
//! out; the other players' hands are drawn as a count with what their takes and cracks prove.

use maud::{Markup, html};
use safehouse_club_unlock::{Action, Event, KeyColour, Phase, Rule, SafeCard, SafeId, View};

use super::{Ctx, GameUi, action_json};
use crate::i18n::Lang;
use crate::layout::icon;

/// The drawing of Club Unlock.
#[derive(Debug)]
pub(crate) struct Ui;

/// A key colour's name.
pub(crate) fn colour_name(lang: Lang, colour: KeyColour) -> &'static str {
    match colour {
        KeyColour::Red => lang.text("club-unlock-red"),
        KeyColour::Green => lang.text("club-unlock-green"),
        KeyColour::Yellow => lang.text("club-unlock-yellow"),
        KeyColour::Blue => lang.text("club-unlock-blue"),
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

/// A safe's number as people read it, from 1 (the JSON's id counts from 0), as the game's own
/// texts print it.
fn safe_no(safe: SafeId) -> u16 {
    u16::from(safe.0) + 1
}

fn safe_title(lang: Lang, safe: SafeId, card: &SafeCard) -> String {
    tr!(lang, "club-unlock-safe-code-value", safe = safe_no(safe), code = card.code(), value = card.value)
}

/// One key pip: a coloured round tag with its letter.
fn pip(colour: KeyColour, class: &str) -> Markup {
    html! { span class={"pip " (colour_class(colour)) " " (class)} aria-hidden="true" { (colour.letter()) } }
}

/// A safe card: its number, its four keys (marked against the viewer's hand), value, markers.
fn safe_face(lang: Lang, safe: SafeId, card: &SafeCard, markers: u8, hand: Option<&[u8; 4]>) -> Markup {
    let mut left = hand.copied();
    html! {
        span.safe-top aria-hidden="true" { span.safe-no { "#" (safe_no(safe)) } span.safe-value { "$" (card.value) } }
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
            (tr!(lang, "club-unlock-safe-keys-worth", safe = safe_no(safe), keys = keys_words(lang, card), value = card.value))
            @if markers > 0 { (tr!(lang, "club-unlock-markers-bonus-marker-s", markers = markers)) }
            @if let Some(hand) = hand {
                @if card.opens_with(hand) { (lang.text("club-unlock-your-keys-open-it")) }
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
                    h2 #cu-piles .sr { (lang.text("club-unlock-key-piles")) }
                    @if view.piles.is_none() {
                        p.small { (lang.text("club-unlock-everyone-chooses-four-starting-keys")) }
                    }
                    ul.piles {
                        @for colour in KeyColour::ALL {
                            @let label = match view.piles {
                                Some(piles) => tr!(lang, "club-unlock-colour-keys-piles-left", colour = colour_name(lang, colour), piles = piles[colour.index()]),
                                None if view.pile_empty[colour.index()] => tr!(lang, "club-unlock-colour-keys-the-pile-is", colour = colour_name(lang, colour)),
                                None => tr!(lang, "club-unlock-colour-keys", colour = colour_name(lang, colour)),
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
                                    span.sr { (label) @if taking { (lang.text("club-unlock-take-one")) } }
                                };
                                @if taking {
                                    (cx.act(&action_json(&Action::TakeKey { colour }), "pile", face))
                                } @else {
                                    div.pile { (face) }
                                }
                            }
                        }
                    }
                    div.supply-facts {
                        span.fact { (icon("coin", "")) " " (tr!(lang, "club-unlock-bonus-supply-bonus-markers-left", bonus_supply = view.bonus_supply)) }
                        span.fact { (icon("safe", "")) " " (tr!(lang, "club-unlock-deck-size-safes-in-the", deck_size = view.deck_size)) }
                    }
                }
                section.cu-display aria-labelledby="cu-safes" {
                    h2 #cu-safes { (lang.text("club-unlock-safes-on-display")) }
                    @if view.display.is_empty() && matches!(view.phase, Phase::ChoosingKeys { .. }) {
                        p.small { (lang.text("club-unlock-the-seven-safes-are-laid")) }
                    } @else if view.display.is_empty() {
                        p.small { (lang.text("club-unlock-no-safes-on-display")) }
                    }
                    ul.safes {
                        @for slot in &view.display {
                            @if let Some(card) = card(view, slot.safe) {
                                li {
                                    @let face = safe_face(lang, slot.safe, &card, slot.markers, hand.as_ref());
                                    @let opens = hand.is_some_and(|h| card.opens_with(&h));
                                    @if let Some(colour) = placing {
                                        @let class = if card.needs(colour) { "safe needs" } else { "safe" };
                                        (cx.act(&action_json(&Action::PlaceBonus { safe: slot.safe }), class, face))
                                    } @else if mine && matches!(view.phase, Phase::Turn { .. }) {
                                        (cx.act(&action_json(&Action::Crack { safe: slot.safe }), if opens { "safe opens" } else { "safe" }, face))
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
                        h2 #cu-hand { (lang.text("club-unlock-your-keys")) }
                        (key_counts(&hand, &keys_label(lang, &hand)))
                    }
                }
                @if mine {
                    div.controls {
                        @match view.phase {
                            Phase::ChoosingKeys { taken, .. } if view.piles.is_none() => {
                                p.prompt { (tr!(lang, "club-unlock-choose-starting-key-taken-of", taken = taken + 1)) }
                            }
                            Phase::ChoosingKeys { taken, .. } => {
                                p.prompt { (tr!(lang, "club-unlock-choose-starting-key-taken-of-4-click", taken = taken + 1)) }
                            }
                            Phase::Turn { cracked: 0, .. } => {
                                p.prompt { (lang.text("club-unlock-take-one-key-from-a")) }
                            }
                            Phase::Turn { cracked, .. } => {
                                p.prompt { (tr!(lang, "club-unlock-you-cracked-safe-s", cracked = cracked)) }
                                (cx.act_id("end-turn", &action_json(&Action::EndTurn), "primary", html! { (lang.text("club-unlock-end-my-turn")) }))
                            }
                            Phase::PlacingBonus { colour, .. } => {
                                p.prompt { (tr!(lang, "club-unlock-you-took-the-last-colour", colour = colour_name(lang, colour), colour2 = colour_name(lang, colour))) }
                            }
                            Phase::Over { .. } => {}
                        }
                        @if cx.is_legal(&action_json(&Action::Pass)) {
                            p.prompt { (lang.text("club-unlock-nothing-can-be-done-pass")) }
                            (cx.act_id("pass", &action_json(&Action::Pass), "primary", html! { (lang.text("club-unlock-pass")) }))
                        }
                    }
                }
            }
        }
    }

    fn doing(view: &View, cx: &Ctx<'_>) -> String {
        let lang = cx.lang;
        let Some(seat) = phase_seat(&view.phase) else {
            return lang.text("club-unlock-the-game-is-over").to_owned();
        };
        let who = cx.subject(seat);
        match view.phase {
            Phase::ChoosingKeys { taken, .. } => {
                tr!(lang, "club-unlock-who-choosing-starting-key-taken", who = who, taken = taken + 1)
            }
            Phase::Turn { cracked: 0, .. } => {
                tr!(lang, "club-unlock-who-take-a-key-or", who = who)
            }
            Phase::Turn { cracked, .. } => {
                tr!(lang, "club-unlock-who-cracking-cracked-safe-s", who = who, cracked = cracked)
            }
            Phase::PlacingBonus { colour, .. } => {
                tr!(lang, "club-unlock-who-placing-the-bonus-marker", who = who, colour = colour_name(lang, colour))
            }
            Phase::Over { .. } => String::new(),
        }
    }

    fn seat_line(view: &View, seat: u8, cx: &Ctx<'_>) -> Markup {
        let lang = cx.lang;
        let Some(s) = view.seats.get(usize::from(seat)) else { return html! {} };
        html! {
            span.stat {
                @if let Some(keys) = s.keys {
                    (key_counts(&keys, &tr!(lang, "club-unlock-keys-keys", keys = keys_label(lang, &keys))))
                } @else if s.keys_at_least == s.keys_at_most && s.key_count > 0 {
                    (key_counts(&s.keys_at_least, &tr!(lang, "club-unlock-keys-worked-out-from-the", keys = keys_label(lang, &s.keys_at_least))))
                } @else {
                    (icon("key", "")) " " (tr!(lang, "club-unlock-keys", count = s.key_count))
                    @if s.keys_at_least.iter().any(|&n| n > 0) {
                        " " span.small title=(lang.text("club-unlock-what-this-players-takes-and")) {
                            (tr!(lang, "club-unlock-at-least-known-keys", known_keys = known_keys(lang, &s.keys_at_least)))
                        }
                    }
                }
            }
            span.stat { (icon("safe", "")) " " (tr!(lang, "club-unlock-safes", count = s.cracked_count)) }
            @if s.markers > 0 { span.stat { (icon("coin", "")) " " (tr!(lang, "club-unlock-bonus-markers", count = s.markers)) } }
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
            None => format!("#{}", safe_no(safe)),
        };
        Some(match *event {
            Event::StartingKeyTaken { seat, colour: Some(colour) } => {
                tr!(
                    lang,
                    "club-unlock-who-took-a-colour-starting",
                    who = cx.who(seat.0),
                    colour = colour_name(lang, colour)
                )
            }
            Event::StartingKeyTaken { seat, colour: None } => {
                tr!(lang, "club-unlock-who-took-a-starting-key", who = cx.who(seat.0))
            }
            Event::StartingKeysChosen { piles } => {
                tr!(lang, "club-unlock-everybody-has-chosen-their-starting", keys = keys_label(lang, &piles))
            }
            Event::KeyTaken { seat, colour } => {
                tr!(lang, "club-unlock-who-took-a-colour-key", who = cx.who(seat.0), colour = colour_name(lang, colour))
            }
            Event::PileExhausted { colour } => {
                tr!(lang, "club-unlock-the-colour-pile-is-empty", colour = colour_name(lang, colour))
            }
            Event::BonusPlaced { safe, colour } => tr!(
                lang,
                "club-unlock-a-bonus-marker-goes-under",
                safe = safe_words(safe),
                colour = colour_name(lang, colour)
            ),
            Event::NoBonusTarget { colour } => {
                tr!(lang, "club-unlock-no-displayed-safe-needs-colour", colour = colour_name(lang, colour))
            }
            Event::Cracked { seat, safe, markers: 0 } => {
                tr!(lang, "club-unlock-who-cracked-safe", who = cx.who(seat.0), safe = safe_words(safe))
            }
            Event::Cracked { seat, safe, markers } => tr!(
                lang,
                "club-unlock-who-cracked-safe-with-markers",
                who = cx.who(seat.0),
                safe = safe_words(safe),
                markers = markers
            ),
            Event::SerialBonus { seat } => {
                tr!(lang, "club-unlock-who-earns-a-serial-break", who = cx.who(seat.0))
            }
            Event::LastSafeBonus { seat } => {
                tr!(lang, "club-unlock-who-cracked-the-last-safe", who = cx.who(seat.0))
            }
            Event::SupplyEmpty { seat } => tr!(lang, "club-unlock-no-bonus-markers-are-left", name = cx.name(seat.0)),
            Event::SafeRevealed { safe } => tr!(lang, "club-unlock-new-on-display-safe", safe = safe_words(safe)),
            Event::DisplayStuck { stuck } => tr!(lang, "club-unlock-nobody-can-ever-crack-the", stuck = stuck),
            Event::Passed { seat } => tr!(lang, "club-unlock-who-passed", who = cx.who(seat.0)),
            Event::TurnEnded { .. } => return None,
            Event::GameOver { .. } => lang.text("club-unlock-the-game-is-over").to_owned(),
        })
    }

    fn action(action: &Action, view: &View, cx: &Ctx<'_>) -> String {
        let lang = cx.lang;
        let safe_words = |safe: SafeId| match card(view, safe) {
            Some(card) => safe_title(lang, safe, &card),
            None => format!("#{}", safe_no(safe)),
        };
        match *action {
            Action::TakeKey { colour } => {
                tr!(lang, "club-unlock-take-a-colour-key", colour = colour_name(lang, colour))
            }
            Action::Crack { safe } => tr!(lang, "club-unlock-crack-safe", safe = safe_words(safe)),
            Action::EndTurn => lang.text("club-unlock-end-the-turn").to_owned(),
            Action::PlaceBonus { safe } => {
                tr!(lang, "club-unlock-put-the-bonus-marker-under", safe = safe_words(safe))
            }
            Action::Pass => lang.text("club-unlock-pass").to_owned(),
        }
    }

    fn explain(rule: &str, action: Option<&Action>, view: &View, cx: &Ctx<'_>) -> Option<String> {
        let lang = cx.lang;
        let bonus_colour = match view.phase {
            Phase::PlacingBonus { colour, .. } => Some(colour),
            _ => None,
        };
        // Every rule has an arm and there is no catch-all: a rule added to the game does not
        // build until it is explained here. `None` is for a code this game does not have, and
        // for an action that does not fit the rule (the engine's own words are shown then).
        Some(match Rule::from_code(rule)? {
            Rule::PileEmpty => {
                let Some(Action::TakeKey { colour }) = action else { return None };
                tr!(lang, "club-unlock-the-colour-pile-is-empty-take-a", colour = colour_name(lang, *colour))
            }
            Rule::AlreadyCracking => lang.text("club-unlock-you-have-cracked-a-safe").to_owned(),
            Rule::NotEnoughKeys => {
                let Some(Action::Crack { safe }) = action else { return None };
                let hand = view.me().and_then(|s| s.keys).unwrap_or_default();
                let card = card(view, *safe)?;
                let missing: Vec<String> = KeyColour::ALL
                    .iter()
                    .filter(|c| card.keys[c.index()] > hand[c.index()])
                    .map(|&c| format!("{} {}", card.keys[c.index()] - hand[c.index()], colour_name(lang, c)))
                    .collect();
                tr!(
                    lang,
                    "club-unlock-safe-needs-keys-you",
                    safe = safe_no(*safe),
                    keys = keys_words(lang, &card),
                    missing = missing.join(", ")
                )
            }
            Rule::NotDisplayed => lang.text("club-unlock-that-safe-is-not-on").to_owned(),
            Rule::NothingToEnd => lang.text("club-unlock-take-a-key-or-crack").to_owned(),
            Rule::ColourNotNeeded => {
                let Some(Action::PlaceBonus { safe }) = action else { return None };
                let colour = bonus_colour?;
                tr!(
                    lang,
                    "club-unlock-safe-needs-no-colour",
                    safe = safe_no(*safe),
                    colour = colour_name(lang, colour),
                    colour2 = colour_name(lang, colour)
                )
            }
            Rule::MustAct => lang.text("club-unlock-you-can-still-take-a").to_owned(),
            Rule::ChoosingKeys => lang.text("club-unlock-first-take-your-four-starting").to_owned(),
            Rule::PlaceBonusFirst => {
                let colour = bonus_colour?;
                tr!(lang, "club-unlock-first-put-the-bonus-marker", colour = colour_name(lang, colour))
            }
            Rule::Unexpected => lang.text("club-unlock-that-move-does-not-fit").to_owned(),
            Rule::NoBonusToPlace => lang.text("club-unlock-there-is-no-bonus-marker").to_owned(),
        })
    }

    fn result(_view: &View, _outcome: &safehouse_engine::Outcome, cx: &Ctx<'_>) -> Option<Markup> {
        let lang = cx.lang;
        Some(html! {
            p.small { (lang.text("club-unlock-money-the-values-of-the")) }
        })
    }
}

#[cfg(test)]
mod tests {
    use safehouse_club_unlock::{ClubUnlock, Deal, KeyColour, STANDARD_SAFES};
    use safehouse_engine::{Game, Seat, Setup, Viewer};

    use super::*;
    use crate::api::SeatInfo;

    fn draw_for(game: &ClubUnlock, seat: u8) -> (String, Vec<String>) {
        let seats: Vec<SeatInfo> = (0..3).map(|s| SeatInfo { seat: s, ..SeatInfo::default() }).collect();
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
