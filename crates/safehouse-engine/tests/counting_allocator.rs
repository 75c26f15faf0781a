//! [`CountingAllocator`] counts the calling thread's allocations only, so that a hot-path
//! check is not failed by what another thread (the test harness's own, say) allocates meanwhile.

use std::sync::{Arc, Barrier};

use safehouse_engine::bench::{CountingAllocator, allocations};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

#[test]
fn another_threads_allocations_are_not_counted_and_this_threads_are() {
    let start = Arc::new(Barrier::new(2));
    let done = Arc::new(Barrier::new(2));
    let other = std::thread::spawn({
        let (start, done) = (Arc::clone(&start), Arc::clone(&done));
        move || {
            start.wait();
            let boxes: Vec<Box<u64>> = (0..1_000).map(Box::new).collect();
            assert!(allocations() >= 1_000, "the other thread counts its own");
            done.wait();
            drop(boxes);
        }
    });
    let before = allocations();
    start.wait();
    done.wait();
    let meanwhile = allocations() - before;
    other.join().expect("other thread");
    assert_eq!(meanwhile, 0, "another thread's allocations were counted here");

    let before = allocations();
    let mine = std::hint::black_box(vec![1u8; 64]);
    assert_eq!(allocations() - before, 1, "this thread's allocation is counted");
    drop(mine);
}
