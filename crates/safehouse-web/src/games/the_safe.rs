//! (being written)

use maud::{Markup, html};
use safehouse_the_safe::{Action, Event, View};

use super::{Ctx, GameUi};

/// The drawing of this game.
#[derive(Debug)]
pub(crate) struct Ui;

impl GameUi for Ui {
    type View = View;
    type Action = Action;
    type Event = Event;

    fn table(view: &View, _cx: &Ctx<'_>) -> Markup {
        html! { pre { (view.to_string()) } }
    }

    fn doing(_view: &View, _cx: &Ctx<'_>) -> String {
        String::new()
    }

    fn seat_line(_view: &View, _seat: u8, _cx: &Ctx<'_>) -> Markup {
        html! {}
    }

    fn event(event: &Event, _view: &View, _cx: &Ctx<'_>) -> Option<String> {
        Some(event.to_string())
    }

    fn action(action: &Action, _view: &View, _cx: &Ctx<'_>) -> String {
        action.to_string()
    }

    fn explain(_rule: &str, _action: Option<&Action>, _view: &View, _cx: &Ctx<'_>) -> Option<String> {
        None
    }
}
