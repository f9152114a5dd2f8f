//! The progress line on standard error: the rows the scans have read (of
//! how many, when the files say), the rows written, the time.

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use datafusion::physical_plan::{ExecutionPlan, StatisticsArgs, StatisticsContext};
use tokio::task::JoinHandle;

/// How the progress is shown.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Off,
    /// One line rewritten in place, from the first second on.
    Terminal,
    /// A line a second, and one at the end.
    Lines,
}

const INTERVAL: Duration = Duration::from_secs(1);

/// What the line reads from, shared with the task that writes it.
struct Progress {
    /// The scans of the plan, whose metrics count the rows they read.
    scans: Vec<Arc<dyn ExecutionPlan>>,
    /// The rows the scans will read, when every file's metadata says.
    total: Option<usize>,
    rows_out: AtomicUsize,
    start: Instant,
}

impl Progress {
    fn line(&self) -> String {
        let read: usize = self
            .scans
            .iter()
            .filter_map(|scan| scan.metrics()?.output_rows())
            .sum();
        let of = match self.total {
            Some(total) if total > 0 => format!(
                " of {} ({}%)",
                thousands(total),
                (read as u128 * 100 / total as u128).min(100)
            ),
            _ => String::new(),
        };
        format!(
            "rfc1738-sql: {} rows read{of}, {} rows out, {:.1} s",
            thousands(read),
            thousands(self.rows_out.load(Ordering::Relaxed)),
            self.start.elapsed().as_secs_f64()
        )
    }
}

/// Shows the progress of one statement until [`Ticker::finish`].
pub(crate) struct Ticker {
    mode: Mode,
    progress: Arc<Progress>,
    task: Option<JoinHandle<()>>,
}

impl Ticker {
    pub(crate) fn start(plan: Arc<dyn ExecutionPlan>, mode: Mode) -> Ticker {
        let mut scans = Vec::new();
        leaves(plan, &mut scans);
        let statistics = StatisticsContext::new();
        let total = scans
            .iter()
            .map(|scan| {
                let scan = statistics
                    .compute(scan.as_ref(), &StatisticsArgs::new())
                    .ok()?;
                scan.num_rows.get_value().copied()
            })
            .sum::<Option<usize>>();
        let progress = Arc::new(Progress {
            scans,
            total,
            rows_out: AtomicUsize::new(0),
            start: Instant::now(),
        });
        let task = (mode != Mode::Off).then(|| {
            let progress = Arc::clone(&progress);
            tokio::spawn(async move {
                loop {
                    tokio::time::sleep(INTERVAL).await;
                    let line = progress.line();
                    let mut stderr = std::io::stderr().lock();
                    let _ = match mode {
                        Mode::Terminal => write!(stderr, "\r{line}\x1b[K"),
                        _ => writeln!(stderr, "{line}"),
                    };
                    let _ = stderr.flush();
                }
            })
        });
        Ticker {
            mode,
            progress,
            task,
        }
    }

    pub(crate) fn add_rows_out(&self, rows: usize) {
        self.progress.rows_out.fetch_add(rows, Ordering::Relaxed);
    }

    /// Stops the line: a last one in [`Mode::Lines`], the line cleared on
    /// a terminal.
    pub(crate) fn finish(mut self) {
        self.stop();
        if self.mode == Mode::Lines {
            let _ = writeln!(std::io::stderr().lock(), "{}", self.progress.line());
        }
    }

    /// Stops the task and clears a terminal's line, so that what follows
    /// (an error's message) starts a line of its own.
    fn stop(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
            if self.mode == Mode::Terminal {
                let _ = write!(std::io::stderr().lock(), "\r\x1b[K");
            }
        }
    }
}

impl Drop for Ticker {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The plan's leaves: its scans.
fn leaves(plan: Arc<dyn ExecutionPlan>, out: &mut Vec<Arc<dyn ExecutionPlan>>) {
    let children = plan.children();
    if children.is_empty() {
        out.push(plan);
    } else {
        for child in children {
            leaves(Arc::clone(child), out);
        }
    }
}

/// `1234567` as `1,234,567`.
fn thousands(number: usize) -> String {
    let digits = number.to_string();
    let mut text = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}
