//! `safehouse engine`: the JSON-lines protocol on stdin/stdout (docs/protocol.md).

use std::io::{BufRead, Write};

use safehouse_protocol::Session;

/// Options of `safehouse engine`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {}

pub(crate) fn run(_args: Args) -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    serve_lines(&mut stdin.lock(), &mut out)
}

/// Answers each line of `input` with one line on `out`, until `quit` or end of input.
pub(crate) fn serve_lines(input: &mut dyn BufRead, out: &mut dyn Write) -> anyhow::Result<()> {
    let mut session = Session::new();
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        // Bytes that are not UTF-8 get the protocol's bad_json error rather than ending the session.
        let text = String::from_utf8_lossy(&line);
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        writeln!(out, "{}", session.handle_line(text))?;
        out.flush()?;
        if session.is_closed() {
            return Ok(());
        }
    }
}
