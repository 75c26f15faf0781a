//! Uniformly random playouts of Club Unlock / CASH: ns per action, games per second and heap
//! allocations per action. Run: `cargo bench -p safehouse-club-unlock --bench playout`.

use safehouse_club_unlock::{ClubUnlock, Options};
use safehouse_engine::Setup;
use safehouse_engine::bench::{CountingAllocator, report_random_playouts};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

fn main() {
    let cash = <ClubUnlock as safehouse_engine::Game>::preset("cash").expect("the cash preset exists");
    report_random_playouts::<ClubUnlock>(&[
        ("club-unlock 3p", Box::new(|seed| Setup::new(3, seed))),
        ("club-unlock 4p", Box::new(|seed| Setup::new(4, seed))),
        ("club-unlock 6p", Box::new(|seed| Setup::new(6, seed))),
        ("cash 4p", Box::new(move |seed| Setup::new(4, seed).with_options(cash.clone()))),
        (
            "club-unlock 4p, no refill turn",
            Box::new(|seed| {
                Setup::new(4, seed).with_options(Options { continue_after_refill: false, ..Options::default() })
            }),
        ),
    ]);
}
