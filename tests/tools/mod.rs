//! The external programs some tests run (`openssl`, util-linux's `script`,
//! `dash`): a missing one fails the test that needs it, with what to
//! install, and never lets it pass unchecked. `scripts/check.sh` installs
//! them (`scripts/apt-missing.sh`) before `cargo test`.

#![allow(dead_code)] // each test file uses what it needs

use std::process::Command;

/// Fails the calling test unless `program args` runs and succeeds; the
/// message names the Debian package that provides it.
pub fn require(program: &str, args: &[&str], package: &str) {
    let ran = Command::new(program).args(args).output();
    let problem = match ran {
        Ok(out) if out.status.success() => return,
        Ok(out) => format!(
            "`{program} {}` failed ({}): {}",
            args.join(" "),
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ),
        Err(e) => format!("{program} could not be run: {e}"),
    };
    panic!(
        "this test needs `{program}` on PATH and did not run: {problem}. Install it \
         (Debian: `scripts/apt-missing.sh {package}`, which scripts/check.sh runs) and run the tests again"
    );
}

/// `openssl` (OpenSSL 3's command line), or the test fails.
pub fn require_openssl() {
    require("openssl", &["version"], "openssl");
}
