//! `safehouse serve`: the online table. (Being built: issue 7.)

use anyhow::bail;

/// Options of `safehouse serve`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {}

impl Args {
    /// The settings used when `safehouse` runs with no subcommand.
    pub(crate) fn default_from_env() -> Self {
        Args {}
    }
}

pub(crate) fn run(_args: Args) -> anyhow::Result<()> {
    bail!("the table server is not built yet; try `safehouse play club-unlock` or `safehouse --help`")
}
