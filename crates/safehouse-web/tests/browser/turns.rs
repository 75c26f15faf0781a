//! Turn-based play in real browsers: the home page's "tables waiting for your move" follows
//! whose turn it is for each person (two profiles), and the table's "tell me when it is my turn"
//! panel hands a push subscription to the server and saves and removes a webhook; a seat is
//! carried to another device.
//!
//! Headless Chromium reaches no push service, so the page's `PushManager.subscribe` is replaced
//! by one that answers a subscription with real P-256 keys (what the browser would hand over);
//! the permission prompt is answered through WebDriver's permissions command, the service worker
//! is registered for real.

use super::*;

/// Sets a permission of `b`'s session through chromedriver (`POST /session/{id}/permissions`).
async fn grant(h: &Harness, b: &Browser, permission: &str) {
    let session = b.client.session_id().await.ok().flatten().expect("a session id");
    let body = json!({ "descriptor": { "name": permission }, "state": "granted" }).to_string();
    let port = h.driver.port;
    let answer = tokio::task::spawn_blocking(move || {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("chromedriver");
        stream.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
        let request = format!(
            "POST /session/{session}/permissions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        stream.write_all(request.as_bytes()).expect("the request");
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer);
        answer
    })
    .await
    .expect("the permissions command");
    assert!(answer.starts_with("HTTP/1.1 200"), "chromedriver refused the {permission} permission: {answer}");
}

/// Replaces the page's push subscription with one of real keys and endpoint `endpoint`.
const FAKE_PUSH_JS: &str = r#"
const endpoint = arguments[0];
const b64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
window.__subscribed = 0;
PushManager.prototype.getSubscription = function () { return Promise.resolve(null); };
PushManager.prototype.subscribe = function (options) {
  window.__subscribed += 1;
  window.__key = options && options.applicationServerKey ? options.applicationServerKey.byteLength : 0;
  return crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])
    .then((pair) => crypto.subtle.exportKey('raw', pair.publicKey))
    .then((raw) => {
      const keys = { p256dh: b64(raw), auth: b64(crypto.getRandomValues(new Uint8Array(16))) };
      return { endpoint: endpoint, toJSON: () => ({ endpoint: endpoint, expirationTime: null, keys: keys }) };
    });
};
return true;
"#;

/// Where `b`'s home page lists match `id`: among the tables waiting for its move, and among its
/// other tables.
async fn home_lists(b: &Browser, id: &str) -> (bool, bool) {
    b.goto("/").await;
    b.wait_for("section.games").await;
    let link = format!("a[href='/play/{id}']");
    (b.exists(&format!("section.waiting {link}")).await, b.exists(&format!("section.your-tables {link}")).await)
}

#[test]
fn tables_waiting_for_your_move_and_notify_me() {
    run(0, |mut h| async move {
        let a = h.browser("alice").await;
        fill_setup(&a, "explosiv", &["me", "friend"], &[], false).await;
        let pace = a.client.find(Locator::Css("#pace")).await.expect("the pace choice");
        pace.select_by_value("24").await.expect("turn-based, a day per move");
        assert!(a.click("form.setup-form button[type=submit]").await, "start");
        a.wait_for("#play").await;
        let id = a.match_id().await;
        a.wait_for("input.invite-link").await;
        let link = a.js("return document.querySelector('input.invite-link').value;", vec![]).await;
        let b = h.browser("bob").await;
        b.client.goto(link.as_str().expect("an invite link")).await.expect("the invite link opens");
        assert!(b.click("form button[type=submit]").await, "take the seat");
        b.wait_for("#play").await;

        // Each home page lists the table as waiting for its move exactly when it is that
        // person's move, and among their other tables (saying who is to play) when it is not.
        for round in 0..3 {
            a.goto(&format!("/play/{id}")).await;
            b.goto(&format!("/play/{id}")).await;
            let sa = a.wait_state("the table", |_| true).await;
            let sb = b.wait_state("the table", |_| true).await;
            assert!(sa.mine != sb.mine, "exactly one of the two is to move: {sa:?} {sb:?}");
            let (mover, waiter) = if sa.mine { (&a, &b) } else { (&b, &a) };
            // The move's deadline, for everyone at the table: the API's, and on both pages the
            // time left counting down from a day and the due moment in the reader's time zone.
            let info =
                HttpClient::new(h.addr()).get(&format!("/api/matches/{id}"), None).await.expect("the match").body;
            let to_move = info["to_move"].as_u64().expect("a seat to move");
            let deadline = &info["deadline"];
            let left = deadline["due_ms"].as_i64().unwrap_or(0) - deadline["server_ms"].as_i64().unwrap_or(0);
            assert_eq!(deadline["seat"].as_u64(), Some(to_move), "the deadline is the mover's: {info}");
            assert!(
                (23 * 3_600_000..=24 * 3_600_000).contains(&left),
                "a day per move, less the moves so far: {left} ms"
            );
            for person in [mover, waiter] {
                person.wait_for("#status p.deadline time.due[data-local]").await;
                let line = person.text("#status p.deadline").await;
                assert!(
                    (line.starts_with("Time for this move: 23:") || line.starts_with("Time for this move: 24:00:00"))
                        && line.contains(" · due ")
                        && !line.contains("UTC"),
                    "{}: {line:?}",
                    person.name
                );
            }
            if round == 0 {
                mover.shot("turn-based-deadline").await;
            }
            assert_eq!(home_lists(waiter, &id).await, (false, true), "round {round}: {}'s home page", waiter.name);
            let mover_name = match info["seats"][to_move as usize]["name"].as_str() {
                Some(name) => name.to_owned(),
                None => format!("Player {}", to_move + 1),
            };
            // Both home pages say when the move is due, in the reader's time zone.
            waiter.wait_for(&format!("section.your-tables li[data-match='{id}'] time.due[data-local]")).await;
            let listed = waiter.text(&format!("section.your-tables li[data-match='{id}']")).await;
            assert!(listed.contains(&format!("{mover_name} to play · due ")), "round {round}: {listed:?}");
            assert_eq!(home_lists(mover, &id).await, (true, false), "round {round}: {}'s home page", mover.name);
            mover.wait_for(&format!("section.waiting li[data-match='{id}'] time.due[data-local]")).await;
            let listed = mover.text(&format!("section.waiting li[data-match='{id}']")).await;
            assert!(listed.contains("your move · due ") && !listed.contains("UTC"), "round {round}: {listed:?}");
            if round == 0 {
                mover.shot("waiting-for-your-move").await;
                waiter.goto("/").await;
                waiter.shot("your-tables").await;
            }
            assert!(mover.click(&format!("section.waiting a[href='/play/{id}']")).await, "the link to the table");
            let state = mover.wait_state("my turn", |s| s.mine).await;
            assert!(play_one(mover, "explosiv", round).await, "a move");
            waiter.goto(&format!("/play/{id}")).await;
            waiter.wait_state("the move to reach the other", |s| s.seq > state.seq).await;
        }

        // "Tell me when it is my turn": the browser's push subscription reaches the server.
        a.goto(&format!("/play/{id}")).await;
        a.wait_for("details#notify").await;
        assert!(a.click("details#notify > summary").await, "the panel opens");
        a.wait_for("#notify-push:not([hidden])").await;
        grant(&h, &a, "notifications").await;
        let endpoint = "https://push.example.com/send/alice-1";
        assert_eq!(a.js(FAKE_PUSH_JS, vec![json!(endpoint)]).await, json!(true));
        assert!(a.click("#notify-push").await, "notify me");
        let started = Instant::now();
        loop {
            let status = a.text("#notify-status").await;
            if status.contains("will tell you") {
                break;
            }
            assert!(started.elapsed() < WAIT, "push notifications were not turned on: {status:?}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(a.js("return window.__key;", vec![]).await, json!(65), "subscribed with the server's VAPID key");
        let scope = a
            .client
            .execute_async(
                "const done = arguments[arguments.length - 1]; \
                 navigator.serviceWorker.getRegistration('/assets/').then((r) => done(r ? r.scope : null));",
                vec![],
            )
            .await
            .unwrap_or(Value::Null);
        assert!(scope.as_str().is_some_and(|s| s.ends_with("/assets/")), "the service worker: {scope}");
        let token = a.token(&id).await.expect("alice's token");
        let http = HttpClient::new(h.addr());
        let state = http.get(&format!("/api/matches/{id}/notify"), Some(&token)).await.expect("notify state").body;
        let pushes: Vec<&str> = state["push"].as_array().expect("push").iter().filter_map(Value::as_str).collect();
        assert_eq!(pushes, vec![endpoint], "the seat's subscriptions: {state}");
        a.client.refresh().await.expect("reload");
        a.wait_for("details#notify").await;
        let status = a.js("return document.getElementById('notify-status').textContent;", vec![]).await;
        assert!(
            status.as_str().is_some_and(|s| s.contains("notifications on")),
            "the reloaded panel says push is on: {status}"
        );

        // A webhook, saved and removed through the panel's form.
        let hook = "https://hooks.example.com/safehouse/alice";
        save_webhook(&a, hook).await;
        let value = a.js("return document.getElementById('notify-webhook').value;", vec![]).await;
        assert_eq!(value, json!(hook), "the saved webhook is shown");
        assert!(a.exists("details#notify[open]").await, "after saving, the panel shows what was saved");
        let state = http.get(&format!("/api/matches/{id}/notify"), Some(&token)).await.expect("notify state").body;
        assert_eq!(state["webhook"], json!(hook), "{state}");
        a.shot("notify-panel").await;
        assert!(a.click("form.webhook button[value=clear]").await, "remove");
        let started = Instant::now();
        while a.exists("form.webhook button[value=clear]").await {
            assert!(started.elapsed() < WAIT, "the webhook was not removed");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let state = http.get(&format!("/api/matches/{id}/notify"), Some(&token)).await.expect("notify state").body;
        assert!(state["webhook"].is_null(), "{state}");
        // A spectator has no such panel.
        let c = h.browser("carol").await;
        c.goto(&format!("/play/{id}")).await;
        c.wait_for("#play").await;
        assert!(!c.exists("details#notify").await, "a spectator is offered turn notifications");
        for p in [a, b, c] {
            p.close().await;
        }
    });
}

/// Opens the page's "tell me when it is my turn" panel and saves `hook` through its form, as a
/// person would; returns once the page came back offering to remove it.
pub(crate) async fn save_webhook(b: &Browser, hook: &str) {
    assert!(b.click("details#notify > summary").await, "{}: the page offers the notify panel", b.name);
    let field = b.client.find(Locator::Css("#notify-webhook")).await.expect("the webhook field");
    field.send_keys(hook).await.expect("typing");
    assert!(b.click("form.webhook button[value=save]").await, "save");
    b.wait_for("form.webhook button[value=clear]").await;
}

/// A seat carried to another device: Alice's table gives a one-time link to her seat on a page
/// of its own (never the seat's token); her phone (a profile of its own) opens it, is asked
/// first, and then plays the seat: a move made on the phone reaches her desk. The link, used
/// once, opens nothing for anybody else; a link cut short opens nothing; a browser without the
/// seat gets no link.
#[test]
fn a_seat_is_carried_to_another_device() {
    run(0, |mut h| async move {
        let desk = h.browser("alice-desk").await;
        set_up(&desk, "explosiv", &["me", "easy"], &[], false).await;
        let id = desk.match_id().await;
        let before = desk.wait_state("alice's turn", |s| s.mine).await;
        assert!(desk.click("details#notify > summary").await, "the panel opens");
        assert!(desk.click(&format!("details#notify a[href='/play/{id}/device']")).await, "the device link");
        desk.wait_for("#device-link").await;
        assert!(desk.exists("figure.qr[role=img] > svg").await, "the link as a QR code, for the phone to scan");
        let link = desk.js("return document.getElementById('device-link').value;", vec![]).await;
        let link = link.as_str().expect("the seat's link").to_owned();
        assert!(link.starts_with(&format!("{}/seat/{id}?s=0&c=", desk.base)), "{link}");
        let code = link.rsplit("c=").next().unwrap_or("");
        assert_eq!(code.len(), 32, "a one-time code, not the seat's 64-digit token: {link}");
        assert!(desk.text("main").await.contains("This link works once, for 10 minutes"), "it says how long it works");
        desk.shot("device-link").await;
        assert!(desk.click(&format!("main a.button[href='/play/{id}']")).await, "back to the table");
        desk.wait_for("#play").await;

        let phone = h.browser("alice-phone").await;
        phone.client.goto(&link).await.expect("the link opens");
        phone.wait_for(&format!("form[action='/seat/{id}'] button")).await;
        let asked = phone.text("main").await;
        assert!(asked.contains("Play seat 1 of Explosiv in this browser?"), "{asked}");
        phone.shot("device-asked").await;
        assert!(phone.click(&format!("form[action='/seat/{id}'] button")).await, "play here");
        phone.wait_for("#play").await;
        assert_eq!(phone.match_id().await, id);
        let on_phone = phone.wait_state("alice's turn on the phone", |s| s.mine).await;
        assert_eq!(on_phone.seq, before.seq, "the same moment of the same game");
        assert!(play_one(&phone, "explosiv", 0).await, "a move on the phone");
        desk.wait_state("the phone's move on the desk", |s| s.seq > before.seq).await;

        // The desk, which plays the seat already, is told so rather than asked.
        desk.client.goto(&link).await.expect("the link opens on the desk");
        assert!(desk.text("main").await.contains("This browser already plays this seat."));
        assert!(!desk.exists(&format!("form[action='/seat/{id}']")).await, "nothing to take");
        // Used once, the link opens nothing for somebody who finds it later.
        let stranger = h.browser("stranger").await;
        stranger.client.goto(&link).await.expect("the used link opens");
        stranger.wait_for(&format!("form[action='/seat/{id}'] button")).await;
        assert!(stranger.click(&format!("form[action='/seat/{id}'] button")).await, "play here");
        stranger.wait_for("h1").await;
        assert_eq!(stranger.text("h1").await.trim(), "This link does not open a seat");
        stranger.shot("device-used").await;
        // A link cut short opens nothing; a browser without the seat gets no link.
        phone.client.goto(&link[..link.len() - 1]).await.expect("the cut link opens");
        assert_eq!(phone.text("h1").await.trim(), "This link does not open a seat");
        stranger.goto(&format!("/play/{id}/device")).await;
        let at = stranger.js("return location.pathname;", vec![]).await;
        assert_eq!(at, json!("/"), "a browser without the seat is sent home");
        for b in [desk, phone, stranger] {
            b.close().await;
        }
    });
}

/// Alice carried her seat to her phone, then lost the phone. On her desk's device page she signs
/// out every other device: the phone's table (a profile of its own, open at that moment) turns
/// into watching and says why, her desk keeps playing, and the page gives a new link.
#[test]
fn a_lost_device_is_signed_out_from_another() {
    run(0, |mut h| async move {
        let desk = h.browser("alice-desk").await;
        set_up(&desk, "explosiv", &["me", "easy"], &[], false).await;
        let id = desk.match_id().await;
        desk.wait_state("alice's turn", |s| s.mine).await;
        desk.goto(&format!("/play/{id}/device")).await;
        desk.wait_for("#device-link").await;
        let link = desk.js("return document.getElementById('device-link').value;", vec![]).await;
        let link = link.as_str().expect("the seat's link").to_owned();
        let phone = h.browser("alice-phone").await;
        phone.client.goto(&link).await.expect("the link opens");
        phone.wait_for(&format!("form[action='/seat/{id}'] button")).await;
        assert!(phone.click(&format!("form[action='/seat/{id}'] button")).await, "play here");
        phone.wait_state("alice's turn on the phone", |s| s.mine).await;
        assert!(phone.exists("#play[data-viewer=seat0]").await, "the phone plays seat 1");

        // Back on the desk: the device page offers to sign out every other device.
        desk.goto(&format!("/play/{id}/device")).await;
        let form = format!("form[action='/play/{id}/device/sign-out'] button");
        desk.wait_for(&form).await;
        assert!(desk.text("main").await.contains("Lost a device?"));
        assert!(desk.click(&form).await, "sign out every other device");
        desk.wait_for("main p.notice").await;
        let said = desk.text("main p.notice").await;
        assert!(said.contains("Every other device was signed out of this seat."), "{said}");
        let new_link = desk.js("return document.getElementById('device-link').value;", vec![]).await;
        assert_ne!(new_link.as_str(), Some(link.as_str()), "a new link, made with the new token");
        desk.shot("device-signed-out").await;

        // The phone's open table is told at once: it now watches, and says why.
        phone.wait_for("#play[data-viewer=spectator]").await;
        let notice = phone.text("#notice").await;
        assert!(notice.contains("This browser was signed out of its seat from another device."), "{notice}");
        assert!(!phone.exists("#act-form button[name=action]").await, "no moves on the phone");
        phone.shot("device-signed-out-here").await;
        // The desk plays on. (A second tab of the desk was told too; it loads with the new seat
        // cookie, so it plays and is not told it was signed out.)
        desk.goto(&format!("/play/{id}?e=signed_out")).await;
        let before = desk.wait_state("alice's turn on the desk", |s| s.mine).await;
        assert!(desk.exists("#play[data-viewer=seat0]").await, "the desk plays seat 1");
        assert!(!desk.text("#notice").await.contains("signed out"), "the desk was not signed out");
        assert!(play_one(&desk, "explosiv", 0).await, "a move on the desk");
        desk.wait_state("the desk's move", |s| s.seq > before.seq).await;
        for b in [desk, phone] {
            b.close().await;
        }
    });
}
