//! `safehouse engine`: the JSON-lines protocol on stdin/stdout (docs/protocol.md).

use std::io::{BufRead, Write};

/// Options of `safehouse engine`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {}

pub(crate) fn run(_args: Args) -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    serve_lines(&mut stdin.lock(), &mut out)
}

/// Answers each line of `input` with one line on `out`, until `quit` or end of input (lines are
/// read with a bound; bytes that are not UTF-8 are refused, blank lines answered).
pub(crate) fn serve_lines(input: &mut dyn BufRead, out: &mut dyn Write) -> anyhow::Result<()> {
    safehouse_protocol::serve(input, out)?;
    Ok(())
}
