//! Uniformly random playouts of The Safe: ns per action, games per second and heap allocations
//! per action. Run: `cargo bench -p safehouse-the-safe --bench playout`.

use safehouse_engine::Setup;
use safehouse_engine::bench::{CountingAllocator, report_random_playouts};
use safehouse_the_safe::{OnMissionFail, Options, TheSafe};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

fn main() {
    // Random naming fails the first mission, so `retry_mission` measures longer games.
    let retry = Options { on_mission_fail: OnMissionFail::RetryMission, mission_limit: 20, ..Options::default() };
    report_random_playouts::<TheSafe>(&[
        ("the-safe 1p", Box::new(|seed| Setup::new(1, seed))),
        ("the-safe 2p", Box::new(|seed| Setup::new(2, seed))),
        ("the-safe 4p", Box::new(|seed| Setup::new(4, seed))),
        ("the-safe 6p", Box::new(|seed| Setup::new(6, seed))),
        ("the-safe 4p, retry x20", Box::new(move |seed| Setup::new(4, seed).with_options(retry.clone()))),
    ]);
}
