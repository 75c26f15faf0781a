//! People at one table, each in a browser profile of their own (one chromedriver session and one
//! user-data directory each, so no cookie or storage is shared): a host sets up a public table
//! with a waiting room through the setup form, a second person finds it on the home page and
//! takes a seat by clicking, the host starts it, and both play the whole game to the end, for
//! each of the four games; a third person finds the running table on the home page, watches from
//! the middle and sees the whole log; a reload and a new tab show the log grown live. Then chat
//! (escaped, live both ways; off at The Safe's table) and "play again" (the rematch waits in a
//! room for the other person's kept seat; both people end up at the linked new match).

use super::*;

/// Most time one whole game of people may take.
const GAME_TIME: Duration = Duration::from_secs(300);

/// Types `text` into the field `css` (emptied first).
async fn type_into(b: &Browser, css: &str, text: &str) {
    let field = b.client.find(Locator::Css(css)).await.unwrap_or_else(|_| panic!("{}: no field {css}", b.name));
    field.clear().await.expect("clear");
    field.send_keys(text).await.expect("typing");
}

/// Waits until the text of `css` contains `needle`.
async fn wait_text(b: &Browser, css: &str, needle: &str) {
    let started = Instant::now();
    loop {
        let text = b.text(css).await;
        if text.contains(needle) {
            return;
        }
        assert!(started.elapsed() < WAIT, "{}: {css} never showed {needle:?} (it shows {text:?})", b.name);
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// The host (`a`, named `name`) sets up a public table of `players` seats with a waiting room
/// through the setup form: seat 1 is theirs, every other seat is left free for people. Returns
/// the table's id once the waiting room follows its WebSocket.
async fn host_public_table(a: &Browser, name: &str, game: &str, players: usize, options: &[(&str, &str)]) -> String {
    let mut seats = vec!["me"];
    seats.extend(std::iter::repeat_n("friend", players - 1));
    fill_setup(a, game, &seats, options, false).await;
    type_into(a, "#my-name", name).await;
    assert!(a.click("label[for=waiting-room]").await, "the setup form offers a waiting room");
    assert!(a.click("label[for=visibility-public]").await, "the setup form offers a public table");
    assert!(a.click("form.setup-form button[type=submit]").await, "set up");
    a.wait_for("#waiting[data-live='1']").await;
    let id = a.js("return document.getElementById('waiting').dataset.id;", vec![]).await;
    let id = id.as_str().expect("the table's id").to_owned();
    assert!(a.text(".waiting-room .lead").await.contains("public table"), "the room says it is public");
    assert!(a.text("#waiting-seats li[data-seat='0']").await.contains(name), "the host sits at seat 1");
    id
}

/// The waiting room's link to send friends, as its Copy button copies it (empty when the page
/// offers none).
async fn room_link(b: &Browser) -> String {
    b.wait_for("#waiting[data-live='1']").await;
    let link = b.js("const e = document.getElementById('room-link'); return e ? e.value : '';", vec![]).await;
    link.as_str().unwrap_or_default().to_owned()
}

/// `b` (named `name`) finds table `id` among the home page's open tables, joins it and takes
/// `seat` in its waiting room.
async fn find_and_take_a_seat(b: &Browser, name: &str, id: &str, seat: u8) {
    b.goto("/").await;
    let join = format!(".lobby li[data-table='{id}'] a.join");
    assert!(b.exists(&join).await, "{}: the home page does not list the public table {id}", b.name);
    assert!(b.click(&join).await, "{}: the lobby's join link", b.name);
    b.wait_for("#waiting[data-live='1']").await;
    type_into(b, "#take-name", name).await;
    assert!(
        b.click(&format!("#waiting-seats li[data-seat='{seat}'] button.take")).await,
        "{}: take seat {seat}",
        b.name
    );
}

/// Whether the page `b` shows is the table `id` from a seat (not watching), once it is shown: a
/// click that leads from one table to another only starts the load, and the old page has a table
/// too.
async fn at_the_table_seated(b: &Browser, id: &str) {
    let started = Instant::now();
    loop {
        b.wait_for("#play").await;
        let shown = b.match_id().await;
        if shown == id {
            break;
        }
        assert!(started.elapsed() < WAIT, "{}: another table: {shown}, not {id}", b.name);
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
    let status = b.text("#status").await;
    assert!(!status.contains("watching"), "{}: watches instead of playing: {status}", b.name);
}

/// Plays the people's seats until the game is over or `turns` reaches `until`: whoever's turn it
/// is clicks a move. Snapshots of the mover's page, and of `watcher`'s, go to `snapshots`.
async fn play_together(
    game: &str,
    people: &[(&Browser, Viewer)],
    watcher: Option<&Browser>,
    snapshots: &mut Vec<Snapshot>,
    turns: &mut usize,
    until: usize,
) {
    let started = Instant::now();
    while *turns < until {
        assert!(started.elapsed() < GAME_TIME, "{game}: the people's game did not end in time");
        let mut states = Vec::with_capacity(people.len());
        for (b, _) in people {
            states.push(b.state().await.unwrap_or_default());
        }
        if states.iter().all(|s| s.over) {
            return;
        }
        let Some(i) = states.iter().position(|s| s.mine && !s.over) else {
            tokio::time::sleep(Duration::from_millis(30)).await;
            continue;
        };
        let (who, viewer) = people[i];
        if turns.is_multiple_of(4) {
            snapshots.push(Snapshot::take(who, viewer).await);
            if let Some(w) = watcher {
                snapshots.push(Snapshot::take(w, Viewer::Spectator).await);
            }
        }
        if play_one(who, game, *turns).await {
            *turns += 1;
        }
    }
}

/// The whole of item 1 of issue 13 for one game: see the module docs. Seats: Alice (host, seat
/// 1), Bob (seat 2), and a third seat left free that a bot takes when Alice starts.
async fn a_public_table_of_people(mut h: Harness, game: &str, options: &[(&str, &str)]) {
    let a = h.browser("alice").await;
    let b = h.browser("bob").await;
    let id = host_public_table(&a, "Alice", game, 3, options).await;
    a.shot(&format!("{game}-waiting-room-host")).await;
    find_and_take_a_seat(&b, "Bob", &id, 1).await;
    b.wait_for("#waiting-seats li[data-seat='1'] strong.you").await;
    // The host's room redraws live: Bob sits, and nothing has started yet.
    wait_text(&a, "#waiting-seats li[data-seat='1']", "Bob").await;
    assert!(a.exists("#waiting-seats li[data-seat='2'][data-state='free']").await, "seat 3 stays free");
    assert!(!b.exists("form.start").await, "only the host may start");
    b.shot(&format!("{game}-waiting-room-guest")).await;
    assert!(a.click("form.start button.start").await, "the host starts the game");
    at_the_table_seated(&a, &id).await;
    // Bob's waiting room follows the start by itself.
    at_the_table_seated(&b, &id).await;
    wait_text(&a, "section.players", "Bob").await;
    wait_text(&b, "section.players", "Alice").await;
    if game == "the-safe" {
        // The Safe's rules forbid talking: the players' chat is off during play.
        for p in [&a, &b] {
            assert!(p.exists("#chat-form[hidden]").await, "{}: The Safe's table offers chat", p.name);
            assert!(p.exists("#chat-off").await, "{}: The Safe's table does not say chat is off", p.name);
        }
    } else {
        assert!(a.exists("#chat-form:not([hidden])").await, "{game}: the players' chat is on");
    }

    let people = [(&a, Viewer::Seat(Seat(0))), (&b, Viewer::Seat(Seat(1)))];
    let mut snapshots = Vec::new();
    let mut turns = 0;
    // One person's move, no more: the table must still be running when Carol looks for it, and a
    // bot seat may end a short game early (in Safe Breaker the bot can crack both people's codes
    // within a few rounds: seen twice, once with two moves of people's here). Safe Breaker's test
    // seats Alice first, so that after her move the game waits for Bob.
    play_together(game, &people, None, &mut snapshots, &mut turns, 1).await;
    let now = a.state().await.unwrap_or_default();
    assert!(!now.over, "{game}: the game ended before the late spectator came (seq {})", now.seq);

    // Carol comes late: she finds the running table on the home page and watches.
    let c = h.browser("carol").await;
    c.goto("/").await;
    let watch = format!("a[href='/play/{id}?watch=1']");
    assert!(c.click(&watch).await, "the home page lists the running table to watch");
    c.wait_for("#play").await;
    assert_eq!(c.match_id().await, id);
    assert!(c.text("#status").await.contains("watching"), "a browser without a seat watches");
    let late = settled_log(&c).await;
    assert!(!late.is_empty(), "the late spectator's log is empty");

    play_together(game, &people, Some(&c), &mut snapshots, &mut turns, usize::MAX).await;
    for p in [&a, &b, &c] {
        p.wait_state("the end", |s| s.over).await;
        p.wait_for(".result table.scores").await;
    }
    a.shot(&format!("{game}-people-end")).await;
    c.shot(&format!("{game}-late-spectator-end")).await;

    // The spectator's log: the whole match, from its first action to its last.
    let with_events = spectator_log_seqs(&h, &id).await;
    let watched = settled_log(&c).await;
    assert_whole_log(&watched, &with_events, "the late spectator's log");
    assert!(watched.len() > late.len() && watched[..late.len()] == late[..], "the late log grew live");
    c.client.refresh().await.expect("reload");
    c.wait_for("#play").await;
    assert_eq!(settled_log(&c).await, watched, "the spectator's reloaded log");

    // The players' logs grew live; a reload and a new tab draw the same from the server.
    for p in [&a, &b] {
        let grown = settled_log(p).await;
        assert!(!grown.is_empty(), "{}: the log stayed empty", p.name);
        p.client.refresh().await.expect("reload");
        p.wait_for("#play").await;
        assert_eq!(settled_log(p).await, grown, "{}: the reloaded log is the log grown live", p.name);
    }
    let grown = settled_log(&a).await;
    let tab = a.client.new_window(true).await.expect("a new tab");
    a.client.switch_to_window(tab.handle).await.expect("switch");
    a.goto(&format!("/play/{id}")).await;
    at_the_table_seated(&a, &id).await;
    assert_eq!(settled_log(&a).await, grown, "a new tab's log");

    // Nothing hidden reached any page.
    snapshots.push(Snapshot::take(&a, Viewer::Seat(Seat(0))).await);
    snapshots.push(Snapshot::take(&b, Viewer::Seat(Seat(1))).await);
    snapshots.push(Snapshot::take(&c, Viewer::Spectator).await);
    let tokens = vec![a.token(&id).await.expect("alice's token"), b.token(&id).await.expect("bob's token")];
    assert_ne!(tokens[0], tokens[1]);
    assert!(c.token(&id).await.is_none(), "the spectator holds a seat");
    let record = h.record(&id).await;
    assert_eq!(record.players, 3);
    check_snapshots(&record, &snapshots, &tokens);
    for p in [a, b, c] {
        p.close().await;
    }
}

#[test]
fn people_play_club_unlock_at_a_public_table() {
    run(0, |h| a_public_table_of_people(h, "club-unlock", &[]));
}

#[test]
fn people_play_safe_breaker_at_a_public_table() {
    run(0, |h| a_public_table_of_people(h, "safe-breaker", &[("first_player", "0")]));
}

#[test]
fn people_play_explosiv_at_a_public_table() {
    run(0, |h| a_public_table_of_people(h, "explosiv", &[]));
}

#[test]
fn people_play_the_safe_at_a_public_table() {
    run(0, |h| {
        a_public_table_of_people(h, "the-safe", &[("on_mission_fail", "\"retry_mission\""), ("mission_limit", "6")])
    });
}

/// The chat lines of a page: `(who, text)` of each `#chat-list li`, and whether any markup other
/// than the page's own spans is inside the list (a name or a text drawn as HTML).
async fn chat_of(b: &Browser) -> (Vec<(String, String)>, bool) {
    let v = b
        .js(
            "const l = document.getElementById('chat-list'); if (!l) return [[], false]; \
             return [Array.from(l.querySelectorAll('li')).map((li) => [li.querySelector('.who').innerText, li.querySelector('.text').innerText]), \
             !!l.querySelector('b, i, img, script, a')];",
            vec![],
        )
        .await;
    let lines = v[0]
        .as_array()
        .map(|a| {
            a.iter().map(|l| (l[0].as_str().unwrap_or("").to_owned(), l[1].as_str().unwrap_or("").to_owned())).collect()
        })
        .unwrap_or_default();
    (lines, v[1].as_bool().unwrap_or(true))
}

/// Waits until the page's chat holds a line `(who, text)`.
async fn wait_chat(b: &Browser, who: &str, text: &str) {
    let started = Instant::now();
    loop {
        let (lines, markup) = chat_of(b).await;
        assert!(!markup, "{}: a chat name or text was drawn as HTML: {lines:?}", b.name);
        if lines.iter().any(|(w, t)| w.starts_with(who) && t == text) {
            return;
        }
        assert!(started.elapsed() < WAIT, "{}: the chat never showed {who}: {text:?} ({lines:?})", b.name);
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// Sends a chat line from the page's chat form, as a person would (typing, then Enter).
async fn say(b: &Browser, text: &str) {
    type_into(b, "#chat-text", text).await;
    let field = b.client.find(Locator::Css("#chat-text")).await.expect("the chat field");
    field.send_keys("\u{E007}").await.expect("Enter");
    let started = Instant::now();
    while b.js("return document.getElementById('chat-text').value;", vec![]).await != json!("") {
        let error = b.text("#chat-error").await;
        assert!(error.is_empty(), "{}: the line was refused: {error}", b.name);
        assert!(started.elapsed() < WAIT, "{}: the chat line was never sent", b.name);
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// Two people at a public Explosiv table of two (the table starts by itself when Bob takes the
/// last seat) chat with names and text that look like markup, see each other's lines live and
/// after a reload, escaped; a spectator's line stays out of the players' chat during play. At the
/// end, Alice presses "play again" and waits in the rematch's room, Bob's seat kept for him; Bob's
/// page points him to the new table live, and when he takes his seat both sit at the linked new
/// match in their old seats.
#[test]
fn chat_and_play_again_between_two_browsers() {
    run(0, |mut h| async move {
        let a = h.browser("alice").await;
        let b = h.browser("bob").await;
        let alice = "Alice <b>&amp;</b>";
        let bob = "Bob \"<i>\"";
        let id = host_public_table(&a, alice, "explosiv", 2, &[]).await;
        find_and_take_a_seat(&b, bob, &id, 1).await;
        // The last free seat taken: the game starts by itself, for both.
        at_the_table_seated(&b, &id).await;
        at_the_table_seated(&a, &id).await;

        let hello = "<img src=x onerror=\"document.title='pwned'\"> & hello";
        say(&a, hello).await;
        wait_chat(&a, alice, hello).await;
        wait_chat(&b, alice, hello).await;
        let answer = "</span><script>alert(1)</script> good luck, <b>Alice</b>";
        say(&b, answer).await;
        wait_chat(&a, bob, answer).await;
        // Drawn by the server this time (maud), escaped the same.
        b.client.refresh().await.expect("reload");
        b.wait_for("#play").await;
        wait_chat(&b, alice, hello).await;
        wait_chat(&b, bob, answer).await;
        assert!(!a.js("return document.title;", vec![]).await.as_str().unwrap_or("").contains("pwned"));

        // A spectator's line goes to the spectators' chat only.
        let c = h.browser("carol").await;
        c.goto(&format!("/play/{id}?watch=1")).await;
        c.wait_for("#chat-form:not([hidden])").await;
        assert!(c.text("#chat-h").await.contains("Spectators"), "a spectator writes in the spectators' chat");
        say(&c, "the spectators say hi").await;
        wait_chat(&c, "Spectator", "the spectators say hi").await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        let (lines, _) = chat_of(&a).await;
        assert!(lines.iter().all(|(_, t)| t != "the spectators say hi"), "a player read the spectators' chat in play");
        a.shot("chat-alice").await;
        b.shot("chat-bob").await;

        let people = [(&a, Viewer::Seat(Seat(0))), (&b, Viewer::Seat(Seat(1)))];
        let mut snapshots = Vec::new();
        let mut turns = 0;
        play_together("explosiv", &people, None, &mut snapshots, &mut turns, usize::MAX).await;
        for p in [&a, &b] {
            p.wait_state("the end", |s| s.over).await;
        }
        // The end opens the spectators' chat to the players.
        wait_chat(&a, "Spectator", "the spectators say hi").await;

        // Play again: the rematch waits for Bob in a private room, his seat kept for him.
        a.wait_for("#rematch-form:not([hidden]) #rematch-button").await;
        assert!(a.click("#rematch-button").await, "alice presses play again");
        // The old page's table is gone once the room is shown (the click only starts the load).
        a.wait_for("#waiting[data-live='1']").await;
        let new_id = a.js("return document.getElementById('waiting').dataset.id;", vec![]).await;
        let new_id = new_id.as_str().expect("the room's id").to_owned();
        assert_ne!(new_id, id, "a new table");
        a.wait_for("#waiting-seats li[data-seat='0'] strong.you").await;
        let kept = a.text("#waiting-seats li[data-seat='1'][data-state='free'] .kept").await;
        assert!(kept.contains("Bob"), "seat 2 is kept for Bob: {kept}");
        assert!(a.exists("form.start button.start").await, "alice, who pressed first, may start it");
        a.shot("rematch-room").await;
        // Bob's old page points him to the new table by itself.
        b.wait_for("#rematch-started:not([hidden])").await;
        let href = b.js("return document.getElementById('rematch-watch').getAttribute('href');", vec![]).await;
        assert_eq!(href, json!(format!("/play/{new_id}")), "bob's pointer to the rematch");
        let label = b.text("#rematch-button").await;
        assert!(label.contains("Join"), "bob is offered his seat: {label}");
        b.shot("rematch-offer").await;
        assert!(b.click("#rematch-button").await, "bob takes his seat in the rematch");
        // The last kept seat taken, the game starts, for both (alice's room follows by itself).
        at_the_table_seated(&b, &new_id).await;
        assert!(b.token(&new_id).await.is_some(), "bob holds a seat of the new match");
        at_the_table_seated(&a, &new_id).await;
        assert!(a.exists(&format!(".rematch-of a[href='/replay/{id}']")).await, "the new table links the old match");
        wait_text(&a, "section.players", "Bob").await;
        // The spectator's page of the old match points there too.
        c.wait_for("#rematch-started:not([hidden])").await;
        // And the new match is played by the same two people.
        let http = HttpClient::new(h.addr());
        let info = http.get(&format!("/api/matches/{new_id}"), None).await.expect("the new match").body;
        let joined: Vec<bool> =
            info["seats"].as_array().expect("seats").iter().map(|s| s["joined"] == json!(true)).collect();
        assert_eq!(joined, vec![true, true], "both people sit at the rematch: {info}");
        b.shot("rematch-bob").await;

        // Bob must leave for a while: a bot plays his seat at once, and Alice sees it.
        assert!(b.click("form.away button").await, "bob lets a bot play for him");
        b.wait_for("li.seat.me form.back button").await;
        wait_text(&a, "section.players", "bot plays for Bob").await;
        b.shot("away-bob").await;
        let info = http.get(&format!("/api/matches/{new_id}"), None).await.expect("the new match").body;
        assert!(info["finished"] == json!(true) || info["seats"][1]["away"] == json!(true), "{info}");
        // His home page says so too, and leads back (the table is his to move, or Alice's once
        // the bot moved for him).
        b.goto("/").await;
        let listed = format!("li[data-match='{new_id}']");
        wait_text(&b, &listed, "a bot plays for you").await;
        assert!(b.click(&format!("{listed} a")).await, "back to the table from the home page");
        // He is back: the seat is his again, for Alice too.
        b.wait_for("li.seat.me form.back button").await;
        assert!(b.click("li.seat.me form.back button").await, "bob is back");
        b.wait_for("li.seat.me form.away button").await;
        let started = Instant::now();
        while a.text("section.players").await.contains("bot plays for Bob") {
            assert!(started.elapsed() < WAIT, "alice's page still has a bot playing for bob");
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
        for p in [a, b, c] {
            p.close().await;
        }
    });
}

/// The waiting room's controls, each seen live by the other person: the host gives Bob's
/// neighbouring seat to a bot and frees it again, removes Bob (whose page then offers him the
/// free seats and his name again, rather than a seat that is gone), Bob sits again and leaves by
/// himself; a private table refuses a seat without its invite link; the last free seat taken
/// starts the game for everyone.
#[test]
fn the_waiting_room_follows_the_host_and_the_guests() {
    run(0, |mut h| async move {
        let a = h.browser("alice").await;
        let b = h.browser("bob").await;
        let id = host_public_table(&a, "Alice", "club-unlock", 3, &[]).await;
        // The host has the room's whole address to send (a public room needs no invite code), and
        // so has a guest once seated.
        let room = format!("{}/tables/{id}", a.base);
        assert_eq!(room_link(&a).await, room, "the host's link to send friends");
        find_and_take_a_seat(&b, "Bob", &id, 1).await;
        b.wait_for("#waiting-seats li[data-seat='1'] strong.you").await;
        assert_eq!(room_link(&b).await, room, "a seated guest of a public room may pass it on");
        assert!(b.exists("#take-name-field[hidden]").await, "a seated person is not asked for a name");
        // Bob closes the room: the home page lists it as his, and leads him back.
        let bobs_room = format!(".your-tables li[data-table='{id}']");
        b.goto("/").await;
        wait_text(&b, &bobs_room, "Seat 2 (you)").await;
        b.shot("home-your-tables").await;
        assert!(b.click(&format!("{bobs_room} a")).await, "back to the room from the home page");
        b.wait_for("#waiting[data-live='1'] #waiting-seats li[data-seat='1'] strong.you").await;

        // Bob asks, in the room, to be told when the game comes to him (he may be gone by the
        // start): the webhook is saved for his seat and the room comes back showing it.
        let hook = "https://hooks.example.com/safehouse/bob";
        super::turns::save_webhook(&b, hook).await;
        let at = b.js("return location.pathname;", vec![]).await;
        assert_eq!(at, json!(format!("/tables/{id}")), "saving comes back to the waiting room");
        let token = b.token(&id).await.expect("bob's seat token");
        let http = HttpClient::new(h.addr());
        let state = http.get(&format!("/api/matches/{id}/notify"), Some(&token)).await.expect("notify state").body;
        assert_eq!((state["seat"].clone(), state["webhook"].clone()), (json!(1), json!(hook)), "{state}");

        // A bot for seat 3, and back.
        let level = a.client.find(Locator::Css("#waiting-seats li[data-seat='2'] select")).await.expect("a level");
        level.select_by_value("easy").await.expect("easy");
        assert!(a.click("#waiting-seats li[data-seat='2'] button.bot").await, "give seat 3 to a bot");
        wait_text(&b, "#waiting-seats li[data-seat='2']", "Bot: easy").await;
        assert!(a.click("#waiting-seats li[data-seat='2'] button.free").await, "free seat 3");
        b.wait_for("#waiting-seats li[data-seat='2'][data-state='free']").await;

        // The host removes Bob: his room offers him the free seats again, with his name.
        assert!(a.click("#waiting-seats li[data-seat='1'] button.remove").await, "remove bob");
        b.wait_for("#waiting-seats li[data-seat='1'][data-state='free'] button.take").await;
        assert!(!b.exists("#waiting-seats strong.you").await, "bob's page still seats him");
        // Nor does the home page list the room as his any more (the lobby still offers it).
        b.goto("/").await;
        b.wait_for(&format!(".lobby li[data-table='{id}']")).await;
        assert!(!b.exists(&bobs_room).await, "the home page lists a seat bob lost as his");
        assert!(b.click(&format!(".lobby li[data-table='{id}'] a.join")).await, "back through the lobby");
        b.wait_for("#waiting[data-live='1']").await;
        b.wait_for("#take-name-field:not([hidden])").await;
        let name = b.js("return document.getElementById('take-name').value;", vec![]).await;
        assert_eq!(name, json!("Bob"), "the browser remembers bob's name");
        assert!(b.click("#waiting-seats li[data-seat='2'] button.take").await, "bob sits again");
        b.wait_for("#waiting-seats li[data-seat='2'] strong.you").await;
        wait_text(&a, "#waiting-seats li[data-seat='2']", "Bob").await;
        // And leaves by himself.
        assert!(b.click("#waiting-seats li[data-seat='2'] button.leave").await, "bob leaves");
        b.wait_for("#waiting-seats li[data-seat='2'][data-state='free'] button.take").await;
        a.wait_for("#waiting-seats li[data-seat='2'][data-state='free']").await;

        // A private table: no seat without the invite link; with it, the last seat starts it.
        let c = h.browser("carol").await;
        fill_setup(&c, "explosiv", &["me", "friend", "easy"], &[], false).await;
        type_into(&c, "#my-name", "Carol").await;
        assert!(c.click("label[for=waiting-room]").await);
        assert!(c.click("form.setup-form button[type=submit]").await, "set up");
        c.wait_for("#waiting[data-live='1']").await;
        let private = c.js("return document.getElementById('waiting').dataset.id;", vec![]).await;
        let private = private.as_str().expect("the private table's id").to_owned();
        let invite = room_link(&c).await;
        assert!(
            invite.starts_with(&format!("{}/tables/{private}?invite=", c.base)),
            "the host sees the whole invite link: {invite}"
        );
        // The lobby never lists a private room, so the home page lists it to its host.
        let carols_room = format!(".your-tables li[data-table='{private}']");
        c.goto("/").await;
        wait_text(&c, &carols_room, "Seat 1 (you)").await;
        assert!(c.click(&format!("{carols_room} a")).await, "back to the private room from the home page");
        c.wait_for("#waiting[data-live='1']").await;
        b.goto("/").await;
        assert!(!b.exists(&format!(".lobby li[data-table='{private}']")).await, "a private table is listed");
        assert!(!b.exists(&carols_room).await, "bob's home page lists a room he has no seat in");
        b.goto(&format!("/tables/{private}")).await;
        b.wait_for("#waiting[data-live='1']").await;
        assert!(b.click("#waiting-seats li[data-seat='1'] button.take").await, "take without the link");
        wait_text(&b, ".notice", "invite link").await;
        b.client.goto(&invite).await.expect("the invite link opens");
        b.wait_for("#waiting[data-live='1']").await;
        assert!(!b.exists("#room-link").await, "a guest of a private table is given its invite to pass on");
        assert!(b.click("#waiting-seats li[data-seat='1'] button.take").await, "take with the link");
        at_the_table_seated(&b, &private).await;
        at_the_table_seated(&c, &private).await;
        for p in [a, b, c] {
            p.close().await;
        }
    });
}

/// Alice sets up a table with a seat for a friend who does not come: she lets a bot play that
/// seat at once (no waiting out the idle time), and the bot does play it; when Bob arrives after
/// all with his invite link, the seat is his, on both pages.
#[test]
fn a_seat_nobody_came_to_is_handed_to_a_bot_until_its_person_joins() {
    run(0, |mut h| async move {
        let a = h.browser("alice").await;
        set_up(&a, "explosiv", &["me", "friend"], &[], false).await;
        let id = a.match_id().await;
        a.wait_for("input.invite-link").await;
        let link = a.js("return document.querySelector('input.invite-link').value;", vec![]).await;
        let link = link.as_str().expect("an invite link").to_owned();

        // Only the empty seat offers it (not hers); a spectator is not offered it at all.
        let bot_for = "li.seat form.bot-for button";
        a.wait_for(bot_for).await;
        assert!(!a.exists("li.seat.me form.bot-for").await, "her own seat offers no hand-over");
        let c = h.browser("carol").await;
        c.goto(&format!("/play/{id}")).await;
        c.wait_for("#play").await;
        assert!(!c.exists(bot_for).await, "a spectator cannot hand a seat over");
        a.shot("bot-for-offer").await;
        assert!(a.click(bot_for).await, "alice lets a bot play the empty seat");
        wait_text(&a, "section.players", "bot plays for").await;
        wait_text(&c, "section.players", "bot plays for").await;
        assert!(!a.exists(bot_for).await, "nothing left to hand over");

        // The bot plays the seat: Alice plays her own moves until it has moved for it.
        let http = HttpClient::new(h.addr());
        let started = Instant::now();
        let mut turn = 0;
        loop {
            let log = http.get(&format!("/api/matches/{id}/log"), None).await.expect("the log").body;
            let entries = log["entries"].as_array().cloned().unwrap_or_default();
            if entries.iter().any(|e| e["seat"] == json!(1) && e["actor"] == json!("takeover")) {
                break;
            }
            assert!(started.elapsed() < WAIT, "no bot moved for the empty seat: {log}");
            let state = a.state().await.unwrap_or_default();
            assert!(!state.over, "the game ended before the bot moved for the seat: {log}");
            if state.mine && play_one(&a, "explosiv", turn).await {
                turn += 1;
            } else {
                tokio::time::sleep(Duration::from_millis(40)).await;
            }
        }
        a.shot("bot-for-playing").await;

        // Bob arrives after all: his invite still opens the seat, and it is his from then on.
        let b = h.browser("bob").await;
        b.client.goto(&link).await.expect("the invite link opens");
        type_into(&b, "#join-name", "Bob").await;
        assert!(b.click("form button[type=submit]").await, "bob takes his seat");
        at_the_table_seated(&b, &id).await;
        b.wait_for("li.seat.me form.away button").await;
        assert!(!b.text("section.players").await.contains("bot plays for"), "bob's page: the seat is his");
        let started = Instant::now();
        while a.text("section.players").await.contains("bot plays for") {
            assert!(started.elapsed() < WAIT, "alice's page still has a bot playing bob's seat");
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
        wait_text(&a, "section.players", "Bob").await;
        let info = http.get(&format!("/api/matches/{id}"), None).await.expect("the match").body;
        assert_eq!((info["seats"][1]["joined"].clone(), info["seats"][1]["away"].clone()), (json!(true), json!(false)));
        b.shot("bot-for-bob-back").await;
        for p in [a, b, c] {
            p.close().await;
        }
    });
}
