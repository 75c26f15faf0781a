//! Each game's table, drawn from the typed view of one seat (or a spectator).
//!
//! A game module implements [`GameUi`] for its engine's `View`, `Action` and `Event` types:
//! the table (everything on it, the viewer's own hand, and the controls when it is the
//! viewer's move), a line per seat, a log line per event, a label per action, an explanation
//! per broken rule, and for the deduction games the hint panel. The page code only ever hands
//! these functions the JSON the API gave the viewer, read back into the game's own types.
//!
//! Actions are buttons of the table's one form: `name="action"` with the action's JSON as the
//! value. A move made of several choices (a card, then a row) uses radio buttons for the first
//! choices and a template for the last: `{"type":"place","card":"$card","row":2}` is filled
//! with the checked `card` (see [`crate::forms::fill_action`]). Moves that break a rule stay
//! clickable on the viewer's turn, so that the table can say why they are refused.

pub(crate) mod club_unlock;
pub(crate) mod explosiv;
pub(crate) mod safe_breaker;
pub(crate) mod text;
pub(crate) mod the_safe;

use maud::{Markup, html};
use safehouse_engine::{Game, Outcome};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::api::SeatInfo;
use crate::i18n::{Lang, seat_number};
use crate::layout::icon;

/// The game's name for people.
pub(crate) fn game_name(game: &str, lang: Lang) -> String {
    match safehouse_games::find(game) {
        Ok(found) => text::name(found.game.info().id, found.game.info().name, lang).to_owned(),
        Err(_) => game.to_owned(),
    }
}

/// Everything a game's drawing needs besides its view.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ctx<'a> {
    /// The language.
    pub(crate) lang: Lang,
    /// The viewing seat, or `None` for a spectator.
    pub(crate) me: Option<u8>,
    /// Every seat (names, bots).
    pub(crate) seats: &'a [SeatInfo],
    /// The seat to move.
    pub(crate) to_move: Option<u8>,
    /// The viewer's legal actions (empty unless it is the viewer's move).
    pub(crate) legal: &'a [Value],
    /// Whether the viewer can act on this page (false for spectators and replays).
    pub(crate) live: bool,
    /// Whether the hint panel is on.
    pub(crate) hints: bool,
}

/// A game's typed action in its JSON form, as the server lists and accepts it (the page's buttons
/// are built from the game crate's `Action`, not from JSON written by hand; templates with a
/// `$choice` for the form to fill stay JSON).
pub(crate) fn action_json<A: Serialize>(action: &A) -> Value {
    serde_json::to_value(action).unwrap_or(Value::Null)
}

impl Ctx<'_> {
    /// Whether the viewer is to move and may act here.
    pub(crate) fn my_turn(&self) -> bool {
        self.live && self.me.is_some() && self.me == self.to_move && !self.legal.is_empty()
    }

    /// Whether `action` is one of the viewer's legal actions.
    pub(crate) fn is_legal(&self, action: &Value) -> bool {
        self.legal.iter().any(|a| a == action)
    }

    /// A seat's name: the name it was given, or "Player 2" / "Bot 3".
    pub(crate) fn name(&self, seat: u8) -> String {
        let n = seat_number(seat);
        let meta = self.seats.iter().find(|s| s.seat == seat);
        match meta {
            Some(SeatInfo { name: Some(name), .. }) if !name.trim().is_empty() => name.clone(),
            Some(meta) if meta.is_bot() => tr!(self.lang, "bot-n", n = n),
            _ => tr!(self.lang, "player-n", n = n),
        }
    }

    /// A seat's name with "(you)" for the viewer's own seat.
    pub(crate) fn who(&self, seat: u8) -> String {
        if self.me == Some(seat) { tr!(self.lang, "name-you", name = self.name(seat)) } else { self.name(seat) }
    }

    /// The subject of a sentence about a seat: "You" for the viewer.
    pub(crate) fn subject(&self, seat: u8) -> String {
        if self.me == Some(seat) { self.lang.text("you").to_owned() } else { self.name(seat) }
    }

    /// A button that makes a move (`action` is JSON, possibly a template).
    pub(crate) fn act(&self, action: &Value, class: &str, content: Markup) -> Markup {
        self.act_id("", action, class, content)
    }

    /// [`Ctx::act`] with an element id (for the marks of a chosen card's targets).
    pub(crate) fn act_id(&self, id: &str, action: &Value, class: &str, content: Markup) -> Markup {
        let legal = self.is_legal(action);
        let class = if legal { format!("{class} legal") } else { class.to_owned() };
        html! {
            button type="submit" name="action" value=(action.to_string()) class=(class) id=[(!id.is_empty()).then_some(id)] { (content) }
        }
    }
}

/// One game's drawing.
pub(crate) trait GameUi {
    /// The game's view.
    type View: DeserializeOwned;
    /// The game's action.
    type Action: DeserializeOwned;
    /// The game's event.
    type Event: DeserializeOwned;

    /// Everything on the table, the viewer's hand, and the viewer's controls.
    fn table(view: &Self::View, cx: &Ctx<'_>) -> Markup;

    /// What the seat to move is doing now (one sentence).
    fn doing(view: &Self::View, cx: &Ctx<'_>) -> String;

    /// A seat's holdings and score for the list of players.
    fn seat_line(view: &Self::View, seat: u8, cx: &Ctx<'_>) -> Markup;

    /// A line of the game log, or `None` for events not worth a line.
    fn event(event: &Self::Event, view: &Self::View, cx: &Ctx<'_>) -> Option<String>;

    /// An action in words.
    fn action(action: &Self::Action, view: &Self::View, cx: &Ctx<'_>) -> String;

    /// Why `action` broke `rule`, in the viewer's language (`None`: use the engine's words).
    fn explain(rule: &str, action: Option<&Self::Action>, view: &Self::View, cx: &Ctx<'_>) -> Option<String>;

    /// The hint panel (deduction games).
    fn hints(_view: &Self::View, _cx: &Ctx<'_>) -> Option<Markup> {
        None
    }

    /// Whether the game offers a hint panel.
    fn has_hints() -> bool {
        false
    }

    /// Extra lines for the end of the game (the outcome's table is drawn by the page).
    fn result(_view: &Self::View, _outcome: &Outcome, _cx: &Ctx<'_>) -> Option<Markup> {
        None
    }
}

/// The drawing of a game of the registry. Implemented here for every game of
/// `safehouse_games::for_each_game!`, which [`dispatch!`] follows: a game added to that list
/// does not compile here until it has a drawing, and the drawing reads the game's own types.
pub(crate) trait HasUi: Game {
    /// The game's drawing.
    type Ui: GameUi<View = Self::View, Action = Self::Action, Event = Self::Event>;
}

impl HasUi for safehouse_games::ClubUnlock {
    type Ui = club_unlock::Ui;
}

impl HasUi for safehouse_games::SafeBreaker {
    type Ui = safe_breaker::Ui;
}

impl HasUi for safehouse_games::Explosiv {
    type Ui = explosiv::Ui;
}

impl HasUi for safehouse_games::TheSafe {
    type Ui = the_safe::Ui;
}

/// The `if` chain of [`dispatch!`], one arm per game of the registry's list.
macro_rules! dispatch_over {
    ($game:expr, $G:ident => $body:expr, else $fallback:expr; $($T:ty),* $(,)?) => {{
        let id: &str = $game;
        $(
            if id == <$T as Game>::INFO.id {
                type $G = <$T as HasUi>::Ui;
                $body
            } else
        )* {
            $fallback
        }
    }};
}

/// Runs `$body` with `$G` bound to the [`GameUi`] of the game whose id is `$game` (an id, not
/// an alias), or `$fallback` for an id of no game.
macro_rules! dispatch {
    ($game:expr, $G:ident => $body:expr, else $fallback:expr) => {
        safehouse_games::for_each_game!(dispatch_over, $game, $G => $body, else $fallback)
    };
}

fn read<T: DeserializeOwned>(value: &Value) -> Option<T> {
    serde_json::from_value(value.clone()).ok()
}

/// The parts of a table page that depend on the game.
#[derive(Debug)]
pub(crate) struct Drawn {
    pub(crate) table: Markup,
    pub(crate) doing: String,
    pub(crate) seat_lines: Vec<Markup>,
    pub(crate) hints: Option<Markup>,
    pub(crate) result: Option<Markup>,
}

/// Draws a view of game `game`; `None` if the game is unknown here or the view does not read.
pub(crate) fn draw(game: &str, view: &Value, outcome: Option<&Outcome>, cx: &Ctx<'_>) -> Option<Drawn> {
    dispatch!(game, G => draw_as::<G>(view, outcome, cx), else None)
}

fn draw_as<G: GameUi>(view: &Value, outcome: Option<&Outcome>, cx: &Ctx<'_>) -> Option<Drawn> {
    let view: G::View = read(view)?;
    Some(Drawn {
        table: G::table(&view, cx),
        doing: G::doing(&view, cx),
        seat_lines: cx.seats.iter().map(|s| G::seat_line(&view, s.seat, cx)).collect(),
        hints: if cx.hints { G::hints(&view, cx) } else { None },
        result: outcome.and_then(|o| G::result(&view, o, cx)),
    })
}

/// Whether game `game` has a hint panel.
pub(crate) fn has_hints(game: &str) -> bool {
    dispatch!(game, G => G::has_hints(), else false)
}

/// The log lines of a list of events (as the viewer received them).
pub(crate) fn event_lines(game: &str, events: &[Value], view: &Value, cx: &Ctx<'_>) -> Vec<String> {
    dispatch!(game, G => event_lines_as::<G>(events, view, cx), else Vec::new())
}

fn event_lines_as<G: GameUi>(events: &[Value], view: &Value, cx: &Ctx<'_>) -> Vec<String> {
    let Some(view) = read::<G::View>(view) else { return Vec::new() };
    events.iter().filter_map(read::<G::Event>).filter_map(|e| G::event(&e, &view, cx)).collect()
}

/// An action in words.
pub(crate) fn action_text(game: &str, action: &Value, view: &Value, cx: &Ctx<'_>) -> Option<String> {
    dispatch!(game, G => action_text_as::<G>(action, view, cx), else None)
}

fn action_text_as<G: GameUi>(action: &Value, view: &Value, cx: &Ctx<'_>) -> Option<String> {
    Some(G::action(&read::<G::Action>(action)?, &read::<G::View>(view)?, cx))
}

/// Why an action broke a rule, in the viewer's language.
pub(crate) fn explain(game: &str, rule: &str, action: Option<&Value>, view: &Value, cx: &Ctx<'_>) -> Option<String> {
    dispatch!(game, G => explain_as::<G>(rule, action, view, cx), else None)
}

fn explain_as<G: GameUi>(rule: &str, action: Option<&Value>, view: &Value, cx: &Ctx<'_>) -> Option<String> {
    let view = read::<G::View>(view)?;
    let action = action.and_then(read::<G::Action>);
    G::explain(rule, action.as_ref(), &view, cx)
}

/// A seat badge: its name, "you", and a bot's level.
pub(crate) fn seat_badge(cx: &Ctx<'_>, seat: u8) -> Markup {
    let meta = cx.seats.iter().find(|s| s.seat == seat);
    let bot = meta.is_some_and(SeatInfo::is_bot);
    html! {
        span.who {
            @if bot { (icon("bot", cx.lang.text("bot"))) } @else { (icon("user", "")) }
            " " (cx.name(seat))
            @if cx.me == Some(seat) { " " span.tag.you { (cx.lang.text("you-2")) } }
            @if let Some(level) = meta.and_then(|m| m.difficulty) {
                " " span.tag { (crate::i18n::difficulty(cx.lang, level.name())) }
            }
        }
    }
}

/// Classes for a probability shown as a bar of ten steps (no inline styles: the page's
/// security policy forbids them).
pub(crate) fn step_class(p: f64) -> String {
    format!("p{}", (p.clamp(0.0, 1.0) * 10.0).round() as u8)
}

#[cfg(test)]
mod tests {
    use safehouse_engine::{DynSetup, Seat, Viewer};
    use serde_json::Value;

    use super::*;
    use crate::api::SeatInfo;

    /// The dispatch reaches every game of the registry by its id, and no other id.
    #[test]
    fn dispatch_reaches_every_game_of_the_registry() {
        for game in safehouse_games::all() {
            let id = game.info().id;
            assert!(dispatch!(id, G => { let _ = G::has_hints; true }, else false), "the web does not draw {id}");
        }
        assert!(!dispatch!("chess", G => { let _ = G::has_hints; true }, else false));
    }

    /// The text of each screen-reader-only span (`span.sr`) of `html`, tags removed: what a
    /// screen reader reads where sighted people see a picture.
    fn screen_reader_texts(html: &str) -> Vec<String> {
        let mut texts = Vec::new();
        let mut rest = html;
        while let Some(start) = rest.find("<span class=\"sr\">") {
            rest = &rest[start + "<span class=\"sr\">".len()..];
            let (mut depth, mut text, mut in_tag) = (1usize, String::new(), false);
            for (i, c) in rest.char_indices() {
                if c == '<' {
                    let tag = &rest[i..];
                    if tag.starts_with("</span") {
                        depth -= 1;
                    } else if tag.starts_with("<span") {
                        depth += 1;
                    }
                    if depth == 0 {
                        rest = &rest[i..];
                        break;
                    }
                    in_tag = true;
                } else if c == '>' && in_tag {
                    in_tag = false;
                } else if !in_tag {
                    text.push(c);
                }
            }
            texts.push(text);
        }
        texts
    }

    /// Whether `text` reads badly aloud: two sentences or phrases run together (a full stop,
    /// question or exclamation mark or a colon directly followed by a letter: "No cards
    /// yet.Place"), or a colon that introduces nothing ("Cards: . Play").
    fn reads_badly(text: &str) -> bool {
        let chars: Vec<char> = text.chars().collect();
        chars.windows(2).any(|w| matches!(w[0], '.' | '!' | '?' | ':') && w[1].is_alphabetic())
            || chars.iter().enumerate().any(|(i, c)| {
                *c == ':'
                    && chars[i + 1..]
                        .iter()
                        .find(|c| !c.is_whitespace())
                        .is_none_or(|c| matches!(c, '.' | ',' | ';' | ':'))
            })
    }

    #[test]
    fn reads_badly_finds_a_missing_space_and_an_empty_list() {
        assert!(reads_badly("Row A: briefcase +2. No cards yet.Place the chosen card here."));
        assert!(reads_badly("다.다"));
        assert!(reads_badly("Cards: . Play the chosen card here."));
        assert!(reads_badly("Cards: "));
        assert!(!reads_badly("Row A: briefcase +2. Cards: red 5, blue 1.5."));
        let html =
            r#"<b>x.y</b><span class="sr">Row A. <span class="x">b</span>Done.</span><span class="sr">a.b</span>"#;
        assert_eq!(screen_reader_texts(html), vec!["Row A. bDone.".to_owned(), "a.b".to_owned()]);
    }

    /// Every game's views, from every seat and a spectator, along whole games: each reads back
    /// into the game's own type and draws (no fallback to text), in both languages, and every
    /// event gets its line.
    #[test]
    fn every_view_of_every_game_draws() {
        for game in safehouse_games::all() {
            let info = game.info();
            let players = info.default_players;
            let setup = DynSetup { players: Some(players), seed: 7, ..DynSetup::default() };
            let mut m = game.new_match(&setup).expect("a match");
            let seats: Vec<SeatInfo> = (0..players)
                .map(|s| SeatInfo {
                    seat: s as u8,
                    kind: if s == 0 { safehouse_api::SeatKind::Person } else { safehouse_api::SeatKind::Bot },
                    ..SeatInfo::default()
                })
                .collect();
            let mut step = 0usize;
            let mut lines = 0usize;
            loop {
                let to_move = m.to_move();
                let legal: Vec<Value> = m.legal_actions();
                if step.is_multiple_of(7) || to_move.is_none() {
                    for lang in Lang::ALL {
                        for viewer in (0..players).map(|s| Viewer::Seat(Seat(s as u8))).chain([Viewer::Spectator]) {
                            let me = viewer.seat().map(|s| s.0);
                            let mine =
                                if me.is_some() && me == to_move.map(|s| s.0) { legal.clone() } else { Vec::new() };
                            let cx = Ctx {
                                lang,
                                me,
                                seats: &seats,
                                to_move: to_move.map(|s| s.0),
                                legal: &mine,
                                live: true,
                                hints: true,
                            };
                            let view = m.view(viewer);
                            let drawn = draw(info.id, &view, m.outcome().as_ref(), &cx)
                                .unwrap_or_else(|| panic!("{} view of {viewer:?} does not draw: {view}", info.id));
                            let html = drawn.table.into_string();
                            assert!(!html.is_empty() && !html.contains("pre class=\"fallback\""));
                            for said in screen_reader_texts(&html) {
                                assert!(!reads_badly(&said), "{} {lang:?}: a screen reader reads {said:?}", info.id);
                            }
                            for action in &mine {
                                assert!(
                                    action_text(info.id, action, &view, &cx).is_some(),
                                    "{} action {action}",
                                    info.id
                                );
                            }
                        }
                    }
                }
                let Some(seat) = to_move else { break };
                let action = legal[(step * 31 + 7) % legal.len()].clone();
                m.act(seat, &action).expect("a legal action applies");
                for viewer in [Viewer::Seat(Seat(0)), Viewer::Spectator] {
                    let cx = Ctx {
                        lang: Lang::Ko,
                        me: viewer.seat().map(|s| s.0),
                        seats: &seats,
                        to_move: None,
                        legal: &[],
                        live: false,
                        hints: false,
                    };
                    let events = m.last_events_for(viewer);
                    lines += event_lines(info.id, &events, &m.view(viewer), &cx).len();
                }
                step += 1;
                assert!(step < 20_000, "{} never ends", info.id);
            }
            assert!(lines > 0, "{} has no log lines", info.id);
        }
    }
}
