//! `safehouse engine`: the JSON-lines protocol on stdin/stdout (docs/protocol.md).

use anyhow::bail;

/// Options of `safehouse engine`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {}

pub(crate) fn run(_args: Args) -> anyhow::Result<()> {
    bail!("the engine protocol is being built")
}
