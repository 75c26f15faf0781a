//! What the setup page says about each game in both languages: a summary, how to play in a
//! few lines, and words for option values and presets.
//!
//! Options' names and one-line help for players come from the game crates themselves
//! (`OptionDoc::label`, `OptionDoc::help_for_players`), so a new option needs no entry here;
//! English summaries come from `GameInfo::summary`. This module adds the Korean, the short
//! "how to play" lists, and words for option values and presets.

use crate::i18n::Lang;

/// The game's name in this language.
pub(crate) fn name(game: &str, english: &'static str, lang: Lang) -> &'static str {
    match (lang, game) {
        (Lang::Ko, "club-unlock") => "클럽 언락 (캐시)",
        (Lang::Ko, "safe-breaker") => "세이프 브레이커",
        (Lang::Ko, "explosiv") => "익스플로시브",
        (Lang::Ko, "the-safe") => "더 세이프",
        _ => english,
    }
}

/// One sentence about the game.
pub(crate) fn summary(game: &str, english: &'static str, lang: Lang) -> &'static str {
    match (lang, game) {
        (Lang::Ko, "club-unlock") => {
            "색깔 열쇠를 모아 펼쳐진 금고를 여세요. 한 차례에 여러 금고를 열거나 마지막 금고를 열면 보너스!"
        }
        (Lang::Ko, "safe-breaker") => {
            "돌아가며 색깔과 숫자를 물어 모든 사람의 비밀 코드를 추리하고, 마지막까지 남으세요."
        }
        (Lang::Ko, "explosiv") => {
            "서류 가방 앞에 숫자 카드를 놓으세요. 합계가 가장 높은 사람이 가방을 가져가지만, 8번째 카드가 놓인 줄은 폭탄이 됩니다."
        }
        (Lang::Ko, "the-safe") => {
            "협력 게임: 말하지 않고 색깔 카드 아래에 숫자 카드를 내려놓은 뒤, 각 색의 숨겨진 코드를 맞히세요. 금고 다섯 개를 연달아 열면 승리!"
        }
        _ => english,
    }
}

/// How to play, in a few lines.
pub(crate) fn how_to(game: &str, lang: Lang) -> &'static [&'static str] {
    match (lang, game) {
        (Lang::En, "club-unlock") => &[
            "Everyone first picks four keys, one at a time, in secret: nobody sees the others' picks (nor the piles) until everybody has chosen. Then seven safes are laid out.",
            "On your turn, either take one key from a pile (that ends your turn), or crack safes from the display: hand in the four keys a safe shows and take it. You may crack several safes in one turn, then end it.",
            "Each safe after the first in a turn earns a bonus marker (+10); so does cracking the last safe on display.",
            "When a pile runs out, a bonus marker goes under a safe that needs that colour (the editions differ: see the options).",
            "When every safe is cracked, the most money (safes plus bonus markers) wins.",
        ],
        (Lang::Ko, "club-unlock") => &[
            "먼저 모두가 열쇠 4장을 한 장씩 몰래 고릅니다. 모두 고를 때까지 다른 사람이 고른 열쇠(와 더미)는 보이지 않습니다. 그다음 금고 7장을 펼칩니다.",
            "자기 차례에는 더미에서 열쇠 1장을 가져오거나(차례가 끝남), 펼쳐진 금고를 엽니다: 금고에 그려진 열쇠 4장을 내고 금고를 가져옵니다. 한 차례에 여러 금고를 연 뒤 차례를 마칠 수 있습니다.",
            "한 차례의 두 번째 금고부터는 보너스 카드(+10)를 받습니다(연쇄 개방). 펼쳐진 마지막 금고를 열어도 보너스를 받습니다(최후의 금고).",
            "열쇠 더미가 바닥나면 그 색 열쇠가 필요한 금고에 보너스 카드가 붙습니다(판마다 다름: 옵션 참고).",
            "금고를 모두 열면 돈(금고 + 보너스 카드)이 가장 많은 사람이 이깁니다.",
        ],
        (Lang::En, "safe-breaker") => &[
            "Each player secretly holds a code: one coloured lock and one numbered key (1 to 6).",
            "On your turn, ask the table about a colour and a number (\"red 4?\"). Going left, the first player who holds that colour or that number says Yes and takes the turn; if everyone says No, you go again.",
            "Or point at a player and guess their whole code: right, they are out and you go again; wrong, you are out and they take the turn.",
            "The last player standing wins. The question log (and the optional hint panel) help you deduce.",
        ],
        (Lang::Ko, "safe-breaker") => &[
            "각자 비밀 코드를 하나씩 가집니다: 색깔 자물쇠 하나와 숫자 열쇠(1~6) 하나.",
            "자기 차례에는 색깔과 숫자를 묻습니다(\"빨강 4?\"). 왼쪽부터 그 색이나 그 숫자를 가진 첫 사람이 \"예\"라고 답하고 차례를 가져갑니다. 모두 \"아니오\"면 한 번 더 합니다.",
            "또는 한 사람을 지목해 코드 전체를 맞힙니다: 맞으면 그 사람이 탈락하고 내가 계속하며, 틀리면 내가 탈락하고 그 사람이 차례를 가져갑니다.",
            "마지막까지 남은 사람이 이깁니다. 질문 기록(과 선택 사항인 힌트 창)이 추리를 돕습니다.",
        ],
        (Lang::En, "explosiv") => &[
            "Each player holds number cards 1 to 8 in their colour. Each round lays out one more explosive card (a briefcase) than there are players.",
            "On your turn, place a card at the end of any row: never directly on your own card, and each number only once per row (8s may repeat).",
            "The card that becomes a row's 8th card blows it up: its briefcase turns into a bomb (negative points).",
            "When all cards are placed, the highest total in each row (the row's last card adds +2) takes its card. After the last round, the most points wins.",
        ],
        (Lang::Ko, "explosiv") => &[
            "각자 자기 색의 숫자 카드 1~8을 가집니다. 라운드마다 사람 수보다 하나 많은 폭발 카드(서류 가방)를 펼칩니다.",
            "자기 차례에는 아무 줄 끝에 카드 1장을 놓습니다: 자기 카드 바로 위에는 놓을 수 없고, 한 줄에 같은 숫자는 한 번만(8은 여러 번 가능).",
            "한 줄의 8번째 카드가 놓이면 폭발합니다: 서류 가방이 폭탄(마이너스 점수)으로 뒤집힙니다.",
            "카드를 다 놓으면 각 줄에서 합계가 가장 높은 사람(줄의 마지막 카드는 +2)이 그 카드를 가져갑니다. 마지막 라운드 후 점수가 가장 높은 사람이 이깁니다.",
        ],
        (Lang::En, "the-safe") => &[
            "Co-operative: the whole team wins or loses. Nobody may say which cards they hold.",
            "On your turn, play a card from your hand under one of the four colour cards (you must if you can), then draw back to three.",
            "A row holds at most as many colours as its colour card shows, and runs up or down (equal numbers allowed; a 0 may count as 10). Restriction cards add rules from mission 2.",
            "When nobody can play, the team names the hidden code number of each colour; a player still holding a colour may not name it. All right: the safe is cracked. Crack five in a row to win.",
        ],
        (Lang::Ko, "the-safe") => &[
            "협력 게임: 팀 전체가 함께 이기거나 집니다. 누구도 자기 카드를 말할 수 없습니다.",
            "자기 차례에는 손의 카드 1장을 네 색깔 카드 중 하나 아래에 냅니다(낼 수 있으면 반드시). 그 뒤 3장이 되도록 뽑습니다.",
            "한 줄에는 색깔 카드의 숫자만큼의 색만 놓을 수 있고, 오름차순이나 내림차순으로 놓습니다(같은 숫자 가능, 0은 10으로도 셈). 임무 2부터 제한 카드가 규칙을 더합니다.",
            "아무도 낼 수 없으면 팀이 각 색의 숨겨진 코드 숫자를 말합니다. 그 색을 아직 가진 사람은 말할 수 없습니다. 모두 맞으면 금고가 열립니다. 다섯 번 연속으로 열면 승리!",
        ],
        _ => &[],
    }
}

/// A preset in players' words: its display name and one line, in this language (no ids, no
/// citations: the design notes stay in `safehouse rules --design`). `None` for a preset this
/// table does not know yet (a test keeps every game's presets covered).
pub(crate) fn preset_words(game: &str, preset: &str, lang: Lang) -> Option<(&'static str, &'static str)> {
    let (en, ko) = match (game, preset) {
        ("club-unlock", "club-unlock") => (
            (
                "Club Unlock (English edition)",
                "When a key pile runs out, whoever took the last key puts a bonus on one safe of their choice.",
            ),
            (
                "클럽 언락 (영어판)",
                "열쇠 더미가 바닥나면 마지막 열쇠를 가져간 사람이 보너스를 놓을 금고 하나를 고릅니다.",
            ),
        ),
        ("club-unlock", "cash") => (
            (
                "CASH (Korean edition)",
                "When a key pile runs out, every safe on display that needs that colour gets a bonus.",
            ),
            ("캐시 (한국어판)", "열쇠 더미가 바닥나면 그 색이 필요한 펼쳐진 금고마다 보너스가 붙습니다."),
        ),
        ("safe-breaker", "standard") => {
            (("The rulebook", "The game as printed."), ("규칙서대로", "규칙서에 적힌 그대로 합니다."))
        }
        ("safe-breaker", "standard-with-limit") => (
            (
                "The rulebook with a question limit",
                "As printed, but after 150 questions players may only guess whole codes, so the game always ends.",
            ),
            (
                "질문 한도가 있는 규칙서",
                "규칙서대로 하되, 질문이 150번을 넘으면 코드 전체만 맞힐 수 있어 게임이 반드시 끝납니다.",
            ),
        ),
        ("safe-breaker", "quick-game") => (
            ("Quick game", "All the locks and keys nobody holds are shown face up."),
            ("빠른 게임", "아무도 갖지 않은 자물쇠와 열쇠를 모두 앞면으로 보여 줍니다."),
        ),
        ("safe-breaker", "keep-it-simple") => (
            ("Keep it simple", "A guess may name only someone's lock or only their key."),
            ("간단 규칙", "다른 사람의 자물쇠만 또는 열쇠만 맞힐 수도 있습니다."),
        ),
        ("safe-breaker", "memory") => (
            ("From memory", "No question log: remember the answers yourself."),
            ("기억으로 하기", "질문 기록이 없습니다. 답을 스스로 기억하세요."),
        ),
        ("safe-breaker", "open-eliminations") => (
            ("Open eliminations", "A player who guesses wrong shows their code to everyone."),
            ("공개 탈락", "잘못 맞혀 탈락한 사람이 코드를 모두에게 보여 줍니다."),
        ),
        ("explosiv", "published") => {
            (("Published rules", "The rules as published."), ("출판 규칙", "출판된 규칙대로 합니다."))
        }
        ("explosiv", "seed-only") => (
            (
                "Basic rules only",
                "No two-player rule, nothing placed on a blown-up row, tied rows go to nobody, red starts every round.",
            ),
            (
                "기본 규칙만",
                "2인 규칙 없음, 폭발한 줄에 카드 놓기 없음, 동점인 줄은 아무도 못 가져감, 매 라운드 빨강이 시작.",
            ),
        ),
        ("explosiv", "open") => (
            ("Open hands", "The table shows everyone which cards each player may still hold."),
            ("손패 공개", "각자 아직 가졌을 수 있는 카드를 모두에게 보여 줍니다."),
        ),
        ("explosiv", "hidden-discards") => (
            ("Hidden discards", "A player with nowhere to place a card discards one face down."),
            ("뒷면 버리기", "놓을 곳이 없는 사람은 카드 한 장을 뒷면으로 버립니다."),
        ),
        ("the-safe", "rulebook") => (
            ("The rulebook", "Crack five safes in a row; after a failed mission the team starts again from mission 1."),
            ("규칙서대로", "금고 다섯 개를 연속으로 여세요. 임무에 실패하면 임무 1부터 다시 시작합니다."),
        ),
        ("the-safe", "sudden-death") => (
            ("Sudden death", "A failed mission loses the game."),
            ("단판 승부", "임무에 한 번 실패하면 게임에 집니다."),
        ),
        ("the-safe", "strict-solo") => (
            ("Strict solo", "Playing alone, a colour left in your hand keeps that safe shut."),
            ("엄격한 혼자 하기", "혼자 할 때 손에 남은 색의 금고는 열리지 않습니다."),
        ),
        ("the-safe", "forgiving") => (
            ("Forgiving", "A failed mission is played again; missions already cracked still count."),
            ("너그러운 규칙", "실패한 임무를 다시 하고, 이미 연 임무는 그대로 인정됩니다."),
        ),
        _ => return None,
    };
    Some(match lang {
        Lang::En => en,
        Lang::Ko => ko,
    })
}

/// An option value in words for players (`"choose_one_safe"` → "on one safe of the taker's choice").
pub(crate) fn value_label(_game: &str, option: &str, value: &serde_json::Value, lang: Lang) -> String {
    use serde_json::Value;
    match value {
        Value::Null if option == "first_player" => lang.t("random", "무작위").to_owned(),
        Value::Null if option == "question_limit" => lang.t("no limit", "한도 없음").to_owned(),
        Value::Null => lang.t("none", "없음").to_owned(),
        Value::Bool(true) => lang.t("yes", "예").to_owned(),
        Value::Bool(false) => lang.t("no", "아니오").to_owned(),
        Value::Number(n) if option == "first_player" => {
            let seat = n.as_u64().unwrap_or(0) + 1;
            tr!(lang, "seat {seat}", "{seat}번 자리")
        }
        Value::Number(n) => n.to_string(),
        Value::String(s) => match value_words(s) {
            Some((en, ko)) => lang.t(en, ko).to_owned(),
            None => s.replace('_', " "),
        },
        other => other.to_string(),
    }
}

/// A named option value in English and Korean.
fn value_words(value: &str) -> Option<(&'static str, &'static str)> {
    Some(match value {
        "choose_one_safe" => ("on one safe of the taker's choice", "금고 하나를 골라서"),
        "every_matching_safe" => ("on every safe that needs the colour", "맞는 모든 금고에"),
        "off" => ("no bonus", "없음"),
        "shared" => ("shared win", "공동 승리"),
        "most_safes" => ("most safes wins", "금고가 많은 사람"),
        "perfect" => ("everything anyone could see", "모두 보여 줌"),
        "counts_only" => ("only how many", "개수만"),
        "secret" => ("in secret", "비밀로"),
        "open" => ("in the open", "공개로"),
        "all" => ("all", "모두"),
        "accused" => ("the player guessed at", "지목당한 사람"),
        "guesser" => ("the guesser", "맞힌 사람"),
        "guesser_eliminated" => ("the guesser is out", "맞힌 사람 탈락"),
        "turn_passes_to_accused" => ("only the turn passes", "차례만 넘어감"),
        "full" => ("all of it", "전부"),
        "last_n" => ("the last few", "최근 몇 개"),
        "none" => ("none", "없음"),
        "highest_card" => ("highest single card", "가장 높은 카드"),
        "last_played" => ("who played there last", "마지막에 낸 사람"),
        "discard_face_up" => ("discard face up", "앞면으로 버리기"),
        "discard_face_down" => ("discard face down", "뒷면으로 버리기"),
        "skip_keep" => ("pass and keep the cards", "넘기고 지키기"),
        "rotate" => ("passes to the left", "돌아가며"),
        "red_always" => ("always red", "항상 빨강"),
        "lowest_score" => ("lowest score", "점수가 가장 낮은 사람"),
        "discard" => ("leaves the game", "게임에서 빠짐"),
        "carry_over" => ("stays for the next round", "다음 라운드에 남음"),
        "most_briefcases" => ("most briefcases wins", "서류 가방이 많은 사람"),
        "lose" => ("the team loses", "패배"),
        "retry_mission" => ("play the mission again", "같은 임무 다시"),
        "restart_from_mission_1" => ("start again from mission 1", "임무 1부터 다시"),
        "left_to_right" => ("left to right", "왼쪽부터"),
        "random" => ("random", "무작위"),
        "reserve_slot" => ("keep a place free", "자리 비워 두기"),
        "end_of_mission" => ("check when the mission ends", "임무 끝에 확인"),
        "fail" => ("the safe stays shut", "금고가 열리지 않음"),
        "allowed" => ("you may still name it", "그래도 말할 수 있음"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use safehouse_engine::OptionDomain;

    use super::*;

    /// Every named value an option can take, through optional and any-of domains.
    fn named_values(domain: &OptionDomain, out: &mut Vec<String>) {
        match domain {
            OptionDomain::Choice { values } => out.extend(values.iter().cloned()),
            OptionDomain::Optional { some } => named_values(some, out),
            OptionDomain::AnyOf { alternatives } => alternatives.iter().for_each(|a| named_values(a, out)),
            OptionDomain::Bool | OptionDomain::Integer { .. } => {}
        }
    }

    #[test]
    fn every_preset_and_named_value_has_players_words_in_both_languages() {
        for game in safehouse_games::all() {
            let id = game.info().id;
            for (preset, _, _) in game.presets() {
                for lang in [Lang::En, Lang::Ko] {
                    let words = preset_words(id, preset, lang);
                    assert!(words.is_some_and(|(n, h)| !n.is_empty() && !h.is_empty()), "{id}: preset {preset}");
                }
            }
            for doc in game.option_docs() {
                let mut values = Vec::new();
                named_values(&doc.domain, &mut values);
                for value in values {
                    assert!(value_words(&value).is_some(), "{id}.{}: no words for {value:?}", doc.name);
                }
            }
        }
    }
}
