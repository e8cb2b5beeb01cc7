//! `sudoku completions SHELL`: a shell completion script on stdout.
//!
//! clap writes the script; for bash, the `--techniques` case is then replaced by one that
//! completes the family names, technique names (as words joined by `-`) and HoDoKu codes,
//! each item of the comma-separated list in turn.

use anyhow::Result;
use clap::CommandFactory;
use sudoku::logic::{Family, Ladder};

use crate::cli::Cli;

/// Prints the completion script for `shell`.
pub fn run(shell: clap_complete::Shell) -> Result<()> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "sudoku", &mut out);
    if shell == clap_complete::Shell::Bash {
        out = bash_techniques(&String::from_utf8_lossy(&out)).into_bytes();
    }
    super::man::write_stdout(&out)
}

/// What `--techniques` takes: families, then each technique's name and code.
pub fn technique_words() -> Vec<String> {
    let mut words: Vec<String> = Family::ALL.iter().map(|f| f.name().to_string()).collect();
    for t in Ladder::default().techniques() {
        let name: String = t
            .name()
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '+'))
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join("-");
        words.push(name.to_lowercase());
        words.push(t.code().to_string());
    }
    words
}

/// The bash script with every `--techniques)` case completing [`technique_words`].
fn bash_techniques(script: &str) -> String {
    let words = technique_words().join(" ");
    let mut out = String::with_capacity(script.len() + 4096);
    let mut skipping = false;
    for line in script.lines() {
        let trimmed = line.trim();
        if skipping {
            if trimmed == ";;" {
                skipping = false;
            }
            continue;
        }
        if trimmed == "--techniques)" {
            let indent = &line[..line.len() - line.trim_start().len()];
            let body = format!(
                "{indent}--techniques)\n\
                 {indent}    local prefix=\"\" word=\"${{cur##*,}}\"\n\
                 {indent}    [[ \"${{cur}}\" == *,* ]] && prefix=\"${{cur%,*}},\"\n\
                 {indent}    COMPREPLY=($(compgen -P \"${{prefix}}\" -W \"{words}\" -- \"${{word}}\"))\n\
                 {indent}    compopt -o nospace 2>/dev/null\n\
                 {indent}    return 0\n\
                 {indent}    ;;\n"
            );
            out.push_str(&body);
            skipping = true;
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_completed_word_is_taken_by_techniques() {
        for w in technique_words() {
            assert!(Ladder::from_list(&w).is_ok(), "{w}");
        }
    }

    #[test]
    fn the_bash_script_completes_technique_names_not_files() {
        let mut out = Vec::new();
        clap_complete::generate(
            clap_complete::Shell::Bash,
            &mut Cli::command(),
            "sudoku",
            &mut out,
        );
        let script = bash_techniques(&String::from_utf8(out).unwrap());
        let cases: Vec<&str> = script.split("--techniques)").skip(1).collect();
        // hint, explain and generate.
        assert_eq!(cases.len(), 3, "{script}");
        for case in cases {
            let case = &case[..case.find(";;").unwrap()];
            assert!(
                case.contains("x-wing") && case.contains("singles"),
                "{case}"
            );
            assert!(!case.contains("compgen -f"), "{case}");
        }
    }
}
