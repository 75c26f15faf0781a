//! One outside program as a child process, spoken to in lines with deadlines.
//!
//! Writing and reading each happen on a thread of their own, so neither a program that stops
//! reading its stdin nor one that never answers can block the caller: [`Program::ask`] waits on
//! a channel with a deadline, and a program that misses it is killed (on drop, or by the caller).
//! Lines longer than [`MAX_LINE_BYTES`] are cut (and then refused as garbage), so a runaway
//! program cannot fill memory.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use crate::protocol::ToProgram;

/// The longest answer line read; the rest of a longer line is dropped.
pub const MAX_LINE_BYTES: u64 = 1 << 20;
/// How long a program that was sent `bye` may take to exit before it is killed.
const EXIT_GRACE: Duration = Duration::from_millis(200);

/// Why a program did not give a line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProgramError {
    /// The command could not be started.
    #[error("could not start `{command}`: {reason}")]
    Spawn {
        /// The command line.
        command: String,
        /// What the operating system said.
        reason: String,
    },
    /// No line came within the deadline.
    #[error("no answer within {0:?}")]
    Timeout(Duration),
    /// The program exited or closed its stdout/stdin.
    #[error("the program ended ({0})")]
    Ended(String),
}

/// A running outside program.
#[derive(Debug)]
pub struct Program {
    command: String,
    child: Child,
    to_writer: Option<Sender<String>>,
    lines: Receiver<String>,
    /// Lines the program wrote when nothing was asked (ignored), so far.
    pub unsolicited: u64,
    /// When it was started.
    started: Instant,
    /// Whether it has answered anything yet (until then it may still be starting up).
    answered: bool,
}

impl Program {
    /// Starts `command` (split like a shell would, without running one), with piped stdin and
    /// stdout; stderr is passed through. Sends the protocol's `hello`.
    pub fn spawn(command: &str) -> Result<Program, ProgramError> {
        let spawn_error = |reason: String| ProgramError::Spawn { command: command.to_owned(), reason };
        let words = shlex::split(command).ok_or_else(|| spawn_error("unbalanced quotes".to_owned()))?;
        let (program, args) = words.split_first().ok_or_else(|| spawn_error("the command is empty".to_owned()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| spawn_error(e.to_string()))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(spawn_error("no pipes".to_owned()));
        };
        let (to_writer, writer_rx) = mpsc::channel::<String>();
        thread::Builder::new()
            .name("player-writer".to_owned())
            .spawn(move || write_lines(stdin, writer_rx))
            .map_err(|e| spawn_error(e.to_string()))?;
        let (line_tx, lines) = mpsc::channel::<String>();
        thread::Builder::new()
            .name("player-reader".to_owned())
            .spawn(move || read_lines(stdout, line_tx))
            .map_err(|e| spawn_error(e.to_string()))?;
        let mut program = Program {
            command: command.to_owned(),
            child,
            to_writer: Some(to_writer),
            lines,
            unsolicited: 0,
            started: Instant::now(),
            answered: false,
        };
        program.send(&ToProgram::hello())?;
        Ok(program)
    }

    /// The command line it was started with.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// How long ago it was started.
    pub fn age(&self) -> Duration {
        self.started.elapsed()
    }

    /// Whether it has answered a request yet.
    pub fn has_answered(&self) -> bool {
        self.answered
    }

    /// Queues a message for the program (never blocks).
    pub fn send(&mut self, message: &ToProgram) -> Result<(), ProgramError> {
        let sent = self.to_writer.as_ref().is_some_and(|w| w.send(message.to_line()).is_ok());
        if sent { Ok(()) } else { Err(ProgramError::Ended(self.status())) }
    }

    /// Sends `message` and waits at most `deadline` for one line back. Lines the program wrote
    /// before the request are dropped first (counted in [`Program::unsolicited`]).
    pub fn ask(&mut self, message: &ToProgram, deadline: Duration) -> Result<String, ProgramError> {
        while let Ok(line) = self.lines.try_recv() {
            if !line.trim().is_empty() {
                self.unsolicited += 1;
            }
        }
        self.send(message)?;
        let until = Instant::now() + deadline;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.trim().is_empty() => continue,
                Ok(line) => {
                    self.answered = true;
                    return Ok(line);
                }
                Err(RecvTimeoutError::Timeout) => return Err(ProgramError::Timeout(deadline)),
                Err(RecvTimeoutError::Disconnected) => return Err(ProgramError::Ended(self.status())),
            }
        }
    }

    /// Whether the process is still running.
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// The exit status as text (`exit status: 3`, or `running`).
    fn status(&mut self) -> String {
        // Give a process that just closed its pipes a moment to be reaped, so the status is known.
        for _ in 0..20 {
            match self.child.try_wait() {
                Ok(Some(status)) => return status.to_string(),
                Ok(None) => thread::sleep(Duration::from_millis(5)),
                Err(e) => return e.to_string(),
            }
        }
        "its output closed".to_owned()
    }

    /// Says `bye`, closes stdin and lets the process exit; kills it if it does not within a moment.
    pub fn close(self) {
        close_all(vec![self]);
    }

    fn say_bye(&mut self) {
        let _ = self.send(&ToProgram::Bye);
        self.to_writer = None;
    }

    /// Kills the process now.
    pub fn kill(mut self) {
        self.kill_now();
    }

    fn kill_now(&mut self) {
        self.to_writer = None;
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        self.kill_now();
    }
}

/// Says `bye` to every program, closes their stdin, and gives them [`EXIT_GRACE`] together to
/// exit; the ones still running then are killed.
pub fn close_all(mut programs: Vec<Program>) {
    for program in &mut programs {
        program.say_bye();
    }
    let until = Instant::now() + EXIT_GRACE;
    while Instant::now() < until {
        programs.retain_mut(Program::is_running);
        if programs.is_empty() {
            return;
        }
        thread::sleep(Duration::from_millis(5));
    }
    // Dropping kills the rest.
}

fn write_lines(mut stdin: ChildStdin, lines: Receiver<String>) {
    for mut line in lines {
        line.push('\n');
        if stdin.write_all(line.as_bytes()).and_then(|()| stdin.flush()).is_err() {
            return;
        }
    }
}

fn read_lines(stdout: impl Read, lines: Sender<String>) {
    let mut reader = BufReader::new(stdout);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match reader.by_ref().take(MAX_LINE_BYTES).read_until(b'\n', &mut buffer) {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                if buffer.last() != Some(&b'\n') && skip_line(&mut reader).is_err() {
                    return;
                }
                let line = String::from_utf8_lossy(&buffer).into_owned();
                if lines.send(line).is_err() {
                    return;
                }
            }
        }
    }
}

/// Drops the rest of a line that was cut at [`MAX_LINE_BYTES`], so the next one starts clean.
fn skip_line(reader: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            return Ok(());
        }
        if let Some(end) = buffer.iter().position(|&b| b == b'\n') {
            reader.consume(end + 1);
            return Ok(());
        }
        let all = buffer.len();
        reader.consume(all);
    }
}
