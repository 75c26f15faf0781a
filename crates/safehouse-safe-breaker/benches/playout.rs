//! Uniformly random playouts of Safe Breaker: ns per action, games per second and heap
//! allocations per action. Run: `cargo bench -p safehouse-safe-breaker --bench playout`.

use safehouse_engine::Setup;
use safehouse_engine::bench::{CountingAllocator, report_random_playouts};
use safehouse_safe_breaker::{Exposure, Options, SafeBreaker};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

fn main() {
    let simple = Options { keep_it_simple: true, ..Options::default() };
    let quick = Options { exposed_locks: Exposure::All, exposed_keys: Exposure::All, ..Options::default() };
    report_random_playouts::<SafeBreaker>(&[
        ("safe-breaker 3p", Box::new(|seed| Setup::new(3, seed))),
        ("safe-breaker 4p", Box::new(|seed| Setup::new(4, seed))),
        ("safe-breaker 6p", Box::new(|seed| Setup::new(6, seed))),
        ("safe-breaker 6p keep-it-simple", Box::new(move |seed| Setup::new(6, seed).with_options(simple.clone()))),
        ("safe-breaker 3p quick-game", Box::new(move |seed| Setup::new(3, seed).with_options(quick.clone()))),
    ]);
}
