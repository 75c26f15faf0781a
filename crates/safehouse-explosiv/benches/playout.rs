//! Uniformly random playouts of Explosiv: ns per action, games per second and heap allocations
//! per action. Run: `cargo bench -p safehouse-explosiv --bench playout`
//! (`SAFEHOUSE_BENCH_GAMES` / `SAFEHOUSE_BENCH_SAMPLES` make it quicker).

use safehouse_engine::Setup;
use safehouse_engine::bench::{CountingAllocator, report_random_playouts};
use safehouse_explosiv::{Explosiv, NoLegalMove, Options};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

fn main() {
    let face_down = Options { no_legal_move: NoLegalMove::DiscardFaceDown, ..Options::default() };
    let skip_keep =
        Options { no_legal_move: NoLegalMove::SkipKeep, allow_play_after_explosion: false, ..Options::default() };
    report_random_playouts::<Explosiv>(&[
        ("explosiv 2p", Box::new(|seed| Setup::new(2, seed))),
        ("explosiv 3p", Box::new(|seed| Setup::new(3, seed))),
        ("explosiv 4p", Box::new(|seed| Setup::new(4, seed))),
        ("explosiv 4p, face-down discards", Box::new(move |seed| Setup::new(4, seed).with_options(face_down.clone()))),
        ("explosiv 4p, skip_keep, closed", Box::new(move |seed| Setup::new(4, seed).with_options(skip_keep.clone()))),
    ]);
}
