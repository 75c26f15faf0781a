//! Tidy tests: the written claims about the code stay true.
//!
//! - every Rust file of the workspace starts with a `//!` header saying what it holds;
//! - ARCHITECTURE.md's code map names every crate of the workspace (read from the manifests)
//!   and its "may depend on" column allows every internal dependency the manifests declare;
//! - docs/server.md's error-code table lists every code the server answers with, and nothing
//!   the code no longer has;
//! - every rule of a game's `Rule` enum (read from the enum) has an explanation in the web
//!   table's module for that game.
//!
//! Plain text scanning, no parser: the checks are about the files as people read them.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("the workspace root")
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                rust_files(&path, out);
            }
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

/// A workspace crate as its manifest declares it.
struct Manifest {
    name: String,
    dir: PathBuf,
    /// The `safehouse*` crates in `[dependencies]` (not dev or build dependencies).
    internal: BTreeSet<String>,
}

fn manifests() -> Vec<Manifest> {
    let mut out = Vec::new();
    for entry in fs::read_dir(root().join("crates")).expect("crates/").flatten() {
        let path = entry.path().join("Cargo.toml");
        if !path.exists() {
            continue;
        }
        let text = read(&path);
        let mut section = String::new();
        let mut name = None;
        let mut internal = BTreeSet::new();
        for line in text.lines().map(str::trim) {
            if line.starts_with('[') {
                section = line.trim_matches(['[', ']']).to_owned();
                continue;
            }
            let key = line.split(['=', '.', ' ']).next().unwrap_or("");
            if section == "package" && key == "name" {
                name = line.split('"').nth(1).map(str::to_owned);
            }
            if section == "dependencies" && key.starts_with("safehouse") {
                internal.insert(key.to_owned());
            }
        }
        let name = name.unwrap_or_else(|| panic!("{}: no package name", path.display()));
        out.push(Manifest { name, dir: entry.path(), internal });
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

#[test]
fn every_rust_file_starts_with_a_header() {
    let mut files = Vec::new();
    for manifest in manifests() {
        rust_files(&manifest.dir, &mut files);
    }
    rust_files(&root().join("examples"), &mut files);
    assert!(files.len() > 50, "only {} Rust files found", files.len());
    let missing: Vec<String> = files
        .iter()
        .filter(|path| !read(path).trim_start().starts_with("//!"))
        .map(|path| path.strip_prefix(root()).unwrap_or(path).display().to_string())
        .collect();
    assert!(missing.is_empty(), "files without a `//!` header saying what they hold:\n{}", missing.join("\n"));
}

/// The text without its parenthesised remarks.
fn strip_parentheses(text: &str) -> String {
    let mut text = text.to_owned();
    while let (Some(open), Some(close)) = (text.find('('), text.find(')')) {
        if close < open {
            break;
        }
        text.replace_range(open..=close, "");
    }
    text
}

/// The crates a "may depend on" cell allows, given the crates of the rows above it.
fn allowed(cell: &str, above: &[String], crates: &BTreeSet<String>) -> BTreeSet<String> {
    let cell = strip_parentheses(cell);
    let mut out = BTreeSet::new();
    for word in cell.split(',').map(|w| w.trim().trim_end_matches(" only").trim()) {
        match word {
            "everything above" => out.extend(above.iter().cloned()),
            "the game crates" => out.extend(safehouse_games::ids().into_iter().map(|g| format!("safehouse-{g}"))),
            other => {
                let name = format!("safehouse-{other}");
                if crates.contains(&name) {
                    out.insert(name);
                }
            }
        }
    }
    out
}

#[test]
fn the_architecture_code_map_matches_the_manifests() {
    let manifests = manifests();
    let crates: BTreeSet<String> = manifests.iter().map(|m| m.name.clone()).collect();
    let text = read(&root().join("ARCHITECTURE.md"));
    let map = text.split("## Code map").nth(1).expect("a code map section");
    let map = map.split("\n## ").next().unwrap_or(map);
    let mut above: Vec<String> = Vec::new();
    let mut problems = Vec::new();
    for row in map.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = row.trim_matches('|').split(" | ").collect();
        let names: Vec<String> = cells[0].split('`').skip(1).step_by(2).map(str::to_owned).collect();
        let may = allowed(cells.last().copied().unwrap_or(""), &above, &crates);
        for name in &names {
            match manifests.iter().find(|m| &m.name == name) {
                None => problems.push(format!("{name} is in the code map but has no manifest")),
                Some(m) => {
                    for dep in m.internal.difference(&may) {
                        problems.push(format!("{name} depends on {dep}, which its row does not allow"));
                    }
                }
            }
        }
        above.extend(names);
    }
    for name in crates.iter().filter(|c| !above.contains(c)) {
        problems.push(format!("{name} has no row in the code map"));
    }
    assert!(problems.is_empty(), "ARCHITECTURE.md's code map:\n{}", problems.join("\n"));
}

/// The string literal right after `marker` (skipping whitespace, and one argument before it
/// when `skip_first_argument`), for every occurrence of `marker` in `text`.
fn literals_after(text: &str, marker: &str, skip_first_argument: bool) -> Vec<String> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices(marker) {
        let mut rest = &text[at + marker.len()..];
        if skip_first_argument {
            let Some(comma) = rest.find(',') else { continue };
            rest = &rest[comma + 1..];
        }
        let rest = rest.trim_start();
        if let Some(literal) = rest.strip_prefix('"').and_then(|r| r.split('"').next()) {
            out.push(literal.to_owned());
        }
    }
    out
}

#[test]
fn the_server_error_table_lists_every_code() {
    let root = root();
    let mut files = Vec::new();
    rust_files(&root.join("crates/safehouse-server/src"), &mut files);
    // The API's extractors refuse in `safehouse-api` (`extract.rs`), with codes of the same table.
    files.push(root.join("crates/safehouse-api/src/extract.rs"));
    let mut in_code = BTreeSet::new();
    for file in &files {
        let text = read(file);
        in_code.extend(literals_after(&text, "ApiError::new(", true));
        in_code.extend(literals_after(&text, "Refusal::new(", true));
        // Typed errors map to a status and a code in one tuple: `=> (StatusCode::X, "code")`.
        for line in text.lines().filter(|l| l.contains("=> (StatusCode::")) {
            if let Some(code) = line.split(", \"").nth(1).and_then(|r| r.split('"').next()) {
                in_code.insert(code.to_owned());
            }
        }
    }
    // The WebSocket's commands name their refusals' codes in `CommandError::code`.
    let commands = read(&root.join("crates/safehouse-api/src/commands.rs"));
    in_code.extend(literals_after(&commands, "=> ", false));
    let engine_codes = engine_codes();
    let documented = documented_codes(&read(&root.join("docs/server.md")), "## Error codes");
    let undocumented: Vec<&String> = in_code.difference(&documented).collect();
    let known: BTreeSet<String> = in_code.union(&engine_codes).cloned().collect();
    let stale: Vec<&String> = documented.difference(&known).collect();
    assert!(
        undocumented.is_empty() && stale.is_empty(),
        "docs/server.md's error codes: not in the table {undocumented:?}; in the table but not in the code {stale:?}"
    );
}

/// The engine's own error codes (`ActionError::code`, `SetupError::code`, ...), which the server
/// and the engine protocol pass on.
fn engine_codes() -> BTreeSet<String> {
    let engine = read(&root().join("crates/safehouse-engine/src/error.rs"));
    engine.lines().filter_map(|l| l.split("=> \"").nth(1)?.split('"').next().map(str::to_owned)).collect()
}

/// The codes in the first column of the table after `heading` in `docs`.
fn documented_codes(docs: &str, heading: &str) -> BTreeSet<String> {
    let table = docs.split(heading).nth(1).unwrap_or_else(|| panic!("no {heading}"));
    let table = table.split("\n#").next().unwrap_or(table);
    let mut documented = BTreeSet::new();
    for row in table.lines().filter(|l| l.starts_with("| `")) {
        let first = strip_parentheses(row.trim_matches('|').split(" | ").next().unwrap_or(""));
        documented.extend(first.split('`').skip(1).step_by(2).map(str::to_owned));
    }
    documented
}

#[test]
fn the_engine_protocol_error_table_lists_every_code() {
    let root = root();
    let mut in_code = BTreeSet::new();
    let mut files = Vec::new();
    rust_files(&root.join("crates/safehouse-protocol/src"), &mut files);
    for file in &files {
        in_code.extend(literals_after(&read(file), "ProtocolError::new(", false));
    }
    assert!(in_code.contains("bad_seat") && in_code.contains("bad_json"), "the codes are read: {in_code:?}");
    let documented = documented_codes(&read(&root.join("docs/protocol.md")), "### Error codes");
    let undocumented: Vec<&String> = in_code.difference(&documented).collect();
    let known: BTreeSet<String> = in_code.union(&engine_codes()).cloned().collect();
    let stale: Vec<&String> = documented.difference(&known).collect();
    assert!(
        undocumented.is_empty() && stale.is_empty(),
        "docs/protocol.md's error codes: not in the table {undocumented:?}; in the table but not in the code {stale:?}"
    );
}

/// The text of the function `name` in `text`, from its `fn` to the next item at its indentation.
fn function<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let start = text.find(&format!("fn {name}("))?;
    let indent = text[..start].rsplit('\n').next().unwrap_or("");
    let rest = &text[start..];
    let end = rest.find(&format!("\n{indent}}}")).map_or(rest.len(), |end| end + indent.len() + 2);
    Some(&rest[..end])
}

/// Whether `text` names `path` (`Rule::MustAct`) as a whole path, not as the start of a longer one.
fn names(text: &str, path: &str) -> bool {
    text.match_indices(path)
        .any(|(at, _)| !text[at + path.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
}

/// The explanations of refusals in crates/safehouse-web, for every rule each game's `Rule`
/// enum lists. The web parses the code back into the enum and matches it with no catch-all arm,
/// so a rule without an arm does not build; this checks what the compiler cannot: that every
/// rule is named in `explain` (a `_ =>` arm added there would swallow a new rule silently),
/// that the game's rules refuse with it, and that its code is snake_case, unique and reads back
/// into the rule.
#[test]
fn every_rule_code_has_an_explanation_in_the_web_table() {
    fn rules<R: RuleCode + Copy + PartialEq + std::fmt::Debug>(
        all: &[R],
        from_code: fn(&str) -> Option<R>,
    ) -> Vec<(String, &'static str, bool)> {
        all.iter().map(|rule| (format!("{rule:?}"), rule.code(), from_code(rule.code()) == Some(*rule))).collect()
    }
    use safehouse_engine::RuleCode;
    let games = [
        ("club-unlock", rules(safehouse_club_unlock::Rule::ALL, safehouse_club_unlock::Rule::from_code)),
        ("safe-breaker", rules(safehouse_safe_breaker::Rule::ALL, safehouse_safe_breaker::Rule::from_code)),
        ("explosiv", rules(safehouse_explosiv::Rule::ALL, safehouse_explosiv::Rule::from_code)),
        ("the-safe", rules(safehouse_the_safe::Rule::ALL, safehouse_the_safe::Rule::from_code)),
    ];
    // `Rule` is each crate's own enum, not a type of the `Game` trait, so this list is written
    // out; it must still cover the registry.
    assert_eq!(
        games.iter().map(|(game, _)| *game).collect::<Vec<_>>(),
        safehouse_games::ids(),
        "a game is missing here"
    );
    let root = root();
    let mut problems = Vec::new();
    for (game, rules) in &games {
        assert!(!rules.is_empty(), "{game}: no rules");
        let web_file = root.join(format!("crates/safehouse-web/src/games/{}.rs", game.replace('-', "_")));
        let web = read(&web_file);
        let explain = function(&web, "explain").unwrap_or_else(|| panic!("{}: no fn explain", web_file.display()));
        let mut files = Vec::new();
        rust_files(&root.join(format!("crates/safehouse-{game}/src")), &mut files);
        let sources: String = files.iter().map(|f| read(f)).collect();
        let mut codes = BTreeSet::new();
        for (name, code, reads_back) in rules {
            if !code.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                problems.push(format!("{game}: rule code `{code}` is not snake_case"));
            }
            if !codes.insert(*code) {
                problems.push(format!("{game}: two rules have the code `{code}`"));
            }
            if !reads_back {
                problems.push(format!("{game}: rule code `{code}` does not read back into Rule::{name}"));
            }
            if !names(explain, &format!("Rule::{name}")) {
                problems.push(format!("{game}: rule `{code}` has no explanation"));
            }
            if !names(&sources, &format!("Rule::{name}")) {
                problems.push(format!("{game}: rule `{code}` is never used to refuse an action"));
            }
        }
    }
    assert!(problems.is_empty(), "rules without an explanation in crates/safehouse-web:\n{}", problems.join("\n"));
}

/// `text` without its `//` comments (doc comments name modules freely) and without its
/// `#[cfg(test)]` module (tests may reach anywhere).
fn code_only(text: &str) -> String {
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text);
    text.lines().map(|line| line.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// The first path segment of every path `text` names after `crate::`, with `use crate::{a::X, b}`
/// groups opened: `["a", "b"]`.
fn crate_paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices("crate::") {
        let rest = &text[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let end = group
                .char_indices()
                .find(|&(_, c)| {
                    depth += match c {
                        '{' => 1,
                        '}' => -1,
                        _ => 0,
                    };
                    depth == 0
                })
                .map_or(group.len(), |(i, _)| i);
            let mut depth = 0;
            let mut item = String::new();
            for c in group[..end].chars().chain([',']) {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        let first = item.trim().split("::").next().unwrap_or("").trim().to_owned();
                        if !first.is_empty() {
                            out.push(first);
                        }
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                item.push(c);
            }
        } else {
            let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            if !name.is_empty() {
                out.push(name);
            }
        }
    }
    out
}

/// Whether the crate root may define items of its own that modules use.
#[derive(Clone, Copy, PartialEq)]
enum RootItems {
    /// Every item lives in a module (the game crates' shape): a path to one defined in lib.rs is
    /// a problem.
    Forbidden,
    /// The root defines shared items (a trait, an error type): a path to one is no edge between
    /// modules.
    Allowed,
}

/// A crate's top-level modules and what each names through `crate::`, read from `lib` (the text
/// of the crate root) and each module's code (`(name, text)`, a module's submodules in its text).
/// `Err` lists paths that name an item the root itself defines, when `root_items` forbids them.
fn module_graph(
    lib: &str,
    modules: &[(String, String)],
    root_items: RootItems,
) -> Result<BTreeMap<String, BTreeSet<String>>, Vec<String>> {
    let lib = code_only(lib);
    let declared: BTreeSet<String> = lib
        .lines()
        .filter_map(|l| l.trim().trim_start_matches("pub ").trim_start_matches("pub(crate) ").strip_prefix("mod "))
        .map(|m| m.trim_end_matches(';').trim().to_owned())
        .collect();
    // Items lib.rs re-exports: `pub use state::{Deal, Phase};` names them after their module.
    let mut reexported = BTreeMap::new();
    for (at, _) in lib.match_indices("pub use ") {
        let rest = &lib[at + "pub use ".len()..];
        let rest = &rest[..rest.find(';').unwrap_or(rest.len())];
        let Some((module, items)) = rest.split_once("::") else { continue };
        for item in items.trim_matches(['{', '}', ' ', '\n']).split(',') {
            let name = item.split(" as ").last().unwrap_or("").trim().rsplit("::").next().unwrap_or("").trim();
            if !name.is_empty() {
                reexported.insert(name.to_owned(), module.trim().to_owned());
            }
        }
    }
    let mut graph = BTreeMap::new();
    let mut problems = Vec::new();
    for (name, text) in modules {
        let mut uses = BTreeSet::new();
        for first in crate_paths(&code_only(text)) {
            let target = if declared.contains(&first) { Some(&first) } else { reexported.get(&first) };
            match target {
                Some(target) if target != name => {
                    uses.insert(target.clone());
                }
                Some(_) => {}
                None if first == "self" || root_items == RootItems::Allowed => {}
                None => problems
                    .push(format!("`{name}` uses `crate::{first}`, which lib.rs defines: move it to its module")),
            }
        }
        graph.insert(name.clone(), uses);
    }
    for name in &declared {
        graph.entry(name.clone()).or_default();
    }
    if problems.is_empty() { Ok(graph) } else { Err(problems) }
}

/// The groups of modules that reach each other through `crate::` paths (each a cycle).
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let names: Vec<&String> = graph.keys().collect();
    let index = |name: &String| names.iter().position(|n| *n == name);
    let n = names.len();
    let mut reach = vec![vec![false; n]; n];
    for (from, uses) in graph {
        for to in uses {
            if let (Some(a), Some(b)) = (index(from), index(to)) {
                reach[a][b] = true;
            }
        }
    }
    for k in 0..n {
        for a in 0..n {
            for b in 0..n {
                reach[a][b] |= reach[a][k] && reach[k][b];
            }
        }
    }
    let mut seen = vec![false; n];
    let mut out = Vec::new();
    for a in 0..n {
        if seen[a] || !reach[a][a] {
            continue;
        }
        let group: Vec<usize> = (0..n).filter(|&b| reach[a][b] && reach[b][a]).collect();
        for &b in &group {
            seen[b] = true;
        }
        out.push(group.into_iter().map(|b| names[b].clone()).collect());
    }
    out
}

/// A crate's root (lib.rs, or main.rs for a binary) and its top-level modules (`name.rs` or
/// `name/mod.rs`), each with its submodules' text appended. `src/bin/` holds other crates.
fn crate_modules(src: &Path) -> (String, Vec<(String, String)>) {
    let root_file = if src.join("lib.rs").exists() { "lib.rs" } else { "main.rs" };
    let lib = read(&src.join(root_file));
    let mut modules = Vec::new();
    for entry in fs::read_dir(src).expect("src/").flatten() {
        let path = entry.path();
        let Some(name) = path.file_stem().map(|s| s.to_string_lossy().into_owned()) else { continue };
        let file = if path.is_dir() { path.join("mod.rs") } else { path.clone() };
        let is_module = if path.is_dir() {
            name != "bin" && !src.join(format!("{name}.rs")).exists()
        } else {
            path.extension().is_some_and(|e| e == "rs") && format!("{name}.rs") != root_file
        };
        if !is_module {
            continue;
        }
        let mut text = if file.exists() { read(&file) } else { String::new() };
        let mut inner = Vec::new();
        rust_files(&src.join(&name), &mut inner);
        for file in inner.into_iter().filter(|f| !f.ends_with("mod.rs") || f.parent() != Some(&src.join(&name))) {
            text.push('\n');
            text.push_str(&read(&file));
        }
        modules.push((name, text));
    }
    modules.sort();
    (lib, modules)
}

/// A game crate's lib.rs and its top-level modules ([`crate_modules`]).
fn game_crate(game: &str) -> (String, Vec<(String, String)>) {
    crate_modules(&root().join(format!("crates/safehouse-{game}/src")))
}

/// The helper each method of `impl Game for T` in `lib` hands over to (`fn view` →
/// `build_view`): the first `self.name(`, `Self::name(` or `T::name(` call in its body.
fn game_helpers(lib: &str) -> BTreeMap<String, String> {
    let lib = code_only(lib);
    let Some(start) = lib.find("impl Game for ") else { return BTreeMap::new() };
    let block = &lib[start..];
    let game: String = block["impl Game for ".len()..].chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
    let block = &block[..block.find("\n}").unwrap_or(block.len())];
    let mut out = BTreeMap::new();
    for part in block.split("\n    fn ").skip(1) {
        let ident =
            |text: &str| -> String { text.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect() };
        let name = ident(part);
        let body = &part[part.find('{').unwrap_or(0)..];
        let call = ["self.".to_owned(), "Self::".to_owned(), format!("{game}::")].iter().find_map(|prefix| {
            body.match_indices(prefix.as_str()).find_map(|(at, _)| {
                let rest = &body[at + prefix.len()..];
                let helper = ident(rest);
                (!helper.is_empty() && rest[helper.len()..].starts_with('(')).then_some(helper)
            })
        });
        if let Some(helper) = call {
            out.insert(name, helper);
        }
    }
    out
}

/// The game crates keep one inner shape (issue 18): the same top-level modules, every type in
/// a module (none defined in lib.rs, which holds the modules, re-exports and `impl Game`), the
/// same helper names behind `impl Game`, and no cycle of `crate::` paths between modules (types
/// live below the logic that uses them).
#[test]
fn the_game_crates_have_one_shape_without_module_cycles() {
    let mut problems = Vec::new();
    let mut shapes = Vec::new();
    let mut helpers: BTreeMap<String, BTreeMap<String, &str>> = BTreeMap::new();
    // The game crates, which share one inner shape: one per game of the registry.
    for game in safehouse_games::ids() {
        let (lib, modules) = game_crate(game);
        match module_graph(&lib, &modules, RootItems::Forbidden) {
            Err(found) => problems.extend(found.into_iter().map(|p| format!("{game}: {p}"))),
            Ok(graph) => {
                for cycle in cycles(&graph) {
                    problems.push(format!("{game}: modules {} use each other (a cycle)", cycle.join(", ")));
                }
                shapes.push((game, graph.keys().cloned().collect::<BTreeSet<_>>()));
            }
        }
        for (method, helper) in game_helpers(&lib) {
            helpers.entry(method).or_default().insert(helper, game);
        }
    }
    for (game, modules) in &shapes[1..] {
        let (first, expected) = &shapes[0];
        if modules != expected {
            problems.push(format!("{game} has the modules {modules:?}, {first} has {expected:?}"));
        }
    }
    for (method, by_helper) in &helpers {
        if by_helper.len() > 1 {
            problems.push(format!("`Game::{method}` hands over to differently named helpers: {by_helper:?}"));
        }
    }
    assert!(problems.is_empty(), "the game crates' shape:\n{}", problems.join("\n"));
}

/// The shape check sees a cycle, also one through an item lib.rs re-exports, and an item
/// defined in lib.rs.
#[test]
fn the_shape_check_catches_a_planted_cycle() {
    let lib = "mod state;\nmod view;\nmod rules;\npub use view::{SeatView, View};\n";
    let module = |name: &str, text: &str| (name.to_owned(), text.to_owned());
    let clean = [
        module("state", "use crate::rules::Rule; // crate::view in a comment\n"),
        module("rules", "pub enum Rule {}\n"),
        module("view", "use crate::{rules::Rule, state::{self, Phase}};\n"),
    ];
    assert_eq!(cycles(&module_graph(lib, &clean, RootItems::Forbidden).expect("graph")), Vec::<Vec<String>>::new());
    let planted = [
        module("state", "use crate::rules::Rule;\nfn f(v: &crate::View) {}\n"),
        module("rules", "pub enum Rule {}\n"),
        module("view", "use crate::{rules::Rule, state::{self, Phase}};\n"),
    ];
    assert_eq!(
        cycles(&module_graph(lib, &planted, RootItems::Forbidden).expect("graph")),
        vec![vec!["state".to_owned(), "view".to_owned()]]
    );
    let in_lib = [module("view", "use crate::Game;\n")];
    assert!(module_graph(lib, &in_lib, RootItems::Forbidden).is_err());
    // Where the root may hold shared items, a path to one is no edge, and a cycle still shows.
    assert_eq!(module_graph(lib, &in_lib, RootItems::Allowed).expect("graph")["view"], BTreeSet::new());
    assert_eq!(
        cycles(&module_graph(lib, &planted, RootItems::Allowed).expect("graph")),
        vec![vec!["state".to_owned(), "view".to_owned()]]
    );
}

/// No crate's top-level modules use each other in a cycle (issue 18): each crate's modules are
/// layered, so that a module can be read, and changed, knowing only the ones below it. This
/// covers every crate, its root's own items aside; the game crates' stricter shape is above.
#[test]
fn no_crate_has_a_cycle_of_modules() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for entry in fs::read_dir(root().join("crates")).expect("crates/").flatten() {
        let src = entry.path().join("src");
        if !src.join("lib.rs").exists() && !src.join("main.rs").exists() {
            continue;
        }
        let krate = entry.file_name().to_string_lossy().into_owned();
        let (lib, modules) = crate_modules(&src);
        checked += modules.len();
        let graph = module_graph(&lib, &modules, RootItems::Allowed).expect("allowed root items give no error");
        for cycle in cycles(&graph) {
            problems.push(format!("{krate}: modules {} use each other (a cycle)", cycle.join(", ")));
        }
    }
    assert!(checked > 50, "read only {checked} modules: is the crates/ layout what this test expects?");
    assert!(problems.is_empty(), "module cycles:\n{}", problems.join("\n"));
}

/// The module reader sees a directory module (`name/mod.rs` and its files) as one module.
#[test]
fn a_directory_module_is_one_module() {
    let (_, modules) = crate_modules(&root().join("crates/safehouse-web/src"));
    let games = modules.iter().find(|(name, _)| name == "games").expect("the web's games/ module");
    assert!(games.1.contains("pub(crate) mod club_unlock;"), "games/mod.rs is read");
    assert!(games.1.contains("impl GameUi for"), "its files are read with it");
    assert!(!modules.iter().any(|(name, _)| name == "mod" || name == "club_unlock"));
}
