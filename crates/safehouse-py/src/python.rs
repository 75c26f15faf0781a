//! The PyO3 extension module `safehouse._native` (feature `python`). Thin: every call goes to
//! the engine's run-time interface or to this crate's core; the Python-side API (keyword
//! arguments, PettingZoo environments, pandas) lives in `python/safehouse/`.

use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use safehouse_bots::DynBot;
use safehouse_engine::{DynRecord, DynSetup, Seat, Viewer};
use serde::Serialize;
use serde_json::{Value, json};

use crate::encoded::{EncodedMatch, PyError};
use crate::state::EncodedState;
use crate::vector::VecEnv;

pyo3::create_exception!(
    _native,
    SafehouseError,
    PyException,
    "An error of the Safehouse engine; `code` is its stable machine code."
);

fn raise(py: Python<'_>, error: impl Into<PyError>) -> PyErr {
    let error = error.into();
    let err = SafehouseError::new_err(error.to_string());
    // Setting an attribute on a fresh exception object cannot fail in practice; keep the error either way.
    let _ = err.value(py).setattr("code", error.code());
    err
}

/// A seed from Python: a whole number from 0 to 2^64 - 1. Out of that range it is a
/// `SafehouseError` (`bad_argument`) that says so, as every other bad argument is, rather than
/// PyO3's `OverflowError` ("can't convert negative int to unsigned"); not a number stays a
/// `TypeError`.
#[derive(Clone, Copy, Debug)]
struct Seed(u64);

impl<'a, 'py> FromPyObject<'a, 'py> for Seed {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Seed> {
        obj.extract::<u64>().map(Seed).map_err(|error| {
            if error.is_instance_of::<pyo3::exceptions::PyOverflowError>(obj.py()) {
                let given = obj.str().map(|s| s.to_string()).unwrap_or_default();
                raise(
                    obj.py(),
                    PyError::BadArgument(format!("a seed is a whole number from 0 to 2**64 - 1, not {given}")),
                )
            } else {
                error
            }
        })
    }
}

fn to_py<'py>(py: Python<'py>, value: &impl Serialize) -> PyResult<Bound<'py, PyAny>> {
    pythonize::pythonize(py, value).map_err(|e| raise(py, PyError::BadArgument(e.to_string())))
}

fn from_py(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Value> {
    pythonize::depythonize(value).map_err(|e| raise(py, PyError::BadArgument(e.to_string())))
}

fn seat_of(py: Python<'_>, seat: i64, players: usize) -> PyResult<Seat> {
    if seat >= 0 && (seat as usize) < players {
        Ok(Seat(seat as u8))
    } else {
        Err(raise(py, PyError::BadArgument(format!("seat {seat} is not a seat of this {players}-player table"))))
    }
}

fn viewer_of(py: Python<'_>, seat: Option<i64>, players: usize) -> PyResult<Viewer> {
    seat.map_or(Ok(Viewer::Spectator), |s| seat_of(py, s, players).map(Viewer::Seat))
}

/// Every game: id, name, summary, player counts, aliases, presets and option docs.
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let list: Vec<Value> = safehouse_games::all()
        .iter()
        .map(|game| {
            let info = game.info();
            json!({
                "id": info.id,
                "name": info.name,
                "summary": info.summary,
                "min_players": info.min_players,
                "max_players": info.max_players,
                "default_players": info.default_players,
                "cooperative": info.cooperative,
                "aliases": info.aliases.iter().map(|a| json!({"id": a.id, "preset": a.preset})).collect::<Vec<_>>(),
                "presets": game.presets().into_iter().map(|(name, help, options)| json!({"name": name, "help": help, "options": options})).collect::<Vec<_>>(),
                "default_options": game.default_options(),
                "bots": safehouse_bots::bot_kinds(info.id),
            })
        })
        .collect();
    to_py(py, &list)
}

/// A live match.
#[pyclass(name = "Match", module = "safehouse._native")]
struct PyMatch {
    inner: Box<dyn EncodedMatch>,
}

#[pymethods]
impl PyMatch {
    /// The game's id.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.dyn_match().info().id
    }

    /// Number of seats.
    #[getter]
    fn players(&self) -> usize {
        self.inner.dyn_match().players()
    }

    /// The seat whose decision it is, or None once the game is over.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        self.inner.dyn_match().to_move().map(|s| s.0)
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.dyn_match().to_move().is_none()
    }

    /// Size of the fixed action space (`Discrete(N)`).
    #[getter]
    fn action_space(&self) -> usize {
        self.inner.action_space()
    }

    /// Length of the observation tensor.
    #[getter]
    fn observation_len(&self) -> usize {
        self.inner.observation_len()
    }

    /// Number of actions applied so far.
    #[getter]
    fn action_count(&self) -> usize {
        self.inner.dyn_match().action_count()
    }

    /// The legal actions of the seat to move, as Python objects (dicts).
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.dyn_match().legal_actions())
    }

    /// The legal actions with a line of text each: a list of (action, text).
    fn legal_actions_described<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.dyn_match().legal_actions_described())
    }

    /// The fixed indices of the legal actions, in the order of `legal_actions()`.
    fn legal_indices(&self) -> Vec<usize> {
        self.inner.legal_indices()
    }

    /// The mask of legal actions over the fixed action space (int8, 1 for legal).
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let mut mask = vec![0i8; self.inner.action_space()];
        for i in self.inner.legal_indices() {
            if let Some(m) = mask.get_mut(i) {
                *m = 1;
            }
        }
        PyArray1::from_vec(py, mask)
    }

    /// The fixed index of an action (a dict), or None if it is not an action of this game.
    fn action_index(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        Ok(self.inner.index_of(&from_py(py, action)?))
    }

    /// The fixed indices of `actions` (a list of dicts) as the seat whose `view` it is sees them,
    /// for a view and legal actions that came from elsewhere (the player protocol, a server):
    /// None for one that is not an action of this game. A malformed view raises SafehouseError.
    fn action_indices_in<'py>(
        &self,
        py: Python<'py>,
        view: &Bound<'_, PyAny>,
        actions: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<Option<usize>>> {
        let view = from_py(py, view)?;
        let actions: Vec<Value> = match from_py(py, actions)? {
            Value::Array(actions) => actions,
            _ => return Err(raise(py, PyError::BadArgument("actions must be a list".into()))),
        };
        self.inner.indices_in_view(&view, &actions).map_err(|e| raise(py, e))
    }

    /// Applies `seat`'s action: a dict (one of `legal_actions()`) or a fixed index (an int).
    /// An illegal action raises SafehouseError and changes nothing.
    fn apply(&mut self, py: Python<'_>, seat: i64, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let seat = seat_of(py, seat, self.players())?;
        let result = match action.extract::<i64>() {
            Ok(index) if index >= 0 => self.inner.act_index(seat, index as usize),
            Ok(index) => {
                return Err(raise(py, PyError::BadArgument(format!("action index {index} is negative"))));
            }
            Err(_) => {
                let action = from_py(py, action)?;
                self.inner.act(seat, &action)
            }
        };
        result.map_err(|e| raise(py, e))
    }

    /// What `seat` may see (None: a spectator), as Python objects.
    #[pyo3(signature = (seat=None))]
    fn view<'py>(&self, py: Python<'py>, seat: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        let viewer = viewer_of(py, seat, self.players())?;
        to_py(py, &self.inner.dyn_match().view(viewer))
    }

    /// What `seat` may see, drawn as text.
    #[pyo3(signature = (seat=None))]
    fn view_text(&self, py: Python<'_>, seat: Option<i64>) -> PyResult<String> {
        let viewer = viewer_of(py, seat, self.players())?;
        Ok(self.inner.dyn_match().view_text(viewer))
    }

    /// `seat`'s observation tensor (float32), built from its view alone.
    fn observation<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = seat_of(py, seat, self.players())?;
        let mut out = Vec::with_capacity(self.inner.observation_len());
        self.inner.observe(seat, &mut out);
        Ok(PyArray1::from_vec(py, out))
    }

    /// The observation tensor of a seat's view given as Python objects (as `view(seat)` returns).
    fn encode_view<'py>(&self, py: Python<'py>, view: &Bound<'_, PyAny>) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let view = from_py(py, view)?;
        let out = self.inner.encode_view(&view).map_err(|e| raise(py, e))?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// The fields of the observation tensor: a list of dicts (name, offset, len, help).
    fn observation_fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.fields())
    }

    /// The whole state (for tools and audits; never for a seat).
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.dyn_match().state())
    }

    /// The result once the game is over (a dict), else None.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.inner.dyn_match().outcome().map(|o| to_py(py, &o)).transpose()
    }

    /// Each seat's share of the win once over (1 sole winner, 1/k for k tied, 0 otherwise; a
    /// co-operative team that won gives every seat 1), else None.
    fn win_shares(&self) -> Option<Vec<f64>> {
        let outcome = self.inner.dyn_match().outcome()?;
        Some((0..self.players()).map(|s| outcome.win_share(Seat(s as u8))).collect())
    }

    /// The events of the last action as `seat` may see them (None: a spectator).
    #[pyo3(signature = (seat=None))]
    fn last_events<'py>(&self, py: Python<'py>, seat: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        let viewer = viewer_of(py, seat, self.players())?;
        to_py(py, &self.inner.dyn_match().last_events_for(viewer))
    }

    /// The match record (setup and every action); `safehouse.replay(record)` rebuilds the match.
    fn record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.dyn_match().record())
    }

    /// The current state without the record, for search (`State`).
    fn to_state(&self) -> PyState {
        PyState { inner: self.inner.to_state() }
    }

    /// An independent copy of the match.
    fn clone(&self) -> PyMatch {
        PyMatch { inner: self.inner.clone() }
    }

    fn __copy__(&self) -> PyMatch {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyMatch {
        self.clone()
    }

    fn __repr__(&self) -> String {
        let m = self.inner.dyn_match();
        format!(
            "<safehouse.Match {} players={} actions={} to_move={:?}>",
            m.info().id,
            m.players(),
            m.action_count(),
            m.to_move().map(|s| s.0)
        )
    }
}

/// A bare game state with the encoding and no record: for search (OpenSpiel) and determinization.
#[pyclass(name = "State", module = "safehouse._native")]
struct PyState {
    inner: Box<dyn EncodedState>,
}

#[pymethods]
impl PyState {
    /// The game's id.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.game_id()
    }

    /// Number of seats.
    #[getter]
    fn players(&self) -> usize {
        self.inner.players()
    }

    /// The seat whose decision it is, or None once over.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        self.inner.to_move().map(|s| s.0)
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.to_move().is_none()
    }

    /// Size of the fixed action space.
    #[getter]
    fn action_space(&self) -> usize {
        self.inner.action_space()
    }

    /// The legal actions' fixed indices, ascending.
    fn legal_indices(&self) -> Vec<usize> {
        self.inner.legal_indices()
    }

    /// The legal actions as Python objects.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.legal_actions())
    }

    /// The fixed index of an action (a dict), or None.
    fn action_index(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        Ok(self.inner.index_of(&from_py(py, action)?))
    }

    /// The legal action with this index, in words (None if it is not legal now).
    fn describe(&self, index: usize) -> Option<String> {
        self.inner.describe(index)
    }

    /// Applies the legal action with this index for the seat to move.
    fn apply(&mut self, py: Python<'_>, index: usize) -> PyResult<()> {
        self.inner.act_index(index).map_err(|e| raise(py, e))
    }

    /// The result once over (a dict), else None.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.inner.outcome().map(|o| to_py(py, &o)).transpose()
    }

    /// Each seat's win share once over, else None.
    fn win_shares(&self) -> Option<Vec<f64>> {
        let outcome = self.inner.outcome()?;
        Some((0..self.players()).map(|s| outcome.win_share(Seat(s as u8))).collect())
    }

    /// What `seat` may see (None: a spectator), as Python objects.
    #[pyo3(signature = (seat=None))]
    fn view<'py>(&self, py: Python<'py>, seat: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        let viewer = viewer_of(py, seat, self.players())?;
        to_py(py, &self.inner.view(viewer))
    }

    /// What `seat` may see, as compact JSON text: the seat's whole information set.
    #[pyo3(signature = (seat=None))]
    fn view_json(&self, py: Python<'_>, seat: Option<i64>) -> PyResult<String> {
        let viewer = viewer_of(py, seat, self.players())?;
        Ok(self.inner.view_json(viewer))
    }

    /// What `seat` may see, drawn as text.
    #[pyo3(signature = (seat=None))]
    fn view_text(&self, py: Python<'_>, seat: Option<i64>) -> PyResult<String> {
        let viewer = viewer_of(py, seat, self.players())?;
        Ok(self.inner.view_text(viewer))
    }

    /// `seat`'s observation tensor (float32), built from its view alone.
    fn observation<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = seat_of(py, seat, self.players())?;
        let mut out = Vec::new();
        self.inner.observe(seat, &mut out);
        Ok(PyArray1::from_vec(py, out))
    }

    /// A state consistent with everything `seat` sees, the hidden parts drawn from `seed`
    /// (`Game::determinize`): `determinize(s, k).view(s) == view(s)`.
    fn determinize(&self, py: Python<'_>, seat: i64, seed: u64) -> PyResult<PyState> {
        let seat = seat_of(py, seat, self.players())?;
        self.inner.determinize(seat, seed).map(|inner| PyState { inner }).map_err(|e| raise(py, e))
    }

    /// Plays uniformly random legal actions to the end in Rust; returns each seat's win share.
    #[pyo3(signature = (seed, limit=100_000))]
    fn rollout(&self, seed: u64, limit: usize) -> Vec<f64> {
        self.inner.rollout(seed, limit)
    }

    /// An independent copy.
    fn clone(&self) -> PyState {
        PyState { inner: self.inner.clone() }
    }

    fn __copy__(&self) -> PyState {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone()
    }

    fn __repr__(&self) -> String {
        format!("<safehouse.State {} to_move={:?}>", self.inner.game_id(), self.inner.to_move().map(|s| s.0))
    }
}

/// Starts a match.
#[pyfunction]
#[pyo3(
    signature = (game, players=None, options=None, preset=None, seed=Seed(0), deal=None),
    text_signature = "(game, players=None, options=None, preset=None, seed=0, deal=None)"
)]
fn new_match(
    py: Python<'_>,
    game: &str,
    players: Option<usize>,
    options: Option<&Bound<'_, PyAny>>,
    preset: Option<String>,
    seed: Seed,
    deal: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyMatch> {
    let setup = DynSetup {
        players,
        preset,
        options: options.map(|o| from_py(py, o)).transpose()?,
        seed: seed.0,
        deal: deal.map(|d| from_py(py, d)).transpose()?,
    };
    crate::encoded::new_match(game, &setup).map(|inner| PyMatch { inner }).map_err(|e| raise(py, e))
}

/// Rebuilds a match from its record (a dict as `Match.record()` returns, or its JSON text).
#[pyfunction]
fn replay(py: Python<'_>, record: &Bound<'_, PyAny>) -> PyResult<PyMatch> {
    let value = match record.extract::<String>() {
        Ok(text) => serde_json::from_str(&text).map_err(|e| raise(py, PyError::BadArgument(e.to_string())))?,
        Err(_) => from_py(py, record)?,
    };
    let record: DynRecord =
        serde_json::from_value(value).map_err(|e| raise(py, PyError::BadArgument(format!("malformed record: {e}"))))?;
    crate::encoded::replay(&record).map(|inner| PyMatch { inner }).map_err(|e| raise(py, e))
}

/// A Safehouse bot, choosing from a seat's view.
#[pyclass(name = "Bot", module = "safehouse._native")]
struct PyBot {
    inner: std::sync::Mutex<Box<dyn DynBot>>,
    game: String,
    name: String,
}

#[pymethods]
impl PyBot {
    #[new]
    #[pyo3(signature = (game, kind, seed=Seed(0)), text_signature = "(game, kind, seed=0)")]
    fn new(py: Python<'_>, game: &str, kind: &str, seed: Seed) -> PyResult<PyBot> {
        let bot = safehouse_bots::dyn_bot(game, kind, seed.0).map_err(|e| raise(py, e))?;
        let name = bot.name().to_owned();
        Ok(PyBot { inner: std::sync::Mutex::new(bot), game: game.to_owned(), name })
    }

    /// The bot's name (`heuristic`, `ismcts:2000`...).
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The game it plays.
    #[getter]
    fn game(&self) -> &str {
        &self.game
    }

    /// Chooses one of `legal` (returned as given) from the seat's `view` (as `Match.view(seat)`
    /// and `Match.legal_actions()` return them).
    fn act<'py>(
        &self,
        py: Python<'py>,
        view: &Bound<'py, PyAny>,
        legal: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let view = from_py(py, view)?;
        let legal: Vec<Value> =
            pythonize::depythonize(legal).map_err(|e| raise(py, PyError::BadArgument(e.to_string())))?;
        let mut guard =
            self.inner.lock().map_err(|_| raise(py, PyError::BadArgument("the bot panicked before".into())))?;
        let bot: &mut Box<dyn DynBot> = &mut guard;
        let chosen = py.detach(|| bot.choose(&view, &legal)).map_err(|e| raise(py, e))?;
        to_py(py, &chosen)
    }

    fn __repr__(&self) -> String {
        format!("<safehouse.Bot {} for {}>", self.name, self.game)
    }
}

/// The bot kinds offered for a game.
#[pyfunction]
fn bot_kinds(game: &str) -> Vec<&'static str> {
    safehouse_bots::bot_kinds(game)
}

/// Plays shard `shard_index` of `shard_count` of a tournament (the games
/// `⌊games·k/n⌋ .. ⌊games·(k+1)/n⌋`, as `safehouse simulate --shard K/N`) and returns
/// (its mergeable result as the JSON text `simulate --shard` prints, the line-up's bot names,
/// the shard's per-game rows in index order if `rows`, else None). The text goes to `merge_shards`.
#[pyfunction]
#[pyo3(
    signature = (game, bots, games=1000, seed=Seed(0), players=None, preset=None, options=None, threads=None, shard_index=0, shard_count=1, rows=false),
    text_signature = "(game, bots, games=1000, seed=0, players=None, preset=None, options=None, threads=None, shard_index=0, shard_count=1, rows=False)"
)]
#[allow(clippy::too_many_arguments)]
fn simulate_shard<'py>(
    py: Python<'py>,
    game: &str,
    bots: Vec<String>,
    games: u64,
    seed: Seed,
    players: Option<usize>,
    preset: Option<String>,
    options: Option<&Bound<'_, PyAny>>,
    threads: Option<usize>,
    shard_index: u64,
    shard_count: u64,
    rows: bool,
) -> PyResult<(String, Vec<String>, Option<Bound<'py, PyAny>>)> {
    let shard = safehouse_sim::Shard::new(shard_index, shard_count).map_err(|e| raise(py, PyError::BadArgument(e)))?;
    let tournament = safehouse_sim::Tournament {
        game: game.to_owned(),
        players,
        preset,
        options: options.map(|o| from_py(py, o)).transpose()?,
        // The CLI's line-up, entry by entry: `"random*3"` is three random bots.
        bots: bots.iter().flat_map(|entry| safehouse_sim::lineup_entry(entry)).collect(),
        games,
        seed: seed.0,
        ..safehouse_sim::Tournament::default()
    };
    let run = safehouse_sim::RunOptions { threads, ..safehouse_sim::RunOptions::default() };
    let mut kept = Vec::new();
    let (names, text) = py
        .detach(|| {
            let mut keep = |g: &safehouse_sim::GameResult| {
                kept.push(g.clone());
                Ok(())
            };
            let sink: Option<safehouse_sim::GameSink<'_>> = if rows { Some(&mut keep) } else { None };
            let result = tournament.run_range(&run, shard.range(tournament.games), sink)?;
            let text = serde_json::to_string(&result).map_err(|e| PyError::BadArgument(e.to_string()))?;
            Ok::<_, PyError>((result.names, text))
        })
        .map_err(|e| raise(py, e))?;
    let rows = if rows { Some(to_py(py, &kept)?) } else { None };
    Ok((text, names, rows))
}

/// Merges the results of every shard of one tournament (`simulate_shard` texts, in any order)
/// exactly as `safehouse simulate-merge` does and returns the summary (the dict of
/// `safehouse simulate --json`'s summary line). Different tournaments, a game played twice or a
/// missing game raise `SafehouseError` (`merge_failed`).
#[pyfunction]
fn merge_shards<'py>(py: Python<'py>, shards: Vec<String>) -> PyResult<Bound<'py, PyAny>> {
    let summary = py
        .detach(|| {
            let parsed = shards
                .iter()
                .enumerate()
                .map(|(i, text)| {
                    serde_json::from_str::<safehouse_sim::ShardResult>(text)
                        .map_err(|e| PyError::BadArgument(format!("shard result {i}: not a shard result: {e}")))
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok::<_, PyError>(safehouse_sim::ShardResult::merge_all(parsed)?.summary())
        })
        .map_err(|e| raise(py, e))?;
    to_py(py, &summary)
}

/// A vector of games stepped together in Rust (rayon), returning numpy arrays.
#[pyclass(name = "VecEnv", module = "safehouse._native")]
struct PyVecEnv {
    inner: Box<dyn VecEnv>,
}

/// (observations, masks, to_move).
type Observed<'py> = (Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyArray1<i64>>);
/// (observations, masks, to_move, rewards, done).
type Stepped<'py> =
    (Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyArray1<i64>>, Bound<'py, PyAny>, Bound<'py, PyAny>);

impl PyVecEnv {
    fn observed<'py>(&self, py: Python<'py>) -> PyResult<Observed<'py>> {
        let (n, olen, alen) = (self.inner.len(), self.inner.observation_len(), self.inner.action_space());
        let mut obs = vec![0f32; n * olen];
        let mut mask = vec![0i8; n * alen];
        let mut to_move = vec![0i64; n];
        py.detach(|| self.inner.observe(&mut obs, &mut mask, &mut to_move));
        let obs = PyArray1::from_vec(py, obs).reshape([n, olen])?.into_any();
        let mask = PyArray1::from_vec(py, mask).reshape([n, alen])?.into_any();
        Ok((obs, mask, PyArray1::from_vec(py, to_move)))
    }
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(
        signature = (game, num_envs, players=None, options=None, preset=None, seed=Seed(0)),
        text_signature = "(game, num_envs, players=None, options=None, preset=None, seed=0)"
    )]
    fn new(
        py: Python<'_>,
        game: &str,
        num_envs: usize,
        players: Option<usize>,
        options: Option<&Bound<'_, PyAny>>,
        preset: Option<String>,
        seed: Seed,
    ) -> PyResult<PyVecEnv> {
        let setup = DynSetup {
            players,
            preset,
            options: options.map(|o| from_py(py, o)).transpose()?,
            seed: seed.0,
            deal: None,
        };
        crate::vector::vec_env(game, &setup, num_envs).map(|inner| PyVecEnv { inner }).map_err(|e| raise(py, e))
    }

    /// Number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.inner.len()
    }

    /// Seats at each table.
    #[getter]
    fn players(&self) -> usize {
        self.inner.players()
    }

    /// Size of the fixed action space.
    #[getter]
    fn action_space(&self) -> usize {
        self.inner.action_space()
    }

    /// Length of one observation tensor.
    #[getter]
    fn observation_len(&self) -> usize {
        self.inner.observation_len()
    }

    /// Sets every game up again from `seed`; returns (observations, masks, to_move).
    #[pyo3(signature = (seed=Seed(0)), text_signature = "($self, seed=0)")]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Seed) -> PyResult<Observed<'py>> {
        let inner = &mut self.inner;
        py.detach(|| inner.reset(seed.0));
        self.observed(py)
    }

    /// The current (observations, masks, to_move) without stepping.
    fn observe<'py>(&self, py: Python<'py>) -> PyResult<Observed<'py>> {
        self.observed(py)
    }

    /// Applies one action index per game (int64 array) for its seat to move; returns
    /// (observations, masks, to_move, rewards [num_envs, players], done [num_envs]).
    fn step<'py>(&mut self, py: Python<'py>, actions: PyReadonlyArray1<'py, i64>) -> PyResult<Stepped<'py>> {
        let actions = actions.as_slice().map_err(|e| raise(py, PyError::BadArgument(e.to_string())))?.to_vec();
        let (n, players) = (self.inner.len(), self.inner.players());
        let mut rewards = vec![0f32; n * players];
        let mut done = vec![0u8; n];
        let inner = &mut self.inner;
        py.detach(|| inner.step(&actions, &mut rewards, &mut done)).map_err(|e| raise(py, e))?;
        let (obs, mask, to_move) = self.observed(py)?;
        let rewards = PyArray1::from_vec(py, rewards).reshape([n, players])?.into_any();
        let done: Vec<bool> = done.into_iter().map(|d| d == 1).collect();
        Ok((obs, mask, to_move, rewards, PyArray1::from_vec(py, done).into_any()))
    }
}

/// The module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SafehouseError", m.py().get_type::<SafehouseError>())?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(new_match, m)?)?;
    m.add_function(wrap_pyfunction!(replay, m)?)?;
    m.add_function(wrap_pyfunction!(bot_kinds, m)?)?;
    m.add_function(wrap_pyfunction!(simulate_shard, m)?)?;
    m.add_function(wrap_pyfunction!(merge_shards, m)?)?;
    m.add_class::<PyMatch>()?;
    m.add_class::<PyBot>()?;
    m.add_class::<PyState>()?;
    m.add_class::<PyVecEnv>()?;
    Ok(())
}
