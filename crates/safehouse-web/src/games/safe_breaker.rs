//! Safe Breaker: each seat's fortress (lock and key, face up or hidden), the viewer's own code,
//! the question log, and a composer for the viewer's move: choose a colour and a number, then
//! ask the table or accuse a player.
//!
//! The hint panel shows, for each other seat still in play, which codes it can still hold and
//! how likely each is given everything this seat has seen (`safehouse_safe_breaker::deduction`).

use maud::{Markup, html};
use safehouse_engine::{Outcome, Seat};
use safehouse_safe_breaker::{
    Action, Code, Colour, Entry, Event, Guess, Half, Number, OutReason, QuestionHistory, Status, View,
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
        0 => lang.t("red", "빨강"),
        1 => lang.t("blue", "파랑"),
        2 => lang.t("yellow", "노랑"),
        3 => lang.t("green", "초록"),
        4 => lang.t("purple", "보라"),
        _ => lang.t("orange", "주황"),
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
        Guess::Lock { colour } => tr!(lang, "lock {}", "자물쇠 {}", colour_name(lang, colour)),
        Guess::Key { number } => tr!(lang, "key {}", "열쇠 {}", number),
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
            None => { span.half.lock.hidden title=(lang.t("lock unknown", "자물쇠 모름")) { (icon("lock", "")) "?" } }
        }
    }
}

fn key_half(lang: Lang, number: Option<Number>) -> Markup {
    html! {
        @match number {
            Some(number) => { span.half.key title=(tr!(lang, "key {}", "열쇠 {}", number)) { (number) } }
            None => { span.half.key.hidden title=(lang.t("key unknown", "열쇠 모름")) { "?" } }
        }
    }
}

fn status_words(lang: Lang, status: Status) -> String {
    match status {
        Status::Active => lang.t("in play", "게임 중").to_owned(),
        Status::Out { reason: OutReason::Cracked, order } => {
            tr!(lang, "out {} (code cracked)", "{} 탈락 (코드가 풀림)", place(lang, order))
        }
        Status::Out { reason: OutReason::WrongGuess, order } => {
            tr!(lang, "out {} (wrong guess)", "{} 탈락 (잘못 맞힘)", place(lang, order))
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
                        p { strong { (lang.t("Your code: ", "내 코드: ")) } (code_words(lang, code))
                            br; span.small { (lang.t("Only you see it (until it is cracked).", "나만 봅니다 (풀리기 전까지).")) } }
                    }
                }
                h2.sr { (lang.t("Players' codes", "플레이어 코드")) }
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
                                (lang.t("Lock: ", "자물쇠: ")) (lock.map_or(lang.t("unknown", "모름"), |c| colour_name(lang, c))) ". "
                                (lang.t("Key: ", "열쇠: ")) (key.map_or_else(|| lang.t("unknown", "모름").to_owned(), |n| n.to_string())) "."
                            }
                        }
                    }
                }
                @if !view.exposed_locks.is_empty() || !view.exposed_keys.is_empty() {
                    p.exposed {
                        (lang.t("Set aside, face up: ", "따로 공개된 부품: "))
                        @for colour in &view.exposed_locks { span.pill.(colour_class(*colour)) { (colour.letter()) " " (colour_name(lang, *colour)) } " " }
                        @for number in &view.exposed_keys { span.pill { (lang.t("key ", "열쇠 ")) (number) } " " }
                    }
                }
                @if mine {
                    div.composer {
                        fieldset {
                            legend { (lang.t("1. A colour", "1. 색")) }
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
                            legend { (lang.t("2. A number", "2. 숫자")) }
                            div.choices {
                                @for number in Number::ALL {
                                    label.choice {
                                        input type="radio" name="number" value=(number.value());
                                        span { (number) }
                                    }
                                }
                            }
                        }
                        p.small { (lang.t("3. Then ask the table, or accuse a player of holding exactly that code (a wrong accusation puts you out).",
                            "3. 그다음 테이블에 묻거나, 한 사람이 바로 그 코드를 가졌다고 지목하세요 (틀리면 내가 탈락합니다).")) }
                        div.acts {
                            @if can_ask {
                                (cx.act_id("ask", &json!({"type": "ask", "colour": "$colour", "number": "$number"}), "primary", html! {
                                    (lang.t("Ask: \"Do you have this colour or number?\"", "묻기: \"이 색이나 숫자 있나요?\""))
                                }))
                            } @else {
                                p.small { (lang.t("The question limit is reached: only accusations now.", "질문 한도에 도달했습니다. 이제 지목만 할 수 있습니다.")) }
                            }
                            @for (i, seat) in view.seats.iter().enumerate() {
                                @let t = i as u8;
                                @if Some(t) != me && seat.status.is_active() {
                                    (cx.act(&json!({"type": "guess", "target": t, "colour": "$colour", "number": "$number"}), "accuse", html! {
                                        (tr!(lang, "Accuse {}: that is your code!", "{} 지목: 이게 당신 코드!", cx.name(t)))
                                    }))
                                    @if halves {
                                        (cx.act(&json!({"type": "guess_lock", "target": t, "colour": "$colour"}), "accuse", html! {
                                            (tr!(lang, "{}'s lock is this colour", "{}의 자물쇠는 이 색", cx.name(t)))
                                        }))
                                        (cx.act(&json!({"type": "guess_key", "target": t, "number": "$number"}), "accuse", html! {
                                            (tr!(lang, "{}'s key is this number", "{}의 열쇠는 이 숫자", cx.name(t)))
                                        }))
                                    }
                                }
                            }
                        }
                    }
                }
                section.qlog aria-labelledby="qlog-h" {
                    h2 #qlog-h { (lang.t("Questions and guesses", "질문과 지목 기록")) }
                    @match view.options.question_history {
                        QuestionHistory::None => { p.small { (lang.t("No notes at this table: play from memory.", "이 테이블에서는 기록을 보여 주지 않습니다. 기억으로 하세요.")) } }
                        _ if shown.is_empty() => { p.small { (lang.t("Nothing asked yet.", "아직 질문이 없습니다.")) } }
                        _ => {
                            table {
                                thead { tr { th scope="col" { "#" } th scope="col" { (lang.t("Who", "누가")) } th scope="col" { (lang.t("What", "무엇을")) } th scope="col" { (lang.t("Answers", "대답")) } } }
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
                                                        @for seat in no.iter_after(asker) { span.ans-no { (cx.name(seat.0)) " " (lang.t("No", "아니오")) } ", " }
                                                        @match yes {
                                                            Some(seat) => { span.ans-yes { (cx.name(seat.0)) " " (lang.t("Yes", "예")) } }
                                                            None => { (lang.t("nobody: asks again", "모두 아니오: 다시 묻기")) }
                                                        }
                                                    }
                                                }
                                                Entry::Guess { guesser, target, guess, correct } => {
                                                    td { (cx.name(guesser.0)) }
                                                    td { (tr!(lang, "accuses {}: {}", "{} 지목: {}", cx.name(target.0), guess_words(lang, guess))) }
                                                    td { @if correct { span.ans-yes { (lang.t("right", "맞음")) } } @else { span.ans-no { (lang.t("wrong", "틀림")) } } }
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
                tr!(lang, "{}: ask a question or accuse a player", "{}: 질문하거나 지목하기", cx.subject(seat.0))
            }
            None => lang.t("The game is over.", "게임이 끝났습니다.").to_owned(),
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
                "{} asks: \"Do you have {} or {}?\"",
                "{}의 질문: \"{} 또는 {} 있나요?\"",
                cx.who(asker.0),
                colour_name(lang, colour),
                number
            ),
            Event::Answered { seat, yes: true } => tr!(lang, "{}: Yes.", "{}: 예.", cx.who(seat.0)),
            Event::Answered { seat, yes: false } => tr!(lang, "{}: No.", "{}: 아니오.", cx.who(seat.0)),
            Event::AllAnsweredNo { asker } => {
                tr!(
                    lang,
                    "Everybody said No: {} goes again.",
                    "모두 아니오: {}이(가) 한 번 더 합니다.",
                    cx.who(asker.0)
                )
            }
            Event::Guessed { guesser, target, guess, correct } => tr!(
                lang,
                "{} accuses {} of {}: {}.",
                "{}이(가) {}을(를) 지목: {} — {}.",
                cx.who(guesser.0),
                cx.name(target.0),
                guess_words(lang, guess),
                if correct { lang.t("right", "맞음") } else { lang.t("wrong", "틀림") }
            ),
            Event::HalfShown { seat, half } => {
                let half = match half {
                    Half::Lock { colour } => tr!(lang, "lock {}", "자물쇠 {}", colour_name(lang, colour)),
                    Half::Key { number } => tr!(lang, "key {}", "열쇠 {}", number),
                };
                tr!(lang, "{} shows their {}.", "{}이(가) {}을(를) 공개합니다.", cx.who(seat.0), half)
            }
            Event::Eliminated { seat, reason, code, .. } => {
                let why = match reason {
                    OutReason::Cracked => lang.t("code cracked", "코드가 풀림"),
                    OutReason::WrongGuess => lang.t("wrong guess", "잘못 맞힘"),
                };
                match code {
                    Some(code) => tr!(
                        lang,
                        "{} is out ({}): {}.",
                        "{} 탈락 ({}): {}.",
                        cx.who(seat.0),
                        why,
                        code_words(lang, code)
                    ),
                    None => tr!(
                        lang,
                        "{} is out ({}); the code stays face down.",
                        "{} 탈락 ({}). 코드는 뒷면으로 둡니다.",
                        cx.who(seat.0),
                        why
                    ),
                }
            }
            Event::Turn { .. } => return None,
            Event::GameOver { winner } => {
                tr!(
                    lang,
                    "{} is the last one standing and wins!",
                    "{}이(가) 마지막까지 남아 이겼습니다!",
                    cx.who(winner.0)
                )
            }
            Event::CodeShown { seat, code } => {
                tr!(lang, "{}'s code was {}.", "{}의 코드는 {}였습니다.", cx.name(seat.0), code_words(lang, code))
            }
        })
    }

    fn action(action: &Action, _view: &View, cx: &Ctx<'_>) -> String {
        let lang = cx.lang;
        match *action {
            Action::Ask { colour, number } => {
                tr!(lang, "Ask: {} or {}?", "묻기: {} 또는 {}?", colour_name(lang, colour), number)
            }
            Action::Guess { target, colour, number } => {
                tr!(lang, "Accuse {} of {} {}", "{} 지목: {} {}", cx.name(target.0), colour_name(lang, colour), number)
            }
            Action::GuessLock { target, colour } => {
                tr!(lang, "{}'s lock is {}", "{}의 자물쇠는 {}", cx.name(target.0), colour_name(lang, colour))
            }
            Action::GuessKey { target, number } => {
                tr!(lang, "{}'s key is {}", "{}의 열쇠는 {}", cx.name(target.0), number)
            }
        }
    }

    fn explain(rule: &str, action: Option<&Action>, _view: &View, cx: &Ctx<'_>) -> Option<String> {
        let lang = cx.lang;
        let target = action.and_then(|a| a.guess()).map(|(t, _)| cx.name(t.0)).unwrap_or_default();
        Some(match rule {
            "question_limit" => lang
                .t(
                    "The question limit is reached: now only a guess at a whole code (lock and key) may be made.",
                    "질문 한도에 도달했습니다. 이제 코드 전체(자물쇠와 열쇠)를 맞히는 지목만 할 수 있습니다.",
                )
                .to_owned(),
            "no_such_seat" => lang.t("There is no such player at this table.", "그런 플레이어가 없습니다.").to_owned(),
            "guess_self" => lang.t("You cannot accuse yourself.", "자기 자신은 지목할 수 없습니다.").to_owned(),
            "target_out" => tr!(lang, "{} is already out of the game.", "{}은(는) 이미 탈락했습니다.", target),
            "half_guess_not_allowed" => lang
                .t(
                    "Guessing only a lock or only a key needs the Keep it simple variant.",
                    "자물쇠나 열쇠만 맞히기는 간단 규칙에서만 할 수 있습니다.",
                )
                .to_owned(),
            "half_already_shown" => {
                tr!(
                    lang,
                    "That half of {}'s code is already face up.",
                    "{}의 그 부품은 이미 공개되어 있습니다.",
                    target
                )
            }
            _ => return None,
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
            p.small { (lang.t(
                "From your code, the parts face up and every answer so far: the codes each player can still hold, and how likely each is.",
                "내 코드, 공개된 부품, 지금까지의 모든 대답으로 볼 때 각 플레이어가 가질 수 있는 코드와 그 확률입니다."
            )) }
            @for (i, seat) in view.seats.iter().enumerate() {
                @let s = Seat(i as u8);
                @if i as u8 != me && seat.status.is_active() {
                    @let possible: Vec<(Code, u64)> = deduction.possible_codes(s).collect();
                    h3 { (cx.name(s.0)) ": "
                        @match deduction.certain_code(s) {
                            Some(code) => { strong { (tr!(lang, "certainly {}", "확실히 {}", code_words(lang, code))) } }
                            None => { (tr!(lang, "{} possible codes", "가능한 코드 {}개", possible.len())) }
                        }
                    }
                    table.grid6 aria-label=(tr!(lang, "Possible codes of {}", "{}의 가능한 코드", cx.name(s.0))) {
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
                            (tr!(lang, "Most likely: {} ", "가장 가능성 높음: {} ", code_words(lang, *best)))
                            span class={"bar " (step_class(deduction.code_probability(s, *best)))} {}
                        }
                    }
                }
            }
            p.small { (tr!(lang, "{} ways the hidden codes can still lie.", "숨겨진 코드가 놓일 수 있는 경우: {}가지.", deduction.worlds())) }
        })
    }

    fn result(view: &View, _outcome: &Outcome, cx: &Ctx<'_>) -> Option<Markup> {
        let lang = cx.lang;
        Some(html! {
            p.small { (tr!(lang, "{} questions and guesses were made.", "질문과 지목 {}번.", view.log.len())) }
        })
    }
}
