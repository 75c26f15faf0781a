//! The server's integration tests, in one test binary: each file of this folder is a module (its
//! tests are named `chat::...`, `e2e::...`), and `common` holds what they share. One binary links
//! the whole server once instead of once per file (`cargo test -p safehouse-server --test server
//! e2e::` runs one module's tests).

mod common;

mod chat;
mod clock;
mod conformance;
mod crash;
mod devices;
mod diff_oracle;
mod e2e;
mod hostile;
mod idle;
mod log;
mod notify;
mod openapi;
mod pages;
mod rematch;
mod security;
mod shared_limits;
mod strict_actions;
mod turn_based;
mod two_nodes;
mod waiting_room;
