//! The `proofpack` command. Exit statuses (spec §12): 0 complete, 3 late,
//! 4 incomplete, 5 untrusted, 6 invalid; 1 an operational error (unreadable
//! file, unusable trust store); 2 a usage error.
#![forbid(unsafe_code)]

mod cli;

fn main() {
    std::process::exit(cli::real_main());
}
