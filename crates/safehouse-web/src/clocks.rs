//! Clocks at the table, a turn-based move's deadline, and the time-control choice of the setup
//! page.
//!
//! The table shows each person's time left as the API gave it (`clock` of the view), and at a
//! turn-based table the time left for the move and when it is due (`deadline`); the script
//! `assets/clock.js` counts the running one down between drawings and writes the due moment in
//! the reader's own time zone. The setup page offers a few time controls as on Board Game Arena
//! ("3 min + 20 s per move") and what a time-out does.

use maud::{Markup, html};
use safehouse_api::{MoveDeadline, OnTimeout, TimeControl};

use crate::api::{ClockView, Snapshot};
use crate::i18n::Lang;

/// The time controls the setup page offers: (bank seconds, increment seconds).
pub(crate) const CHOICES: &[(u32, u32)] = &[(60, 5), (180, 20), (300, 30), (600, 60), (1200, 60)];

/// `m:ss` (or `h:mm:ss`), rounded up to the second as a countdown shows it.
pub(crate) fn format_ms(ms: i64) -> String {
    let total = (ms.max(0) + 999) / 1000;
    let (hours, minutes, seconds) = (total / 3600, (total % 3600) / 60, total % 60);
    if hours > 0 { format!("{hours}:{minutes:02}:{seconds:02}") } else { format!("{minutes}:{seconds:02}") }
}

/// "3 min + 20 s per move".
pub(crate) fn control_words(lang: Lang, bank_secs: u32, increment_secs: u32) -> String {
    let bank = if bank_secs.is_multiple_of(60) {
        tr!(lang, "clock-minutes", minutes = bank_secs / 60)
    } else {
        tr!(lang, "clock-seconds", seconds = bank_secs)
    };
    if increment_secs == 0 {
        bank
    } else {
        tr!(lang, "clock-bank-plus-increment", bank = bank, increment_secs = increment_secs)
    }
}

/// What happens when a clock runs out, in words.
pub(crate) fn on_timeout_words(lang: Lang, on_timeout: &str) -> &'static str {
    match on_timeout {
        "skip" => lang.text("a-player-out-of-time"),
        "lose" => lang.text("a-player-out-of-time-loses-the"),
        _ => lang.text("a-bot-plays-for-a"),
    }
}

/// A seat's clock on the table (people's seats only: bots do not wait on a clock).
pub(crate) fn seat_clock(lang: Lang, clock: &ClockView, seat: u8) -> Markup {
    let Some(&left) = clock.remaining_ms.get(usize::from(seat)) else { return html! {} };
    let running = clock.running == Some(seat);
    html! {
        span class={"tag clock" @if running { " running" } @if left == 0 { " out" }}
            role="timer" data-remaining-ms=(left) data-running=(if running { "1" } else { "0" })
            title=(lang.text("time-left")) {
            span.sr { (lang.text("time-left-2")) }
            span.clock-time { (format_ms(left)) }
        }
    }
}

/// A moment (milliseconds since 1970) as the page writes it before its script puts it in the
/// reader's time zone (`2026-12-08 14:03 UTC`), and as its `datetime` (`2026-12-08T14:03Z`).
fn utc_words(ms: i64) -> (String, String) {
    let Ok(at) = time::OffsetDateTime::from_unix_timestamp(ms.div_euclid(1000)) else {
        return (String::new(), String::new());
    };
    let (day, minute) = (
        format!("{:04}-{:02}-{:02}", at.year(), u8::from(at.month()), at.day()),
        format!("{:02}:{:02}", at.hour(), at.minute()),
    );
    (format!("{day} {minute} UTC"), format!("{day}T{minute}Z"))
}

/// The line under the turn at a turn-based table: the time left for this move, counting down,
/// and when it is due.
pub(crate) fn deadline_line(lang: Lang, snap: &Snapshot) -> Markup {
    let Some(deadline) = snap.deadline.filter(|_| !snap.finished) else { return html! {} };
    let left = deadline.left_ms();
    html! {
        p.deadline {
            (lang.text("time-for-this-move")) " "
            span.tag.clock.running role="timer" data-remaining-ms=(left) data-running="1" {
                span.clock-time { (format_ms(left)) }
            }
            " " (lang.text("move-due")) " " (due_time(&deadline))
        }
    }
}

/// When a turn-based move is due, as a `time` element the script writes in the reader's time
/// zone (the table's status line, the home page's lists).
pub(crate) fn due_time(deadline: &MoveDeadline) -> Markup {
    let (words, iso) = utc_words(deadline.due_ms);
    html! { time.due datetime=(iso) data-due-ms=(deadline.due_ms) { (words) } }
}

/// The line under the players: the table's time control and what a time-out does.
pub(crate) fn rule_line(lang: Lang, snap: &Snapshot) -> Markup {
    let Some(clock) = &snap.clock else { return html! {} };
    let control = &clock.control;
    html! {
        p.small.clock-rule {
            (tr!(lang, "clock-control-on-timeout", control = control_words(lang, control.bank_secs, control.increment_secs), on_timeout = on_timeout_words(lang, control.on_timeout.as_str())))
        }
    }
}

/// The setup page's time-control fields (`clock` = `none` or `BANK+INCREMENT` in seconds,
/// `on_timeout`), keeping what was submitted.
pub(crate) fn setup_fields(lang: Lang, clock: Option<&str>, on_timeout: Option<&str>) -> Markup {
    let clock = clock.unwrap_or("none");
    let on_timeout = on_timeout.unwrap_or("bot");
    html! {
        fieldset.time-control {
            legend { (lang.text("clock")) }
            div.option {
                label for="clock" { (lang.text("time-control")) }
                select #clock name="clock" aria-describedby="clock-help" {
                    option value="none" selected[clock == "none"] { (lang.text("no-clock")) }
                    @for (bank, increment) in CHOICES {
                        @let value = format!("{bank}+{increment}");
                        option value=(value) selected[clock == value] { (control_words(lang, *bank, *increment)) }
                    }
                }
                p.help #clock-help { (lang.text("each-player-has-a-time")) }
            }
            div.option {
                label for="on-timeout" { (lang.text("when-a-clock-runs-out")) }
                select #on-timeout name="on_timeout" {
                    option value="bot" selected[on_timeout == "bot"] { (lang.text("a-bot-plays-for-that")) }
                    option value="skip" selected[on_timeout == "skip"] { (lang.text("the-player-passes-where-the")) }
                    // The server refuses this for a co-operative game, where nobody loses alone.
                    option value="lose" selected[on_timeout == "lose"] { (lang.text("the-player-loses-games-with")) }
                }
            }
        }
    }
}

/// The table settings' `time_control` for the setup form's fields: `Ok(None)` for no clock,
/// `Err(())` for a value the form does not offer.
pub(crate) fn time_control(clock: Option<&str>, on_timeout: Option<&str>) -> Result<Option<TimeControl>, ()> {
    let clock = clock.unwrap_or("none");
    if clock == "none" || clock.is_empty() {
        return Ok(None);
    }
    let (bank, increment) = clock.split_once('+').ok_or(())?;
    let bank: u32 = bank.parse().map_err(|_| ())?;
    let increment: u32 = increment.parse().map_err(|_| ())?;
    if !CHOICES.contains(&(bank, increment)) {
        return Err(());
    }
    let on_timeout = match on_timeout.unwrap_or("bot") {
        "bot" => OnTimeout::Bot,
        "skip" => OnTimeout::Skip,
        "lose" => OnTimeout::Lose,
        _ => return Err(()),
    };
    Ok(Some(TimeControl { bank_secs: bank, increment_secs: increment, on_timeout }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn countdowns_round_up_to_the_second() {
        assert_eq!(format_ms(0), "0:00");
        assert_eq!(format_ms(-5), "0:00");
        assert_eq!(format_ms(1), "0:01");
        assert_eq!(format_ms(180_000), "3:00");
        assert_eq!(format_ms(179_001), "3:00");
        assert_eq!(format_ms(3_723_000), "1:02:03");
    }

    #[test]
    fn the_form_reads_only_what_it_offers() {
        assert_eq!(time_control(None, None), Ok(None));
        assert_eq!(time_control(Some("none"), Some("lose")), Ok(None));
        assert_eq!(
            time_control(Some("180+20"), None),
            Ok(Some(TimeControl { bank_secs: 180, increment_secs: 20, on_timeout: OnTimeout::Bot }))
        );
        assert_eq!(
            time_control(Some("180+20"), Some("lose")).map(|t| t.map(|t| t.on_timeout)),
            Ok(Some(OnTimeout::Lose))
        );
        assert!(time_control(Some("7+7"), None).is_err());
        assert!(time_control(Some("180+20"), Some("win")).is_err());
        assert!(time_control(Some("abc"), None).is_err());
    }

    #[test]
    fn time_controls_are_named_in_both_languages() {
        assert_eq!(control_words(Lang::En, 180, 20), "3 min + 20 s per move");
        assert_eq!(control_words(Lang::Ko, 180, 20), "3분 + 수마다 20초");
        assert_eq!(control_words(Lang::En, 90, 0), "90 s");
    }
}
