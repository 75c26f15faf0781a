//! Safe Breaker: each seat's fortress (lock and key, face up or hidden), the viewer's own code,
//! the question log, and a composer for the viewer's move: choose a colour and a number, then
//! ask the table or accuse a player.
//!
//! The hint panel shows, for each other seat still in play, which codes it can still hold and
//! how likely each is given everything this seat has seen (`safehouse_safe_breaker::deduction`).

use maud::{Markup, html};
use safehouse_engine::{Outcome, Seat};
use safehouse_safe_breaker::{
    Action, Code, Colour, Entry, Event, Guess, Half, Number, OutReason, QuestionHistory, Rule, Status, View,
};
use serde_json::json;

use super::{Ctx, GameUi, step_class};
use crate::i18n::{Lang, place};
use crate::layout::icon;

/// The drawing of Safe Breaker.
#[derive(Debug)]
pub(crate) struct Ui;

/// A lock colour's name.
pub(crate) fn colour_name(lang: Lang, colour: Colour) -> &'static str {
    match colour.index() {
        0 => lang.text("safe-breaker-red"),
        1 => lang.text("safe-breaker-blue"),
        2 => lang.text("safe-breaker-yellow"),
        3 => lang.text("safe-breaker-green"),
        4 => lang.text("safe-breaker-purple"),
        _ => lang.text("safe-breaker-orange"),
    }
}

fn colour_class(colour: Colour) -> &'static str {
    match colour.index() {
        0 => "c-red",
        1 => "c-blue",
        2 => "c-yellow",
        3 => "c-green",
        4 => "c-purple",
        _ => "c-orange",
    }
}

fn code_words(lang: Lang, code: Code) -> String {
    format!("{} {}", colour_name(lang, code.colour), code.number)
}

fn guess_words(lang: Lang, guess: Guess) -> String {
    match guess {
        Guess::Code { colour, number } => format!("{} {}", colour_name(lang, colour), number),
        Guess::Lock { colour } => tr!(lang, "safe-breaker-lock-colour", colour = colour_name(lang, colour)),
        Guess::Key { number } => tr!(lang, "safe-breaker-key-number", number = number.value()),
    }
}

fn lock_half(lang: Lang, colour: Option<Colour>) -> Markup {
    html! {
        @match colour {
            Some(colour) => {
                span class={"half lock " (colour_class(colour))} title=(colour_name(lang, colour)) {
                    (icon("lock", "")) span { (colour.letter()) }
                }
            }
            None => { span.half.lock.hidden title=(lang.text("safe-breaker-lock-unknown")) { (icon("lock", "")) "?" } }
        }
    }
}

fn key_half(lang: Lang, number: Option<Number>) -> Markup {
    html! {
        @match number {
            Some(number) => { span.half.key title=(tr!(lang, "safe-breaker-key-number", number = number.value())) { (number) } }
            None => { span.half.key.hidden title=(lang.text("safe-breaker-key-unknown")) { "?" } }
        }
    }
}

fn status_words(lang: Lang, status: Status) -> String {
    match status {
        Status::Active => lang.text("safe-breaker-in-play").to_owned(),
        Status::Out { reason: OutReason::Cracked, order } => {
            tr!(lang, "safe-breaker-out-place-code-cracked", place = place(lang, order))
        }
        Status::Out { reason: OutReason::WrongGuess, order } => {
            tr!(lang, "safe-breaker-out-place-wrong-guess", place = place(lang, order))
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
        let can_ask = legal.iter().any(|a| matches!(a, Action::Ask { .. }));
        let halves = view.options.keep_it_simple;
        let me = cx.me;
        let shown = view.shown_log();
        html! {
            div.sb {
                @if let (Some(code), Some(_)) = (view.own_code, me) {
                    div.own-code {
                        span.halves { (lock_half(lang, Some(code.colour))) (key_half(lang, Some(code.number))) }
                        p { strong { (lang.text("safe-breaker-your-code")) } (code_words(lang, code))
                            br; span.small { (lang.text("safe-breaker-only-you-see-it-until")) } }
                    }
                }
                h2.sr { (lang.text("safe-breaker-players-codes")) }
                ul.sb-seats {
                    @for (i, seat) in view.seats.iter().enumerate() {
                        @let s = i as u8;
                        @let own = if me == Some(s) { view.own_code } else { None };
                        @let lock = seat.lock.or(own.map(|c| c.colour));
                        @let key = seat.key.or(own.map(|c| c.number));
                        li class={"fortress" @if !seat.status.is_active() { " out" } @if view.to_move == Some(Seat(s)) { " turn" }} {
                            div.name { (cx.who(s)) }
                            div.halves { (lock_half(lang, lock)) (key_half(lang, key)) }
                            div.state { (status_words(lang, seat.status)) }
                            span.sr {
                                (lang.text("safe-breaker-lock")) (lock.map_or(lang.text("safe-breaker-unknown"), |c| colour_name(lang, c))) ". "
                                (lang.text("safe-breaker-key")) (key.map_or_else(|| lang.text("safe-breaker-unknown").to_owned(), |n| n.to_string())) "."
                            }
                        }
                    }
                }
                @if !view.exposed_locks.is_empty() || !view.exposed_keys.is_empty() {
                    p.exposed {
                        (lang.text("safe-breaker-set-aside-face-up"))
                        @for colour in &view.exposed_locks { span.pill.(colour_class(*colour)) { (colour.letter()) " " (colour_name(lang, *colour)) } " " }
                        @for number in &view.exposed_keys { span.pill { (lang.text("safe-breaker-key-2")) (number) } " " }
                    }
                }
                @if mine {
                    div.composer {
                        fieldset {
                            legend { (lang.text("safe-breaker-1-a-colour")) }
                            div.choices {
                                @for colour in Colour::ALL {
                                    label.choice.(colour_class(colour)) {
                                        input type="radio" name="colour" value=(colour.name());
                                        span aria-hidden="true" { (colour.letter()) }
                                        span.sr { (colour_name(lang, colour)) }
                                    }
                                }
                            }
                        }
                        fieldset {
                            legend { (lang.text("safe-breaker-2-a-number")) }
                            div.choices {
                                @for number in Number::ALL {
                                    label.choice {
                                        input type="radio" name="number" value=(number.value());
                                        span { (number) }
                                    }
                                }
                            }
                        }
                        p.small { (lang.text("safe-breaker-3-then-ask-the-table")) }
                        div.acts {
                            @if can_ask {
                                (cx.act_id("ask", &json!({"type": "ask", "colour": "$colour", "number": "$number"}), "primary", html! {
                                    (lang.text("safe-breaker-ask-do-you-have-this"))
                                }))
                            } @else {
                                p.small { (lang.text("safe-breaker-the-question-limit-is-reached")) }
                            }
                            @for (i, seat) in view.seats.iter().enumerate() {
                                @let t = i as u8;
                                @if Some(t) != me && seat.status.is_active() {
                                    (cx.act(&json!({"type": "guess", "target": t, "colour": "$colour", "number": "$number"}), "accuse", html! {
                                        (tr!(lang, "safe-breaker-accuse-name-that-is-your", name = cx.name(t)))
                                    }))
                                    @if halves {
                                        (cx.act(&json!({"type": "guess_lock", "target": t, "colour": "$colour"}), "accuse", html! {
                                            (tr!(lang, "safe-breaker-name-s-lock-is-this", name = cx.name(t)))
                                        }))
                                        (cx.act(&json!({"type": "guess_key", "target": t, "number": "$number"}), "accuse", html! {
                                            (tr!(lang, "safe-breaker-name-s-key-is-this", name = cx.name(t)))
                                        }))
                                    }
                                }
                            }
                        }
                    }
                }
                section.qlog aria-labelledby="qlog-h" {
                    h2 #qlog-h { (lang.text("safe-breaker-questions-and-guesses")) }
                    @match view.options.question_history {
                        QuestionHistory::None => { p.small { (lang.text("safe-breaker-no-notes-at-this-table")) } }
                        _ if shown.is_empty() => { p.small { (lang.text("safe-breaker-nothing-asked-yet")) } }
                        _ => {
                            table {
                                thead { tr { th scope="col" { "#" } th scope="col" { (lang.text("safe-breaker-who")) } th scope="col" { (lang.text("safe-breaker-what")) } th scope="col" { (lang.text("safe-breaker-answers")) } } }
                                tbody {
                                    @let first = view.log.len() - shown.len();
                                    @for (k, entry) in shown.iter().enumerate().rev() {
                                        tr {
                                            td { (first + k + 1) }
                                            @match *entry {
                                                Entry::Question { asker, colour, number, no, yes } => {
                                                    td { (cx.name(asker.0)) }
                                                    td { span.pill.(colour_class(colour)) { (colour.letter()) } " " (number) "?" }
                                                    td {
                                                        @for seat in no.iter_after(asker) { span.ans-no { (cx.name(seat.0)) " " (lang.text("safe-breaker-no")) } ", " }
                                                        @match yes {
                                                            Some(seat) => { span.ans-yes { (cx.name(seat.0)) " " (lang.text("safe-breaker-yes")) } }
                                                            None => { (lang.text("safe-breaker-nobody-asks-again")) }
                                                        }
                                                    }
                                                }
                                                Entry::Guess { guesser, target, guess, correct } => {
                                                    td { (cx.name(guesser.0)) }
                                                    td { (tr!(lang, "safe-breaker-accuses-name-guess", name = cx.name(target.0), guess = guess_words(lang, guess))) }
                                                    td { @if correct { span.ans-yes { (lang.text("safe-breaker-right")) } } @else { span.ans-no { (lang.text("safe-breaker-wrong")) } } }
                                                }
                                            }
                                        }
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
                tr!(lang, "safe-breaker-who-ask-a-question-or", who = cx.subject(seat.0))
            }
            None => lang.text("safe-breaker-the-game-is-over").to_owned(),
        }
    }

    fn seat_line(view: &View, seat: u8, cx: &Ctx<'_>) -> Markup {
        let lang = cx.lang;
        let Some(s) = view.seats.get(usize::from(seat)) else { return html! {} };
        let known = view.known_code(Seat(seat));
        html! {
            span.stat { (status_words(lang, s.status)) }
            @if let Some(code) = known { span.stat { span.pill.(colour_class(code.colour)) { (code.colour.letter()) (code.number) } } }
        }
    }

    fn event(event: &Event, _view: &View, cx: &Ctx<'_>) -> Option<String> {
        let lang = cx.lang;
        Some(match *event {
            Event::Asked { asker, colour, number, .. } => tr!(
                lang,
                "safe-breaker-who-asks-do-you-have",
                who = cx.who(asker.0),
                colour = colour_name(lang, colour),
                number = number.value()
            ),
            Event::Answered { seat, yes: true } => tr!(lang, "safe-breaker-who-yes", who = cx.who(seat.0)),
            Event::Answered { seat, yes: false } => tr!(lang, "safe-breaker-who-no", who = cx.who(seat.0)),
            Event::AllAnsweredNo { asker } => {
                tr!(lang, "safe-breaker-everybody-said-no-who-goes", who = cx.who(asker.0))
            }
            Event::Guessed { guesser, target, guess, correct } => tr!(
                lang,
                "safe-breaker-who-accuses-name-of-guess",
                who = cx.who(guesser.0),
                name = cx.name(target.0),
                guess = guess_words(lang, guess),
                detail = if correct { lang.text("safe-breaker-right") } else { lang.text("safe-breaker-wrong") }
            ),
            Event::HalfShown { seat, half } => {
                let half = match half {
                    Half::Lock { colour } => tr!(lang, "safe-breaker-lock-colour", colour = colour_name(lang, colour)),
                    Half::Key { number } => tr!(lang, "safe-breaker-key-number", number = number.value()),
                };
                tr!(lang, "safe-breaker-who-shows-their-half", who = cx.who(seat.0), half = half)
            }
            Event::Eliminated { seat, reason, code, .. } => {
                let why = match reason {
                    OutReason::Cracked => lang.text("safe-breaker-code-cracked"),
                    OutReason::WrongGuess => lang.text("safe-breaker-wrong-guess"),
                };
                match code {
                    Some(code) => tr!(
                        lang,
                        "safe-breaker-who-is-out-why-code",
                        who = cx.who(seat.0),
                        why = why,
                        code = code_words(lang, code)
                    ),
                    None => tr!(lang, "safe-breaker-who-is-out-why-the", who = cx.who(seat.0), why = why),
                }
            }
            Event::Turn { .. } => return None,
            Event::GameOver { winner } => {
                tr!(lang, "safe-breaker-who-is-the-last-one", who = cx.who(winner.0))
            }
            Event::CodeShown { seat, code } => {
                tr!(lang, "safe-breaker-name-s-code-was-code", name = cx.name(seat.0), code = code_words(lang, code))
            }
        })
    }

    fn action(action: &Action, _view: &View, cx: &Ctx<'_>) -> String {
        let lang = cx.lang;
        match *action {
            Action::Ask { colour, number } => {
                tr!(
                    lang,
                    "safe-breaker-ask-colour-or-number",
                    colour = colour_name(lang, colour),
                    number = number.value()
                )
            }
            Action::Guess { target, colour, number } => {
                tr!(
                    lang,
                    "safe-breaker-accuse-name-of-colour-number",
                    name = cx.name(target.0),
                    colour = colour_name(lang, colour),
                    number = number.value()
                )
            }
            Action::GuessLock { target, colour } => {
                tr!(
                    lang,
                    "safe-breaker-name-s-lock-is-colour",
                    name = cx.name(target.0),
                    colour = colour_name(lang, colour)
                )
            }
            Action::GuessKey { target, number } => {
                tr!(lang, "safe-breaker-name-s-key-is-number", name = cx.name(target.0), number = number.value())
            }
        }
    }

    fn explain(rule: &str, action: Option<&Action>, _view: &View, cx: &Ctx<'_>) -> Option<String> {
        let lang = cx.lang;
        let target = action.and_then(|a| a.guess()).map(|(t, _)| cx.name(t.0)).unwrap_or_default();
        // Every rule has an arm and there is no catch-all: a rule added to the game does not
        // build until it is explained here (`None`: a code this game does not have).
        Some(match Rule::from_code(rule)? {
            Rule::QuestionLimit => lang.text("safe-breaker-the-question-limit-is-reached-now-only").to_owned(),
            Rule::NoSuchSeat => lang.text("safe-breaker-there-is-no-such-player").to_owned(),
            Rule::GuessSelf => lang.text("safe-breaker-you-cannot-accuse-yourself").to_owned(),
            Rule::TargetOut => tr!(lang, "safe-breaker-target-is-already-out-of", target = target),
            Rule::HalfGuessNotAllowed => lang.text("safe-breaker-guessing-only-a-lock-or").to_owned(),
            Rule::HalfAlreadyShown => {
                tr!(lang, "safe-breaker-that-half-of-target-s", target = target)
            }
        })
    }

    fn has_hints() -> bool {
        true
    }

    fn hints(view: &View, cx: &Ctx<'_>) -> Option<Markup> {
        let lang = cx.lang;
        let me = cx.me?;
        let deduction = view.deduce().ok()?;
        Some(html! {
            p.small { (lang.text("safe-breaker-from-your-code-the-parts")) }
            @for (i, seat) in view.seats.iter().enumerate() {
                @let s = Seat(i as u8);
                @if i as u8 != me && seat.status.is_active() {
                    @let possible: Vec<(Code, u64)> = deduction.possible_codes(s).collect();
                    h3 { (cx.name(s.0)) ": "
                        @match deduction.certain_code(s) {
                            Some(code) => { strong { (tr!(lang, "safe-breaker-certainly-code", code = code_words(lang, code))) } }
                            None => { (tr!(lang, "safe-breaker-possible-count-possible-codes", possible_count = possible.len())) }
                        }
                    }
                    table.grid6 aria-label=(tr!(lang, "safe-breaker-possible-codes-of-name", name = cx.name(s.0))) {
                        thead { tr { th { "%" } @for n in Number::ALL { th scope="col" { (n) } } } }
                        tbody {
                            @for colour in Colour::ALL {
                                tr {
                                    th scope="row" { span.pill.(colour_class(colour)) { (colour.letter()) } }
                                    @for number in Number::ALL {
                                        @let code = Code::new(colour, number);
                                        @let p = deduction.code_probability(s, code);
                                        td class=(if p >= 0.999 { "sure" } else if p > 0.0 { "maybe" } else { "no" })
                                            title=(format!("{} {}: {:.0}%", colour_name(lang, colour), number, p * 100.0)) {
                                            @if p > 0.0 { (format!("{:.0}", p * 100.0)) } @else { "·" }
                                        }
                                    }
                                }
                            }
                        }
                    }
                    @if let Some((best, _)) = possible.iter().max_by_key(|(_, n)| *n) {
                        p.small {
                            (tr!(lang, "safe-breaker-most-likely-code", code = code_words(lang, *best)))
                            span class={"bar " (step_class(deduction.code_probability(s, *best)))} {}
                        }
                    }
                }
            }
            p.small { (tr!(lang, "safe-breaker-worlds-ways-the-hidden-codes", worlds = deduction.worlds())) }
        })
    }

    fn result(view: &View, _outcome: &Outcome, cx: &Ctx<'_>) -> Option<Markup> {
        let lang = cx.lang;
        Some(html! {
            p.small { (tr!(lang, "safe-breaker-log-count-questions-and-guesses", log_count = view.log.len())) }
        })
    }
}
