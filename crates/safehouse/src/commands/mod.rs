//! One module per subcommand; each has `Args` (clap) and `run`.

pub(crate) mod bot;
pub(crate) mod engine;
pub(crate) mod play;
pub(crate) mod report;
pub(crate) mod rules;
pub(crate) mod serve;
pub(crate) mod simulate;
pub(crate) mod store;
