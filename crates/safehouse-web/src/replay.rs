//! Stepping through a finished match.
//!
//! The API gives a finished match's record (setup, seed and every action) to anyone: once a
//! match is over nothing in it is secret. The page replays the record up to the chosen step
//! and draws the table from the view of the chosen viewer at that step (a spectator by default,
//! or any seat), with the moves so far as a log.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use maud::html;
use safehouse_api::matches::RecordResponse;
use safehouse_engine::{Seat, Viewer};
use serde::Deserialize;

use crate::Web;
use crate::api::{Peer, Snapshot};
use crate::cookies::{self, Extra};
use crate::extract::{PagePath, PageQuery};
use crate::games::game_name;
use crate::games::{self, Ctx};
use crate::i18n::Lang;
use crate::layout::{self, Shell};
use crate::table::{Table, live};

/// Query of the replay page.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct ReplayQuery {
    /// Actions applied (default: all).
    step: Option<usize>,
    /// `spectator` (default) or a seat number.
    #[serde(rename = "as")]
    viewer: Option<String>,
    lang: Option<String>,
    /// `1` while the replay plays itself, a step at a time.
    play: Option<u8>,
}

/// How long each step of an auto-playing replay stays on screen, in milliseconds (the page's
/// script follows `data-autoplay` after it).
const AUTOPLAY_MS: u32 = 1500;

/// The link that auto-play follows from `step`, if there is a step after it.
fn autoplay_next(step: usize, total: usize, playing: bool, link: impl Fn(usize) -> String) -> Option<String> {
    (playing && step < total).then(|| format!("{}&play=1", link(step + 1)))
}

/// One move of the log: who, what, and what happened.
struct Move {
    seat: u8,
    text: String,
    lines: Vec<String>,
}

/// `GET /replay/{id}?step=&as=`.
pub(crate) async fn page(
    State(web): State<Web>,
    PagePath(id): PagePath<String>,
    PageQuery(query): PageQuery<ReplayQuery>,
    headers: HeaderMap,
    peer: Peer,
) -> Response {
    let lang = Lang::of_request(&headers, query.lang.as_deref());
    let unavailable = |message: &str| layout::error_page(lang, StatusCode::NOT_FOUND, lang.text("no-replay"), message);
    if !cookies::valid_id(&id) {
        return unavailable("");
    }
    let reply = web.api.get(&format!("/api/matches/{id}/record"), None, peer).await;
    if reply.code() == "match_not_finished" {
        return unavailable(lang.text("this-match-is-still-being"));
    }
    let Some(RecordResponse { record, seats, .. }) = reply.read::<RecordResponse>() else {
        return unavailable(lang.text("this-match-has-no-record"));
    };
    let Ok(found) = safehouse_games::find(&record.game) else { return unavailable("") };
    let total = record.actions.len();
    let step = query.step.unwrap_or(total).min(total);
    let viewer = match query.viewer.as_deref().and_then(|v| v.parse::<u8>().ok()) {
        Some(seat) if usize::from(seat) < record.players => Viewer::Seat(Seat(seat)),
        _ => Viewer::Spectator,
    };
    // Replay from the start, keeping each move's events as this viewer saw them.
    let mut start = record.clone();
    start.actions.clear();
    let Ok(mut game_match) = found.game.replay(&start) else {
        return unavailable(lang.text("this-record-does-not-replay"));
    };
    let cx_for_log = Ctx {
        lang,
        me: viewer.seat().map(|s| s.0),
        seats: &seats,
        to_move: None,
        legal: &[],
        live: false,
        hints: false,
    };
    let mut moves = Vec::with_capacity(step);
    for recorded in &record.actions[..step] {
        let before = game_match.view(viewer);
        let text = games::action_text(&record.game, &recorded.action, &before, &cx_for_log)
            .unwrap_or_else(|| recorded.action.to_string());
        if game_match.act(recorded.seat, &recorded.action).is_err() {
            return unavailable(lang.text("this-record-does-not-replay"));
        }
        let view = game_match.view(viewer);
        let events = game_match.last_events_for(viewer);
        let lines = games::event_lines(&record.game, &events, &view, &cx_for_log);
        moves.push(Move { seat: recorded.seat.0, text, lines });
    }
    let snap = Snapshot {
        kind: None,
        match_id: id.clone(),
        game: record.game.clone(),
        seq: step as u64,
        viewer,
        view: game_match.view(viewer),
        text: Some(game_match.view_text(viewer)),
        to_move: game_match.to_move().map(|s| s.0),
        legal: None,
        seats: seats.clone(),
        finished: game_match.to_move().is_none(),
        outcome: game_match.outcome(),
        // A replay shows no clocks: nobody is thinking.
        clock: None,
        deadline: None,
    };
    let extra = Extra::default();
    // The match is over: its whole chat is anybody's to read.
    let chat = crate::chat::history(&web, &id, None, peer).await;
    let links = crate::chat::links(&web, &id, peer).await;
    let table = Table { snap: &snap, lang, extra: &extra, live: false, replay: true, origin: String::new() };
    let (live_markup, _) = live(&table);
    let as_param = match viewer {
        Viewer::Seat(seat) => seat.0.to_string(),
        Viewer::Spectator => "spectator".to_owned(),
    };
    let link = |to: usize| format!("/replay/{id}?step={to}&as={as_param}");
    let cx = Ctx { lang, me: None, seats: &seats, to_move: None, legal: &[], live: false, hints: false };
    let game = game_name(&record.game, lang);
    let playing = query.play == Some(1);
    let autoplay = autoplay_next(step, total, playing, link);
    let main = html! {
        div.play.replay #play data-replay="1" data-autoplay=[autoplay.as_deref()] data-autoplay-ms=(AUTOPLAY_MS) {
            div.replay-bar.panel {
                h1 { (tr!(lang, "replay-game", game = &game)) }
                nav.steps aria-label=(lang.text("steps")) {
                    a.button href=(link(0)) aria-disabled=(step == 0) { "« " (lang.text("start")) }
                    a.button #prev-step rel="prev" href=(link(step.saturating_sub(1))) aria-disabled=(step == 0) { "◀ " (lang.text("back")) }
                    span.step-count aria-live="polite" { (tr!(lang, "move-step-of-total", step = step, total = total)) }
                    a.button #next-step rel="next" href=(link((step + 1).min(total))) aria-disabled=(step == total) { (lang.text("next")) " ▶" }
                    a.button href=(link(total)) aria-disabled=(step == total) { (lang.text("end")) " »" }
                    @if autoplay.is_some() {
                        a.button #pause-replay href=(link(step)) { "❚❚ " (lang.text("replay-pause")) }
                    } @else if step < total {
                        a.button #play-replay href={(link(step + 1)) "&play=1"} { "▶ " (lang.text("replay-play")) }
                    }
                }
                form.replay-form method="get" action={"/replay/" (id)} {
                    label for="step-range" { (lang.text("move")) }
                    input #step-range type="range" name="step" min="0" max=(total) value=(step);
                    label for="view-as" { (lang.text("seen-by")) }
                    select #view-as name="as" {
                        option value="spectator" selected[viewer == Viewer::Spectator] { (lang.text("a-spectator")) }
                        @for seat in 0..record.players {
                            option value=(seat) selected[viewer == Viewer::Seat(Seat(seat as u8))] { (cx.name(seat as u8)) }
                        }
                    }
                    button type="submit" { (lang.text("show")) }
                }
                p.small { (lang.text("keys-and-step-back-and")) }
            }
            @if links.rematch.is_some() || links.rematch_of.is_some() {
                (crate::chat::rematch_panel(&id, &links, true, false, lang))
            }
            div #live .live { (live_markup) }
            section #log .panel.log aria-labelledby="log-h" {
                h2 #log-h { (lang.text("moves")) }
                ol.replay-log {
                    @for (i, m) in moves.iter().enumerate() {
                        @let current = i + 1 == step;
                        li class=(if current { "current" } else { "" }) id=[current.then_some("current-move")]
                            aria-current=[current.then_some("step")] value=(i + 1) {
                            a href=(link(i + 1)) { strong { (cx.name(m.seat)) } ": " (m.text) }
                            @if !m.lines.is_empty() {
                                ul { @for line in &m.lines { li { (line) } } }
                            }
                        }
                    }
                }
            }
            (crate::chat::replay_panel(chat.as_ref(), step as u64, &seats, lang))
        }
    };
    let path = format!("/replay/{id}?step={step}&as={as_param}");
    let shell = Shell { lang, title: tr!(lang, "replay-game", game = &game), path: &path, body_class: &record.game };
    layout::respond(StatusCode::OK, layout::page(&shell, main))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_play_steps_on_until_the_end() {
        let link = |to: usize| format!("/replay/m?step={to}&as=spectator");
        assert_eq!(autoplay_next(3, 10, true, link).as_deref(), Some("/replay/m?step=4&as=spectator&play=1"));
        assert_eq!(autoplay_next(10, 10, true, link), None, "the last step stops");
        assert_eq!(autoplay_next(3, 10, false, link), None, "only while playing");
    }
}
