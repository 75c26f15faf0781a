//! Tournaments between Safehouse bots, and the statistics a game designer needs from them.
//!
//! A [`Tournament`] plays `games` seeded games of one game between a line-up of bots, on every
//! core (rayon). Game number `i` is set up from `GameRng::derive_seed(seed, i)` and its bots are
//! seeded from the master seed and `i` too ([`SEEDING`]), and results are gathered in index order, so the
//! results are the same whatever the number of threads. Seats rotate: in game `i` seat `s` is
//! played by entrant `(s + i) mod players`, so every bot sits in every seat equally often and
//! the first player's edge cancels out. A line-up longer than the table is a *league*: each game
//! draws its table from the line-up (deterministically from the seed and the index).
//!
//! An entrant `exec:<command line>` is an outside program speaking the player protocol
//! (`safehouse-player`, `docs/player-protocol.md`): one pool of long-lived processes per such
//! kind, a process playing one game at a time and reused for the next; when it fails, the
//! `exec_fallback` bot decides for it (or, with `OnFailure::Forfeit`, the seat forfeits the
//! game), and [`Played::programs`] counts every failure. Results with outside programs are only
//! as repeatable as the programs are.
//!
//! [`Summary`] turns the games into statistics (win share per bot with 95% intervals, mean score
//! difference, score and game-length distributions, turn-order shares and the first player's
//! edge, team success for co-operative games, Elo ratings); [`output`] prints them as a table,
//! JSON lines or CSV; [`report`] writes a balance report for one game across its options.

pub mod output;
pub mod report;
mod stats;
pub mod svg;
mod tally;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use safehouse_bots::{
    BotError, BotGame, BotSpec, BotVisitor, ChoiceCheck, PlayBuffers, PlayError, Player, make_bot, play_game_into,
};
use safehouse_engine::{Game, GameRng, SEED_LANES, Seat, SeedSeries, Setup, SetupError, Viewer};
use safehouse_player::{
    ExecBot, ExecSettings, FailureCounts, GameContext, ProgramPool, SeatDriver, SharedSeat, exec_command,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub(crate) use stats::SummaryHeader;
pub use stats::{Distribution, Elo, Estimate, KindStats, PositionStats, Summary, TeamStats, quantile, wilson};
pub use tally::{KindTally, MergeError, PairTally, PositionTally, Shard, ShardResult, Tally, Values};

/// The seeding scheme: how a run's games and bots are seeded from its master seed (see
/// [`Seeds`]). A new scheme changes the results of every seed, so the number is kept with every
/// shard and summary, and shards of different schemes are not merged.
///
/// - 1 (until December 2026): game `i`'s seed `GameRng::derive_seed(S, i)`, and seat `s`'s bot
///   seed `GameRng::derive_seed(S ^ 0xb075_5a17, 16 i + s)`;
/// - 2: the eight words of game `i`'s block, `GameRng::for_game(S, i)` drawn eight times: the
///   first is the game's seed (the same as in scheme 1), and word `1 + s` is seat `s`'s bot seed.
pub const SEEDING: u32 = 2;
/// Salt for drawing league tables.
const LEAGUE_SALT: u64 = 0x1ea6_0e5a;

/// What to play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    /// The game id or alias (`cash` selects the `cash` preset unless `preset` says otherwise).
    pub game: String,
    /// Seats at the table; `None`: as many as bots in the line-up (a single bot fills the
    /// game's default table).
    pub players: Option<usize>,
    /// A preset of the game's options.
    pub preset: Option<String>,
    /// Option changes (a JSON object), applied after the preset.
    pub options: Option<Value>,
    /// The line-up: one bot kind per entrant (`heuristic`, `ismcts:2000`, ...). One kind fills
    /// every seat; more kinds than seats make a league.
    pub bots: Vec<String>,
    /// Games to play.
    pub games: u64,
    /// The master seed.
    pub seed: u64,
    /// A game longer than this many decisions is an error (a bug in a game or a bot).
    pub max_actions: usize,
    /// How outside programs (`exec:` entrants) are given their decisions.
    #[serde(default)]
    pub exec: ExecSettings,
    /// The bot kind that decides for an outside program when it fails.
    #[serde(default = "default_exec_fallback")]
    pub exec_fallback: String,
}

fn default_exec_fallback() -> String {
    "random".to_owned()
}

impl Default for Tournament {
    fn default() -> Self {
        Tournament {
            game: String::new(),
            players: None,
            preset: None,
            options: None,
            bots: vec!["heuristic".to_owned()],
            games: 1_000,
            seed: 0,
            max_actions: 100_000,
            exec: ExecSettings::default(),
            exec_fallback: default_exec_fallback(),
        }
    }
}

/// Why a tournament could not be run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimError {
    /// The game, its options or the player count were refused.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A bot could not be made.
    #[error(transparent)]
    Bot(#[from] BotError),
    /// A game went wrong (an illegal choice, a game that never ends).
    #[error("game {index} (seed {seed}): {error}")]
    Play {
        /// The game's index.
        index: u64,
        /// Its seed.
        seed: u64,
        /// What happened.
        error: PlayError,
    },
    /// The line-up does not fit the table.
    #[error("{0}")]
    LineUp(String),
    /// The thread pool could not be built.
    #[error("thread pool: {0}")]
    Threads(String),
    /// A finished game could not be written out (per-game rows).
    #[error("writing a game: {0}")]
    Output(String),
}

/// One finished game of a tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// Its index in the tournament.
    pub index: u64,
    /// The game's seed (replayable on its own with the same options and bots).
    pub seed: u64,
    /// The entrant (index into the line-up) at each seat.
    pub entrants: Vec<usize>,
    /// Each seat's score.
    pub scores: Vec<i64>,
    /// Each seat's rank (1 best).
    pub ranks: Vec<u8>,
    /// Each seat's share of the win.
    pub win_shares: Vec<f64>,
    /// The seat that took the first decision.
    pub first_mover: usize,
    /// Decisions in the game.
    pub actions: usize,
    /// Co-operative game: did the team win?
    pub cooperative: bool,
    /// Why the game ended (the outcome's stable code, or `forfeit`).
    pub reason: String,
    /// Seats whose outside program forfeited the game (scored last, no share of the win).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forfeited: Vec<usize>,
}

impl GameResult {
    /// Rewrites the result for seats that forfeited (at least one): they rank last with no share
    /// of the win; the other seats keep their order and the best of them share the win (a
    /// co-operative team that lost a seat loses). Scores stay as played.
    fn forfeit(&mut self, seats: &[usize]) {
        let players = self.ranks.len();
        self.forfeited = seats.to_vec();
        self.reason = "forfeit".to_owned();
        if self.cooperative {
            self.win_shares = vec![0.0; players];
            return;
        }
        let others: Vec<usize> = (0..players).filter(|s| !seats.contains(s)).collect();
        let mut ranks = vec![others.len() as u8 + 1; players];
        for &s in &others {
            ranks[s] = 1 + others.iter().filter(|&&o| self.ranks[o] < self.ranks[s]).count() as u8;
        }
        let winners = others.iter().filter(|&&s| ranks[s] == 1).count();
        self.win_shares = (0..players)
            .map(|s| if others.contains(&s) && ranks[s] == 1 { 1.0 / winners as f64 } else { 0.0 })
            .collect();
        self.ranks = ranks;
    }
}

/// What an outside program of the line-up did over the tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProgramReport {
    /// The kind as given (`exec:python3 bot.py`).
    pub kind: String,
    /// The bot that decided when it failed.
    pub fallback: String,
    /// Decisions, answers and failures of every kind.
    pub counts: FailureCounts,
}

/// A played tournament: its settings, the resolved options, the line-up and every game.
#[derive(Clone, Debug)]
pub struct Played {
    /// What was asked for.
    pub tournament: Tournament,
    /// The game's id (not an alias).
    pub game_id: String,
    /// Seats at each table.
    pub players: usize,
    /// The full options played.
    pub options: Value,
    /// The line-up's bot names (as the bots call themselves), one per entrant.
    pub names: Vec<String>,
    /// Every game, in index order.
    pub games: Vec<GameResult>,
    /// The outside programs (`exec:` kinds) of the line-up, one per kind.
    pub programs: Vec<ProgramReport>,
    /// Threads used.
    pub threads: usize,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl Played {
    /// Games per second of wall-clock time.
    pub fn games_per_second(&self) -> f64 {
        self.games.len() as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// The statistics of the tournament.
    pub fn summary(&self) -> Summary {
        Summary::of(self)
    }
}

/// How to run: threads and progress.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Worker threads; `None` uses every core.
    pub threads: Option<usize>,
    /// Draw a progress bar with an ETA on stderr (hidden when stderr is not a terminal).
    pub progress: bool,
    /// A label for the progress bar.
    pub label: Option<String>,
}

/// A progress bar on stderr with the count, rate and ETA (hidden when stderr is not a terminal).
pub fn progress_bar(total: u64, label: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr_with_hz(4));
    let style =
        ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} games  {per_sec}  elapsed {elapsed}, ETA {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> ");
    bar.set_style(style);
    bar.set_prefix(label.to_owned());
    bar
}

/// Called with every finished game, in index order (to write per-game rows as games finish).
pub type GameSink<'a> = &'a mut (dyn FnMut(&GameResult) -> std::io::Result<()> + Send);

/// Games played in parallel between two points where finished games are counted and handed to
/// the sink in index order: memory holds one batch, whatever the number of games.
const BATCH_PER_THREAD: u64 = 512;

/// Games a worker plays in a row, between two steps of the parallel fold that counts games
/// without keeping them (a multiple of [`SEED_LANES`], so a chunk's seeds come in whole
/// computations); the progress bar moves a chunk at a time.
const CHUNK: u64 = 64;

impl Tournament {
    /// Plays the tournament, keeping every game ([`Played::games`]). For many games prefer
    /// [`Tournament::run_range`], whose memory does not grow with the number of games.
    pub fn run(&self, run: &RunOptions) -> Result<Played, SimError> {
        let mut games = Vec::new();
        let mut keep = |g: &GameResult| {
            games.push(g.clone());
            Ok(())
        };
        let result = self.run_range(run, 0..self.games, Some(&mut keep))?;
        Ok(Played {
            tournament: self.clone(),
            game_id: result.game_id,
            players: result.players,
            options: result.options,
            names: result.names,
            games,
            programs: result.programs,
            threads: result.threads,
            elapsed: Duration::from_secs_f64(result.seconds),
        })
    }

    /// Plays shard `shard` of the tournament's games ([`Shard::range`]); the results of every
    /// shard merge ([`ShardResult::merge_all`]) into exactly the figures of one whole run.
    pub fn run_shard(&self, run: &RunOptions, shard: Shard) -> Result<ShardResult, SimError> {
        self.run_range(run, shard.range(self.games), None)
    }

    /// Plays the games whose indices lie in `range` (each seeded by its index, as in a whole
    /// run) and counts them into a mergeable [`ShardResult`]; `sink`, if given, sees every game
    /// in index order as soon as its batch is done. Memory does not grow with the number of games.
    pub fn run_range(
        &self,
        run: &RunOptions,
        range: std::ops::Range<u64>,
        sink: Option<GameSink<'_>>,
    ) -> Result<ShardResult, SimError> {
        let found = safehouse_games::find(&self.game)?;
        let info = found.game.info();
        let (players, lineup) = self.table()?;
        let range = range.start.min(self.games)..range.end.min(self.games);
        let preset = self.preset.as_deref().or(found.preset);
        // Only bots sit here: a game whose printed rules could go on for ever adds its ending rule.
        let options = found.game.for_bots_only(&found.game.resolve_options(players, preset, self.options.as_ref())?);
        let threads = run.threads.unwrap_or_else(rayon::current_num_threads).max(1);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| SimError::Threads(e.to_string()))?;
        let bar = run.progress.then(|| progress_bar(range.end - range.start, run.label.as_deref().unwrap_or(info.id)));
        let start = Instant::now();
        let pools: Vec<(String, Arc<ProgramPool>)> = {
            let mut kinds: Vec<&String> = Vec::new();
            for kind in &lineup {
                if exec_command(kind).is_some() && !kinds.contains(&kind) {
                    kinds.push(kind);
                }
            }
            kinds
                .into_iter()
                .map(|kind| {
                    let command = exec_command(kind).unwrap_or_default();
                    (kind.clone(), Arc::new(ProgramPool::new(command, self.exec)))
                })
                .collect()
        };
        let plan = Plan {
            tournament: self,
            players,
            options: &options,
            lineup: &lineup,
            bar: bar.as_ref(),
            pools: &pools,
            range: range.clone(),
            batch: BATCH_PER_THREAD * threads as u64,
            seeds: Seeds::new(self.seed),
        };
        let job = Job { plan, sink };
        let (names, tally) = pool.install(|| safehouse_bots::visit(info.id, job))??;
        let programs = pools
            .iter()
            .map(|(kind, pool)| ProgramReport {
                kind: kind.clone(),
                fallback: self.exec_fallback.clone(),
                counts: pool.counts(),
            })
            .collect();
        drop(pools);
        let elapsed = start.elapsed();
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        Ok(ShardResult {
            tournament: self.clone(),
            game_id: info.id.to_owned(),
            players,
            options,
            names,
            seeding: SEEDING,
            ranges: if range.is_empty() { Vec::new() } else { vec![(range.start, range.end)] },
            tally,
            programs,
            threads,
            seconds: elapsed.as_secs_f64(),
        })
    }

    /// The seats at each table and the line-up with one kind per entrant (a single kind
    /// repeated for every seat), checked against the game.
    pub fn table(&self) -> Result<(usize, Vec<String>), SimError> {
        let info = safehouse_games::find(&self.game)?.game.info();
        if self.bots.is_empty() {
            return Err(SimError::LineUp("the line-up is empty: name at least one bot".to_owned()));
        }
        let players = match self.players {
            Some(p) => p,
            None if self.bots.len() == 1 => info.default_players,
            None => self.bots.len(),
        };
        if self.bots.len() != 1 && self.bots.len() < players {
            return Err(SimError::LineUp(format!(
                "{} bots for {players} seats: name one bot for every seat (`{}*{}` repeats one), one bot for all, \
                 or more bots than seats for a league",
                self.bots.len(),
                self.bots.last().map_or("random", String::as_str),
                players + 1 - self.bots.len().max(1)
            )));
        }
        Ok((players, stats::lineup_of(self, players)))
    }

    /// The entrants seated in game `index`: `seats[s]` is the line-up index at seat `s`.
    pub fn seating(&self, index: u64, players: usize, entrants: usize) -> Vec<usize> {
        let mut seats = Vec::with_capacity(entrants);
        self.seating_into(index, players, entrants, &mut seats);
        seats
    }

    /// [`Tournament::seating`] written into `seats`, reusing its buffer.
    fn seating_into(&self, index: u64, players: usize, entrants: usize, seats: &mut Vec<usize>) {
        seats.clear();
        if entrants == players {
            // Seat `s` to entrant `(s + index) mod players`: the entrants from the first, then
            // round the table.
            let first = (index % players.max(1) as u64) as usize;
            seats.extend(first..players);
            seats.extend(0..first);
        } else {
            seats.extend(0..entrants);
            GameRng::for_game(self.seed ^ LEAGUE_SALT, index).shuffle(seats);
            seats.truncate(players);
        }
    }
}

/// The seeds of a run ([`SEEDING`] 2): the eight words of block 0 of game `i`'s ChaCha stream
/// (`GameRng::for_game(S, i)`), through [`SeedSeries`], which expands the master seed's key once
/// and computes only that one block. Word 0 is the game's seed (`GameRng::derive_seed(S, i)`),
/// word `1 + s` the bot seed of seat `s`: a game's seeds for the cost of one block (scheme 1
/// computed one block for each of them, five for a four-player game).
#[derive(Clone, Debug)]
struct Seeds {
    games: SeedSeries,
}

/// The seeds of one game.
struct GameSeeds([u64; 8]);

impl Seeds {
    fn new(master: u64) -> Self {
        Seeds { games: SeedSeries::new(master) }
    }

    /// The seeds of game `index`, from `cache` when it holds them; otherwise `cache` is filled
    /// with the seeds of `index` and its neighbours ([`SeedSeries::words_of_lanes`], which
    /// computes [`SEED_LANES`] blocks for little more than one): a worker plays games in
    /// index order, so the next games find theirs there.
    fn of(&self, index: u64, cache: &mut SeedCache) -> GameSeeds {
        let first = index - index % SEED_LANES as u64;
        if cache.first != Some(first) {
            cache.words = self.games.words_of_lanes(first);
            cache.first = Some(first);
        }
        GameSeeds(cache.words[(index - first) as usize])
    }
}

/// A worker's seeds of [`SEED_LANES`] neighbouring games ([`Seeds::of`]).
struct SeedCache {
    /// The first of the games held (a multiple of [`SEED_LANES`]), `None` before the first.
    first: Option<u64>,
    words: [[u64; 8]; SEED_LANES],
}

impl Default for SeedCache {
    fn default() -> Self {
        SeedCache { first: None, words: [[0; 8]; SEED_LANES] }
    }
}

impl GameSeeds {
    /// The game's seed.
    fn game(&self) -> u64 {
        self.0[0]
    }

    /// The seed of the bot at `seat` (no game seats more than seven).
    fn bot(&self, seat: usize) -> u64 {
        self.0[1 + seat]
    }
}

/// What the games of a run share.
struct Plan<'a> {
    tournament: &'a Tournament,
    players: usize,
    options: &'a Value,
    lineup: &'a [String],
    bar: Option<&'a ProgressBar>,
    /// The process pool of each `exec:` kind.
    pools: &'a [(String, Arc<ProgramPool>)],
    /// The game indices to play.
    range: std::ops::Range<u64>,
    /// Games played between two countings.
    batch: u64,
    /// The games' and the bots' seeds.
    seeds: Seeds,
}

/// A run: its plan, and who sees every game in index order.
struct Job<'a, 's> {
    plan: Plan<'a>,
    sink: Option<GameSink<'s>>,
}

/// Each entrant's bot kind, parsed once for the whole run (`None`: an outside program).
type Specs = [Option<BotSpec>];

impl Plan<'_> {
    /// A new player for entrant `entrant` at `seat` with bot seed `seed`; for an outside program
    /// also its seat driver, to end the game with.
    fn player<G: BotGame>(
        &self,
        specs: &Specs,
        entrant: usize,
        seat: usize,
        seed: u64,
    ) -> Result<(Player<G>, Option<SharedSeat>), SimError> {
        let t = self.tournament;
        let kind = &self.lineup[entrant];
        if let Some(spec) = &specs[entrant] {
            let player = match spec.build_omniscient::<G>(seed) {
                Some(bot) => Player::Omniscient(bot),
                None => Player::Blind(spec.build::<G>(seed)?),
            };
            return Ok((player, None));
        }
        let Some((_, pool)) = self.pools.iter().find(|(k, _)| k == kind) else {
            return Ok((Player::<G>::of_kind(kind, seed)?, None));
        };
        let context = GameContext {
            game: G::INFO.id.to_owned(),
            seat: seat as u8,
            players: self.players,
            options: self.options.clone(),
            seed,
        };
        let driver: SharedSeat = Arc::new(Mutex::new(SeatDriver::new(Arc::clone(pool), context)));
        let fallback = make_bot::<G>(&t.exec_fallback, seed)?;
        Ok((Player::Blind(Box::new(ExecBot::new(kind, Arc::clone(&driver), fallback))), Some(driver)))
    }
}

type JobOutput = Result<(Vec<String>, Tally), SimError>;

impl BotVisitor for Job<'_, '_> {
    type Output = JobOutput;

    fn visit<G: BotGame>(self) -> JobOutput {
        let Job { plan, mut sink } = self;
        let t = plan.tournament;
        let options: G::Options =
            serde_json::from_value(plan.options.clone()).map_err(|e| SetupError::MalformedOptions(e.to_string()))?;
        // Make every bot once up front, so a bad kind fails before any game is played.
        let mut names = Vec::with_capacity(plan.lineup.len());
        let mut specs = Vec::with_capacity(plan.lineup.len());
        for kind in plan.lineup {
            if exec_command(kind).is_some() {
                names.push(kind.clone());
                specs.push(None);
            } else {
                names.push(Player::<G>::of_kind(kind, 0)?.name().to_owned());
                specs.push(Some(BotSpec::parse::<G>(kind)?));
            }
        }
        if !plan.pools.is_empty() {
            make_bot::<G>(&t.exec_fallback, 0)?;
        }
        let mut tally = Tally::new(plan.lineup, plan.players);
        let Some(sink) = sink.as_mut() else {
            // Only the figures: each worker counts its own games, and the tallies merge into
            // exactly the counts of one tally of every game (counts are exact, as shards' are).
            // The fold runs over chunks of games, not over games: rayon moves the folder (the
            // worker's box and the reducer's tally beside it) at every step: three copies a game,
            // 3% of a random Safe Breaker run's instructions when a step was a game (callgrind).
            let range = &plan.range;
            let counted = (range.start / CHUNK..range.end.div_ceil(CHUNK))
                .into_par_iter()
                .try_fold(
                    || Box::new(Worker::new(&plan, &options)),
                    |mut worker, chunk| {
                        let games = (chunk * CHUNK).max(range.start)..(chunk * CHUNK + CHUNK).min(range.end);
                        let count = games.end - games.start;
                        for index in games {
                            plan.play_one::<G>(index, &specs, &mut worker)?;
                            worker.tally.add(&worker.result);
                        }
                        if let Some(bar) = plan.bar {
                            bar.inc(count);
                        }
                        Ok::<_, SimError>(worker)
                    },
                )
                .map(|worker| worker.map(|w| w.tally))
                .try_reduce(
                    || Tally::new(plan.lineup, plan.players),
                    |mut all, some| {
                        all.merge(&some);
                        Ok(all)
                    },
                )?;
            tally.merge(&counted);
            return Ok((names, tally));
        };
        // Per-game rows: the games of a batch are handed to the sink in index order.
        let mut at = plan.range.start;
        while at < plan.range.end {
            let end = plan.range.end.min(at.saturating_add(plan.batch.max(1)));
            let games = (at..end)
                .into_par_iter()
                .map_init(
                    || Worker::new(&plan, &options),
                    |worker, index| {
                        plan.play_one::<G>(index, &specs, worker)?;
                        Ok(worker.result.clone())
                    },
                )
                .collect::<Result<Vec<_>, SimError>>()?;
            for game in &games {
                tally.add(game);
                sink(game).map_err(|e| SimError::Output(e.to_string()))?;
            }
            if let Some(bar) = plan.bar {
                bar.inc(end - at);
            }
            at = end;
        }
        Ok((names, tally))
    }
}

/// What a worker thread keeps from one game to the next, so that a game costs its own work and
/// little more: the game loop's buffers, the setup (options cloned once), the bots, each
/// entrant's reset for its next game ([`Player::reset`]) instead of built and boxed again (in a
/// random Safe Breaker game of five decisions, building four bots cost more than the game), the
/// last game's result, rewritten in place, and the worker's own tally.
struct Worker<G: BotGame> {
    buffers: PlayBuffers<G>,
    setup: Setup<G>,
    /// Each entrant's player from its last game on this worker, if it may be reset.
    idle: Vec<Option<Player<G>>>,
    /// The players of the game being played, by seat.
    seated: Vec<Player<G>>,
    /// The last game played.
    result: GameResult,
    /// The games this worker counted (when no game is kept).
    tally: Tally,
    /// The seeds of the games around the last one.
    seeds: SeedCache,
    /// The seat drivers of the outside programs seated in the game being played.
    programs: Vec<(usize, SharedSeat)>,
    /// When seats rotate and no outside program plays: the first entrant of the last game,
    /// whose players stay in `seated`, turned round the table for the next game rather than
    /// moved out to `idle` and back (a tenth of a short game's own work).
    turned_from: Option<usize>,
}

impl<G: BotGame> Worker<G> {
    fn new(plan: &Plan<'_>, options: &G::Options) -> Self {
        Worker {
            buffers: PlayBuffers::default(),
            setup: Setup { players: plan.players, options: options.clone(), seed: 0, deal: None },
            idle: std::iter::repeat_with(|| None).take(plan.lineup.len()).collect(),
            seated: Vec::with_capacity(plan.players),
            result: GameResult {
                index: 0,
                seed: 0,
                entrants: Vec::with_capacity(plan.players),
                scores: Vec::with_capacity(plan.players),
                ranks: Vec::with_capacity(plan.players),
                win_shares: Vec::with_capacity(plan.players),
                first_mover: 0,
                actions: 0,
                cooperative: false,
                reason: String::new(),
                forfeited: Vec::new(),
            },
            tally: Tally::new(plan.lineup, plan.players),
            seeds: SeedCache::default(),
            programs: Vec::new(),
            turned_from: None,
        }
    }
}

impl Plan<'_> {
    /// Plays game `index` into `worker.result`.
    fn play_one<G: BotGame>(&self, index: u64, specs: &Specs, worker: &mut Worker<G>) -> Result<(), SimError> {
        let t = self.tournament;
        let Worker { buffers, setup, idle, seated, result, seeds, programs, turned_from, .. } = worker;
        let seeds = self.seeds.of(index, seeds);
        let seed = seeds.game();
        t.seating_into(index, self.players, self.lineup.len(), &mut result.entrants);
        let entrants = &result.entrants;
        // When seats rotate (`seating_into`), seat `s` is entrant `first + s` round the table.
        let turns =
            if self.lineup.len() == self.players && self.pools.is_empty() { entrants.first().copied() } else { None };
        // Each entrant plays with its player from its last game, reset: the same player a fresh
        // build would give (`reset` promises it, and `tests/reuse.rs` checks it for every kind).
        // `turned_from` is taken: until this game is over, no game's seating is in `seated`.
        if let (Some(first), Some(last)) = (turns, turned_from.take()) {
            seated.rotate_left((first + self.players - last) % self.players);
            for (seat, player) in seated.iter_mut().enumerate() {
                let bot_seed = seeds.bot(seat);
                if !player.reset(bot_seed) {
                    *player = self.player::<G>(specs, entrants[seat], seat, bot_seed)?.0;
                }
            }
        } else {
            seated.clear();
            programs.clear();
            for (seat, &entrant) in entrants.iter().enumerate() {
                let bot_seed = seeds.bot(seat);
                match idle[entrant].take().and_then(|mut p| p.reset(bot_seed).then_some(p)) {
                    Some(player) => seated.push(player),
                    None => {
                        let (player, driver) = self.player::<G>(specs, entrant, seat, bot_seed)?;
                        seated.push(player);
                        programs.extend(driver.map(|d| (seat, d)));
                    }
                }
            }
        }
        setup.seed = seed;
        // `apply` alone checks each choice: the engine refuses an illegal action and changes nothing.
        let played = play_game_into(setup, seated, t.max_actions, ChoiceCheck::ApplyOnly, buffers)
            .map_err(|error| SimError::Play { index, seed, error })?;
        if turns.is_some() {
            *turned_from = turns;
        } else if programs.is_empty() {
            for (player, &entrant) in seated.drain(..).zip(entrants) {
                idle[entrant] = Some(player);
            }
        } else {
            for (seat, player) in seated.drain(..).enumerate() {
                // An outside program's player is tied to this game's seat driver: never reused.
                if !programs.iter().any(|(s, _)| *s == seat) {
                    idle[entrants[seat]] = Some(player);
                }
            }
        }
        let (state, outcome) = (buffers.state(), buffers.outcome());
        let mut forfeited = Vec::new();
        for (seat, driver) in programs.iter() {
            let mut driver = driver.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let view = state.map(|state| state.view(Viewer::Seat(Seat(*seat as u8))));
            // The program is told the whole outcome, with its sentence for a person.
            let told = state.and_then(Game::outcome);
            driver.finish(
                told.and_then(|o| serde_json::to_value(o).ok()),
                view.and_then(|v| serde_json::to_value(v).ok()),
            );
            if driver.forfeited() {
                forfeited.push(*seat);
            }
        }
        result.index = index;
        result.seed = seed;
        outcome.win_shares_into(self.players, &mut result.win_shares);
        result.scores.clone_from(&outcome.scores);
        result.ranks.clone_from(&outcome.ranks);
        result.first_mover = played.first_mover.index();
        result.actions = played.actions;
        result.cooperative = outcome.cooperative;
        result.reason.clone_from(&outcome.reason);
        result.forfeited.clear();
        // Most games have no forfeit: no call for them.
        if !forfeited.is_empty() {
            result.forfeit(&forfeited);
        }
        // The drivers are done with: let go of them now, not when the next game starts.
        programs.clear();
        Ok(())
    }
}

/// `(first + steps) % players` for `first` and `steps` below `players` (seats round a table):
/// without a division, which cost more than the rest of a seat's bookkeeping in a short game.
#[inline]
fn seat_after(first: usize, steps: usize, players: usize) -> usize {
    let seat = first + steps;
    if seat < players { seat } else { seat - players }
}

/// Parses a comma-separated line-up (`ismcts:2000,heuristic,heuristic`); `kind*n` repeats a kind.
pub fn parse_lineup(text: &str) -> Vec<String> {
    text.split(',').map(str::trim).filter(|p| !p.is_empty()).flat_map(lineup_entry).collect()
}

/// One entry of a line-up as its bots: `kind*n` is `kind` n times, anything else itself once
/// (a line-up given as a list, as from Python, reads each entry so).
pub fn lineup_entry(entry: &str) -> impl Iterator<Item = String> + '_ {
    let entry = entry.trim();
    let (kind, n) = match entry.rsplit_once('*').and_then(|(kind, n)| n.trim().parse::<usize>().ok().map(|n| (kind, n)))
    {
        Some((kind, n)) => (kind.trim(), n),
        None => (entry, 1),
    };
    std::iter::repeat_n(kind.to_owned(), n)
}

/// Checks that every bot kind of a line-up exists for the game, without playing.
pub fn check_lineup(game: &str, lineup: &[String]) -> Result<(), SimError> {
    struct Check<'a>(&'a [String]);
    impl BotVisitor for Check<'_> {
        type Output = Result<(), BotError>;
        fn visit<G: BotGame>(self) -> Self::Output {
            for kind in self.0 {
                if exec_command(kind).is_none() {
                    BotSpec::parse::<G>(kind)?;
                }
            }
            Ok(())
        }
    }
    Ok(safehouse_bots::visit(game, Check(lineup))??)
}

#[cfg(test)]
mod tests {
    use super::*;
    use safehouse_bots::{Bot, play_game_with};
    use safehouse_engine::Game;

    /// Plays the first action it was offered, again and again: soon not a legal one.
    struct Repeater<G: Game>(Option<G::Action>);

    impl<G: Game> Bot<G> for Repeater<G> {
        fn name(&self) -> &str {
            "repeater"
        }

        fn choose(&mut self, _view: &G::View, legal: &[G::Action]) -> G::Action {
            self.0.get_or_insert_with(|| legal[0].clone()).clone()
        }
    }

    struct IllegalGame;

    impl BotVisitor for IllegalGame {
        type Output = (Result<usize, PlayError>, Result<usize, PlayError>);

        fn visit<G: BotGame>(self) -> Self::Output {
            let setup = Setup::<G> { players: 4, options: G::Options::default(), seed: 3, deal: None };
            let mut buffers = PlayBuffers::default();
            let mut repeaters: Vec<Player<G>> =
                (0..4).map(|_| Player::Blind(Box::new(Repeater::<G>(None)) as Box<dyn Bot<G>>)).collect();
            let bad =
                play_game_with(&setup, &mut repeaters, 10_000, ChoiceCheck::ApplyOnly, &mut buffers).map(|p| p.actions);
            let mut random: Vec<Player<G>> =
                (0..4).map(|s| Player::of_kind("random", s).expect("the random bot")).collect();
            let good =
                play_game_with(&setup, &mut random, 10_000, ChoiceCheck::ApplyOnly, &mut buffers).map(|p| p.actions);
            (bad, good)
        }
    }

    #[test]
    fn an_illegal_choice_is_caught_without_the_legal_list_scan() {
        let (bad, good) = safehouse_bots::visit("explosiv", IllegalGame).expect("explosiv");
        match bad {
            Err(PlayError::IllegalChoice { bot, step, .. }) => assert!(bot == "repeater" && step > 0, "{bot} {step}"),
            other => panic!("an illegal choice went through: {other:?}"),
        }
        assert!(good.expect("random bots play to the end") > 0);
    }
}
