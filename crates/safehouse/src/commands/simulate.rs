//! `safehouse simulate`: many seeded games between bots, with statistics. (Being built: issue 6.)

use anyhow::bail;

/// Options of `safehouse simulate`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The game id.
    game: String,
}

pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    bail!("simulation of {} is not built yet", args.game)
}
