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

use std::collections::BTreeSet;
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
            "the game crates" => out.extend(
                ["club-unlock", "safe-breaker", "explosiv", "the-safe"].iter().map(|g| format!("safehouse-{g}")),
            ),
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
    let mut in_code = BTreeSet::new();
    for file in &files {
        let text = read(file);
        in_code.extend(literals_after(&text, "ApiError::new(", true));
        // Typed errors map to a status and a code in one tuple: `=> (StatusCode::X, "code")`.
        for line in text.lines().filter(|l| l.contains("=> (StatusCode::")) {
            if let Some(code) = line.split(", \"").nth(1).and_then(|r| r.split('"').next()) {
                in_code.insert(code.to_owned());
            }
        }
    }
    // The engine's own codes, which the server passes on (`ActionError::code`, `SetupError::code`).
    let engine = read(&root.join("crates/safehouse-engine/src/error.rs"));
    let mut engine_codes: BTreeSet<String> = literals_after(&engine, "=> \"", false).into_iter().collect();
    for line in engine.lines().filter(|l| l.contains("=> \"")) {
        if let Some(code) = line.split("=> \"").nth(1).and_then(|r| r.split('"').next()) {
            engine_codes.insert(code.to_owned());
        }
    }
    let docs = read(&root.join("docs/server.md"));
    let table = docs.split("## Error codes").nth(1).expect("an error-code table");
    let table = table.split("\n## ").next().unwrap_or(table);
    let mut documented = BTreeSet::new();
    for row in table.lines().filter(|l| l.starts_with("| `")) {
        let first = strip_parentheses(row.trim_matches('|').split(" | ").next().unwrap_or(""));
        documented.extend(first.split('`').skip(1).step_by(2).map(str::to_owned));
    }
    let undocumented: Vec<&String> = in_code.difference(&documented).collect();
    let known: BTreeSet<String> = in_code.union(&engine_codes).cloned().collect();
    let stale: Vec<&String> = documented.difference(&known).collect();
    assert!(
        undocumented.is_empty() && stale.is_empty(),
        "docs/server.md's error codes: not in the table {undocumented:?}; in the table but not in the code {stale:?}"
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
