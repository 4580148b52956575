//! CLI behaviour as data: each `tests/cmd/*.toml` case names the arguments,
//! the expected exit status and, where stable, the expected output.

#[test]
fn cli_tests() {
    // The English words, whatever the machine's locale.
    trycmd::TestCases::new()
        .env("LC_ALL", "C")
        .case("tests/cmd/*.toml");
}
