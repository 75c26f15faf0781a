//! The first games: an interactive tutorial for each game, as Board Game Arena has.
//!
//! A tutorial is data and pure functions: a [`Script`] holds the game's options, an explicit
//! deal and the list of moves — the learner's, each with the guide's words, and the scripted
//! moves of the other seats. The pages keep no state: the address carries the step, and each
//! request replays the deal and the script's moves up to it (a few dozen actions), then draws
//! the learner's view with the table's own drawing and controls ([`crate::games`]).
//!
//! A posted move that is the expected one goes on to the next step (the other seats' scripted
//! moves follow and show in the log); an illegal one is explained in the words the table uses
//! for a refused move; a legal but different one is answered "that works too, but for this
//! lesson...". After the last step a finish screen says what was learnt and links to a real
//! table. The scripts never reach the match server: no table is created, nothing is stored.

mod club_unlock;
mod explosiv;
mod safe_breaker;
mod the_safe;

use std::fmt;

use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use maud::html;
use safehouse_engine::{ActionError, DynMatch, DynSetup, Outcome, Seat, Viewer};
use serde::Deserialize;
use serde_json::Value;

use safehouse_api::SeatKind;

use crate::api::SeatInfo;
use crate::extract::{PageForm, PagePath, PageQuery};
use crate::forms::{FillError, fill_action};
use crate::games::{self, Ctx, seat_badge};
use crate::i18n::Lang;
use crate::layout::{self, Shell, icon};
use crate::table::{illegal_move_words, missing_choice};

/// Words in every language: a function, so that each message id stands in the code as a
/// literal (`lang.text("...")`) where the i18n tests find it.
pub(crate) type Words = fn(Lang) -> &'static str;

/// One move of a script.
#[derive(Clone, Debug)]
pub(crate) enum Move {
    /// The learner's move, with what the guide says before it.
    Learn {
        /// The action expected, in the game's JSON.
        action: Value,
        /// The guide's words for this step.
        guide: Words,
    },
    /// Another seat's scripted move.
    Other {
        /// The seat.
        seat: u8,
        /// Its action.
        action: Value,
    },
}

/// The learner's move `action`, with the guide's words.
pub(crate) fn learn(action: Value, guide: Words) -> Move {
    Move::Learn { action, guide }
}

/// Seat `seat`'s scripted move.
pub(crate) fn other(seat: u8, action: Value) -> Move {
    Move::Other { seat, action }
}

/// A game's tutorial.
#[derive(Clone, Debug)]
pub(crate) struct Script {
    /// The tutorial's id in addresses (`/tutorial/{id}`).
    pub(crate) id: &'static str,
    /// The game's registry id.
    pub(crate) game: &'static str,
    /// The tutorial's name (the game's, or its edition's).
    pub(crate) title: Words,
    /// A preset, if any.
    pub(crate) preset: Option<&'static str>,
    /// Number of seats.
    pub(crate) players: usize,
    /// Option changes (a JSON object, or null).
    pub(crate) options: Value,
    /// The explicit deal, in the game's deal format.
    pub(crate) deal: Value,
    /// The learner's seat.
    pub(crate) learner: u8,
    /// What the guide says first.
    pub(crate) intro: Words,
    /// Every move, in order.
    pub(crate) moves: Vec<Move>,
    /// What the finish screen says.
    pub(crate) finish: Words,
}

/// Every tutorial, in the order of the home page's games.
pub(crate) fn scripts() -> Vec<Script> {
    vec![
        club_unlock::club_unlock(),
        club_unlock::cash(),
        safe_breaker::script(),
        explosiv::script(),
        the_safe::script(),
    ]
}

/// The tutorial `id`.
pub(crate) fn script(id: &str) -> Option<Script> {
    scripts().into_iter().find(|s| s.id == id)
}

/// The tutorial of game `game` for a reader of `lang`: Club Unlock's is CASH's in Korean (the
/// Korean edition).
pub(crate) fn for_game(game: &str, lang: Lang) -> Option<&'static str> {
    let id = match (game, lang) {
        ("club-unlock", Lang::Ko) => "cash",
        _ => game,
    };
    scripts().into_iter().find(|s| s.id == id).map(|s| s.id)
}

/// A script that does not play: a bug in the script, caught by its test.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ScriptError {
    /// The game is not in the registry.
    UnknownGame(String),
    /// The setup (options or deal) was refused.
    Setup(String),
    /// Move `index` was refused.
    Move { index: usize, error: String },
    /// Move `index` is the learner's but another seat is to move (or the game is over).
    NotLearnersTurn { index: usize },
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScriptError::UnknownGame(game) => write!(f, "no game {game}"),
            ScriptError::Setup(error) => write!(f, "the setup is refused: {error}"),
            ScriptError::Move { index, error } => write!(f, "move {index} is refused: {error}"),
            ScriptError::NotLearnersTurn { index } => {
                write!(f, "move {index} is the learner's, but it is not their turn")
            }
        }
    }
}

impl std::error::Error for ScriptError {}

impl Script {
    /// How many moves the learner makes.
    pub(crate) fn steps(&self) -> usize {
        self.moves.iter().filter(|m| matches!(m, Move::Learn { .. })).count()
    }

    /// The seats as the page shows them: the learner, and bots in the other seats.
    pub(crate) fn seats(&self) -> Vec<SeatInfo> {
        (0..self.players as u8)
            .map(|seat| SeatInfo {
                seat,
                kind: if seat == self.learner { SeatKind::Person } else { SeatKind::Bot },
                joined: true,
                ..SeatInfo::default()
            })
            .collect()
    }

    /// The match as dealt, before any move.
    pub(crate) fn start(&self) -> Result<Box<dyn DynMatch>, ScriptError> {
        let found = safehouse_games::find(self.game).map_err(|_| ScriptError::UnknownGame(self.game.to_owned()))?;
        let setup = DynSetup {
            players: Some(self.players),
            preset: self.preset.map(str::to_owned),
            options: (!self.options.is_null()).then(|| self.options.clone()),
            seed: 1,
            deal: Some(self.deal.clone()),
        };
        found.game.new_match(&setup).map_err(|e| ScriptError::Setup(e.to_string()))
    }

    /// The table at step `step` (0-based; `steps()` is the finish): the deal with every move
    /// before the learner's `step`-th applied, or every move at the finish. Steps past the end
    /// are the finish.
    pub(crate) fn position(&self, step: usize, lang: Lang) -> Result<Position, ScriptError> {
        let mut m = self.start()?;
        let seats = self.seats();
        let me = Viewer::Seat(Seat(self.learner));
        let mut log = Vec::new();
        let mut learnt = 0;
        for (index, mv) in self.moves.iter().enumerate() {
            let (seat, action) = match mv {
                Move::Learn { action, guide } => {
                    if m.to_move() != Some(Seat(self.learner)) {
                        return Err(ScriptError::NotLearnersTurn { index });
                    }
                    if learnt == step {
                        return Ok(Position { m, log, expected: Some((action.clone(), *guide)) });
                    }
                    learnt += 1;
                    (self.learner, action)
                }
                Move::Other { seat, action } => (*seat, action),
            };
            m.act(Seat(seat), action).map_err(|e| ScriptError::Move { index, error: e.to_string() })?;
            let cx = Ctx {
                lang,
                me: Some(self.learner),
                seats: &seats,
                to_move: None,
                legal: &[],
                live: false,
                hints: false,
            };
            let events = m.last_events_for(me);
            log.extend(games::event_lines(self.game, &events, &m.view(me), &cx));
        }
        Ok(Position { m, log, expected: None })
    }
}

/// A script replayed to one step.
#[derive(Debug)]
pub(crate) struct Position {
    /// The match.
    pub(crate) m: Box<dyn DynMatch>,
    /// The game log so far, as the learner sees it.
    pub(crate) log: Vec<String>,
    /// The learner's expected move and the guide's words; `None` at the finish.
    pub(crate) expected: Option<(Value, Words)>,
}

/// What the learner's try was.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Verdict {
    /// The expected move: on to the next step.
    Expected,
    /// Another legal move: "that works too, but for this lesson...".
    AlsoLegal(String),
    /// A refused move, explained as the table explains it.
    Refused(String),
}

/// Judges the learner's `action` at `pos` (not at the finish).
pub(crate) fn judge(script: &Script, pos: &Position, action: &Value, lang: Lang) -> Verdict {
    let Some((expected, _)) = &pos.expected else {
        return Verdict::Refused(lang.text("the-game-is-over").to_owned());
    };
    if action == expected {
        return Verdict::Expected;
    }
    let seats = script.seats();
    let me = Viewer::Seat(Seat(script.learner));
    let view = pos.m.view(me);
    let legal = pos.m.legal_actions();
    let cx = Ctx {
        lang,
        me: Some(script.learner),
        seats: &seats,
        to_move: pos.m.to_move().map(|s| s.0),
        legal: &legal,
        live: true,
        hints: false,
    };
    let mut trial = pos.m.clone();
    match trial.act(Seat(script.learner), action) {
        Ok(()) => {
            let try_this =
                games::action_text(script.game, expected, &view, &cx).unwrap_or_else(|| expected.to_string());
            Verdict::AlsoLegal(tr!(lang, "tutorial-also-legal", action = try_this))
        }
        // The table's words for a refused move (as `table::explain_refusal` says them).
        Err(ActionError::Illegal { rule, message }) => {
            Verdict::Refused(illegal_move_words(Some((script.game, &view)), &rule, &message, Some(action), &cx))
        }
        Err(ActionError::Malformed(_)) => Verdict::Refused(lang.text("that-move-is-not-understood").to_owned()),
        Err(ActionError::NotYourTurn { .. }) => Verdict::Refused(lang.text("it-is-not-your-turn").to_owned()),
        Err(ActionError::GameOver) => Verdict::Refused(lang.text("the-game-is-over").to_owned()),
    }
}

/// Query of a tutorial page.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct StepQuery {
    /// The step, from 0.
    step: Option<usize>,
    lang: Option<String>,
}

/// `GET /tutorial`: every game's tutorial.
pub(crate) async fn index(PageQuery(query): PageQuery<StepQuery>, headers: HeaderMap) -> Response {
    let lang = Lang::of_request(&headers, query.lang.as_deref());
    let title = lang.text("tutorial-first-games");
    let main = html! {
        section.panel.narrow.tutorials {
            h1 { (title) }
            p { (lang.text("tutorial-index-intro")) }
            ul.tutorial-list {
                @for script in scripts() {
                    li { a.button href={"/tutorial/" (script.id) "?lang=" (lang.code())} { ((script.title)(lang)) } }
                }
            }
        }
    };
    let shell = Shell { lang, title: title.to_owned(), path: "/tutorial", body_class: "tutorial-index" };
    layout::respond(StatusCode::OK, layout::page(&shell, main))
}

/// `GET /tutorial/{id}?step=k`.
pub(crate) async fn page(
    PagePath(id): PagePath<String>,
    PageQuery(query): PageQuery<StepQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = Lang::of_request(&headers, query.lang.as_deref());
    let Some(script) = script(&id) else { return not_found(lang) };
    draw(&script, query.step.unwrap_or(0), lang, None)
}

/// `POST /tutorial/{id}`: the learner's move (`step`, `action` and the choices, as the table's
/// form sends them).
pub(crate) async fn act(
    PagePath(id): PagePath<String>,
    headers: HeaderMap,
    PageForm(fields): PageForm<Vec<(String, String)>>,
) -> Response {
    let field = |name: &str| fields.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
    let lang = Lang::of_request(&headers, field("lang"));
    let Some(script) = script(&id) else { return not_found(lang) };
    let step = field("step").and_then(|s| s.parse::<usize>().ok()).unwrap_or(0);
    let Some(template) = field("action") else {
        return draw(&script, step, lang, Some(lang.text("choose-a-move").to_owned()));
    };
    let action = match fill_action(template, &fields) {
        Ok(action) => action,
        // The table's words for a choice left out.
        Err(FillError::Missing(name)) => return draw(&script, step, lang, Some(missing_choice(lang, &name))),
        Err(FillError::Malformed) => {
            return draw(&script, step, lang, Some(lang.text("that-move-is-not-understood").to_owned()));
        }
    };
    let pos = match script.position(step, lang) {
        Ok(pos) => pos,
        Err(error) => return broken(lang, &error),
    };
    match judge(&script, &pos, &action, lang) {
        Verdict::Expected => {
            let next = format!("/tutorial/{}?step={}&lang={}", script.id, step + 1, lang.code());
            (StatusCode::SEE_OTHER, [(header::LOCATION, next)]).into_response()
        }
        Verdict::AlsoLegal(text) | Verdict::Refused(text) => draw(&script, step, lang, Some(text)),
    }
}

fn not_found(lang: Lang) -> Response {
    layout::error_page(lang, StatusCode::NOT_FOUND, lang.text("no-such-game"), lang.text("pick-one-of-the-games"))
}

fn broken(lang: Lang, error: &ScriptError) -> Response {
    layout::error_page(lang, StatusCode::INTERNAL_SERVER_ERROR, lang.text("tutorial-first-games"), &error.to_string())
}

/// The tutorial page at `step`, with a notice about the last try.
fn draw(script: &Script, step: usize, lang: Lang, notice: Option<String>) -> Response {
    let steps = script.steps();
    let step = step.min(steps);
    let pos = match script.position(step, lang) {
        Ok(pos) => pos,
        Err(error) => return broken(lang, &error),
    };
    let seats = script.seats();
    let me = Viewer::Seat(Seat(script.learner));
    let view = pos.m.view(me);
    let to_move = pos.m.to_move().map(|s| s.0);
    let finished = pos.expected.is_none();
    let legal = if !finished && to_move == Some(script.learner) { pos.m.legal_actions() } else { Vec::new() };
    let cx =
        Ctx { lang, me: Some(script.learner), seats: &seats, to_move, legal: &legal, live: !finished, hints: false };
    let outcome = pos.m.outcome();
    let drawn = games::draw(script.game, &view, outcome.as_ref(), &cx);
    let title = tr!(lang, "tutorial-title", game = (script.title)(lang));
    let path = format!("/tutorial/{}?step={step}", script.id);
    let main = html! {
        // `data-expected`: the move the guide asks for, in the game's JSON (the guide says it in words).
        div.play.tutorial #tutorial data-tutorial=(script.id) data-step=(step) data-steps=(steps) data-finished=(if finished { "1" } else { "0" }) data-lang=(lang.code())
            data-expected=[pos.expected.as_ref().map(|(action, _)| action.to_string())] {
            section #status .status aria-live="polite" {
                h1.sr { (title) }
                @match &pos.expected {
                    Some((_, guide)) => {
                        p.turn.mine { (tr!(lang, "tutorial-step-of", step = step + 1, steps = steps)) }
                        div.guide #guide {
                            @if step == 0 { p.intro { ((script.intro)(lang)) } }
                            p.say { (guide(lang)) }
                        }
                    }
                    None => {
                        p.turn.over { (icon("star", "")) " " (lang.text("tutorial-well-done")) }
                        div.guide #guide .finish {
                            @if let Some(outcome) = &outcome { p.outcome { (outcome_line(lang, &cx, outcome)) } }
                            p.say { ((script.finish)(lang)) }
                            p.next {
                                a.button.primary #real-game href={"/new/" (script.game) "?lang=" (lang.code())} { (lang.text("tutorial-set-up-a-real-game")) }
                                " "
                                a.button href={"/tutorial?lang=" (lang.code())} { (lang.text("tutorial-another")) }
                            }
                        }
                    }
                }
            }
            div #notice .notice role="alert" {
                @if let Some(notice) = &notice { p { (notice) } }
            }
            div.board {
                form #act-form method="post" action={"/tutorial/" (script.id)} {
                    input type="hidden" name="step" value=(step);
                    input type="hidden" name="lang" value=(lang.code());
                    @match &drawn {
                        Some(drawn) => { (drawn.table) }
                        None => { pre.fallback { (pos.m.view_text(me)) } }
                    }
                    @if cx.my_turn() {
                        details #all-moves .moves {
                            summary { (tr!(lang, "all-your-legal-moves-legal", legal_count = legal.len())) }
                            ul {
                                @for action in &legal {
                                    li { (cx.act(action, "move", html! {
                                        (games::action_text(script.game, action, &view, &cx).unwrap_or_else(|| action.to_string()))
                                    })) }
                                }
                            }
                        }
                    }
                }
            }
            aside.side {
                section.panel.players aria-labelledby="players-h" {
                    h2 #players-h { (lang.text("players")) }
                    ul.seat-list {
                        @for (i, seat) in seats.iter().enumerate() {
                            @let turn = !finished && to_move == Some(seat.seat);
                            li class={"seat" @if turn { " to-move" } @if seat.seat == script.learner { " me" }} {
                                div.seat-head {
                                    (seat_badge(&cx, seat.seat))
                                    @if turn { span.tag.turn-tag { (lang.text("to-play")) } }
                                }
                                @if let Some(line) = drawn.as_ref().and_then(|d| d.seat_lines.get(i)) {
                                    div.seat-line { (line) }
                                }
                            }
                        }
                    }
                }
                @if let Some(result) = drawn.as_ref().and_then(|d| d.result.clone()) {
                    section.panel.result { (result) }
                }
                section.panel {
                    p.small {
                        a href={"/tutorial/" (script.id) "?lang=" (lang.code())} { (lang.text("tutorial-start-again")) }
                        " · "
                        a href={"/rules/" (script.game) "?lang=" (lang.code())} { (lang.text("the-rulebook-on-a-page")) }
                    }
                }
            }
            section #log .panel.log aria-labelledby="log-h" {
                h2 #log-h { (lang.text("game-log")) }
                ol #log-list aria-live="polite" { @for line in &pos.log { li { (line) } } }
            }
        }
    };
    let shell = Shell { lang, title, path: &path, body_class: script.game };
    layout::respond(StatusCode::OK, layout::page(&shell, main))
}

/// The result in one line: the team's, or the winners'.
fn outcome_line(lang: Lang, cx: &Ctx<'_>, outcome: &Outcome) -> String {
    if outcome.cooperative {
        return lang.text(if outcome.winners.is_empty() { "the-team-lost" } else { "the-team-won" }).to_owned();
    }
    let winners: Vec<String> = outcome.winners.iter().map(|s| cx.who(s.0)).collect();
    match winners.as_slice() {
        [one] => tr!(lang, "winners-won", winners = one),
        _ => tr!(lang, "shared-win", winners = crate::i18n::join_list(lang, &winners)),
    }
}

#[cfg(test)]
mod tests;
