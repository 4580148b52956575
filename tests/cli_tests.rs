//! CLI behaviour as data: each `tests/cmd/*.toml` case names the arguments,
//! the expected exit status and, where stable, the expected output.

#[test]
fn cli_tests() {
    trycmd::TestCases::new().case("tests/cmd/*.toml");
}
