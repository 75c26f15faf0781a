//! The home page's lists of this browser's own tables, read from its cookies (it has no account):
//! the matches waiting for its move, on top, and "your tables": the matches it plays that wait
//! for somebody else (saying so where a bot plays for this browser's seat), and the waiting
//! rooms it sits in or set up. A person who closed a page
//! finds every table of theirs here again: a turn-based table while others move, a private or
//! full waiting room (the lobby lists only public rooms with a free seat).

use axum::http::HeaderMap;
use maud::{Markup, html};
use safehouse_api::matches::MatchInfo;
use safehouse_api::tables::{TableInfo, TableStatus};

use crate::Web;
use crate::api::Peer;
use crate::cookies;
use crate::games::{Ctx, game_name};
use crate::i18n::{Lang, seat_number};
use crate::waiting::{self, Me};

/// Most seats of this browser looked at.
const MAX_SEATS_LISTED: usize = 30;

/// Most waiting rooms looked at.
const MAX_ROOMS_LISTED: usize = 10;

/// This browser's tables that are not over.
pub(crate) struct Yours {
    /// Matches whose move is this browser's seat's.
    to_move: Vec<(String, MatchInfo)>,
    /// Matches it plays whose move is another seat's: `(id, match, its seat)`.
    playing: Vec<(String, MatchInfo, u8)>,
    /// Waiting rooms where it holds a seat or that it set up.
    rooms: Vec<(TableInfo, Me)>,
}

/// Reads this browser's tables from the API: each seat cookie's match (up to
/// [`MAX_SEATS_LISTED`]), and the room of each seat whose table has not started and of each
/// table it created (up to [`MAX_ROOMS_LISTED`]).
pub(crate) async fn read(web: &Web, headers: &HeaderMap, peer: Peer) -> Yours {
    let mut yours = Yours { to_move: Vec::new(), playing: Vec::new(), rooms: Vec::new() };
    let mut in_rooms = Vec::new();
    // Matches that have started (over or not): no room to look for.
    let mut started = Vec::new();
    for (id, seat) in cookies::seats(headers).into_iter().take(MAX_SEATS_LISTED) {
        let reply = web.api.get(&format!("/api/matches/{id}"), None, peer).await;
        if reply.code() == "table_not_started" {
            in_rooms.push(id);
            continue;
        }
        let Some(info) = reply.read::<MatchInfo>() else { continue };
        started.push(id.clone());
        if info.finished {
            continue;
        }
        if info.to_move == Some(seat.seat) {
            yours.to_move.push((id, info));
        } else {
            yours.playing.push((id, info, seat.seat));
        }
    }
    // A table this browser created and sat at is known by now; one it only set up is looked up
    // as a room (and left out once it started).
    for id in cookies::created(headers) {
        if !in_rooms.contains(&id) && !started.contains(&id) {
            in_rooms.push(id);
        }
    }
    for id in in_rooms.into_iter().take(MAX_ROOMS_LISTED) {
        let Ok(table) = waiting::fetch(web, &id, peer).await else { continue };
        let me = Me::at(headers, &id, &table);
        // A seat the host took back (or gave to a bot) is not this browser's any more.
        if table.status == TableStatus::Waiting && (me.seat.is_some() || me.creator.is_some()) {
            yours.rooms.push((table, me));
        }
    }
    yours
}

impl Yours {
    /// "Tables waiting for your move" (nothing when none is).
    pub(crate) fn waiting_for_you(&self, lang: Lang) -> Markup {
        if self.to_move.is_empty() {
            return html! {};
        }
        html! {
            section.panel.waiting aria-labelledby="waiting-h" {
                h2 #waiting-h { (lang.text("tables-waiting-for-your-move")) }
                ul.match-list {
                    @for (id, info) in &self.to_move {
                        @let game = game_name(&info.game, lang);
                        @let moves = info.seq;
                        li data-match=(id) {
                            a href={"/play/" (id)} { (game) " · " (tr!(lang, "moves-count", moves = moves)) " · " (lang.text("your-move")) }
                            (due(info, lang))
                            (bot_plays_for_you(info, info.to_move, lang))
                        }
                    }
                }
            }
        }
    }

    /// "Your tables": the matches waiting for somebody else, then the waiting rooms (nothing
    /// when there is neither).
    pub(crate) fn tables(&self, lang: Lang) -> Markup {
        if self.playing.is_empty() && self.rooms.is_empty() {
            return html! {};
        }
        html! {
            section.panel.your-tables aria-labelledby="your-tables-h" {
                h2 #your-tables-h { (lang.text("your-tables")) }
                ul.match-list {
                    @for (id, info, seat) in &self.playing {
                        @let cx = Ctx { lang, me: Some(*seat), seats: &info.seats, to_move: info.to_move, legal: &[], live: false, hints: false };
                        @let moves = info.seq;
                        li data-match=(id) {
                            a href={"/play/" (id)} { (game_name(&info.game, lang)) }
                            " · " (tr!(lang, "moves-count", moves = moves))
                            @if let Some(mover) = info.to_move {
                                " · " (tr!(lang, "name-to-play", name = cx.name(mover)))
                            }
                            (due(info, lang))
                            (bot_plays_for_you(info, Some(*seat), lang))
                        }
                    }
                    @for (table, me) in &self.rooms {
                        @let id = table.id.as_str();
                        @let (players, free) = (table.players, table.free_seats);
                        li data-table=(id) {
                            a href={"/tables/" (id)} { (tr!(lang, "waiting-room-game", game = game_name(&table.game, lang))) }
                            " · " (tr!(lang, "waiting-players-and-free-seats", players = players, free = free))
                            @if let Some(seat) = &me.seat {
                                " · " (tr!(lang, "seat-number", number = seat_number(seat.seat))) " " (lang.text("you-3"))
                            } @else {
                                " · " (lang.text("you-set-it-up"))
                            }
                        }
                    }
                }
            }
        }
    }
}

/// " · due Tue, Dec 8, 01:38 PM" at a turn-based table (while a person is to move).
fn due(info: &MatchInfo, lang: Lang) -> Markup {
    html! {
        @if let Some(deadline) = &info.deadline { " " (lang.text("move-due")) " " (crate::clocks::due_time(deadline)) }
    }
}

/// " · a bot plays for you" when a bot plays `seat` for this browser's person (until they press
/// "I'm back" or move, as the table says too).
fn bot_plays_for_you(info: &MatchInfo, seat: Option<u8>, lang: Lang) -> Markup {
    let away = seat.and_then(|seat| info.seats.get(usize::from(seat))).is_some_and(|s| s.away);
    html! {
        @if away { " · " span.tag.wait { (lang.text("a-bot-plays-for-you")) } }
    }
}
