//! Self-contained HTML pages: everything inline (style, script, pictures), nothing from the
//! network, so a page works from `file://` and offline.
//!
//! The explain page is written as a stream: [`EXPLAIN_HEAD`], then one
//! [`explain_section`] per puzzle wrapping the same JSON record `explain --format json`
//! writes, then [`EXPLAIN_FOOT`]. The script that draws every board, list and arrow from
//! those records is in the head and runs once the document is read (`DOMContentLoaded`), so
//! a page cut short (a run ended at once by a second Ctrl-C) still draws the sections it has.
//! The page holds no other copy of the steps: one source of truth.

/// The start of the explain page, up to where the puzzles' sections go.
pub const EXPLAIN_HEAD: &str = concat!(
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
    "<meta name=\"generator\" content=\"sudoku explain\">\n",
    "<title>sudoku explain</title>\n<style>\n",
    include_str!("page.css"),
    "</style>\n<script>\ndocument.addEventListener(\"DOMContentLoaded\", function () {\n",
    include_str!("dom.js"),
    include_str!("page.js"),
    "});\n</script>\n</head>\n<body>\n<h1>Solving path</h1>\n",
    "<noscript><p>This page draws its boards with JavaScript; ",
    "turn it on to see them.</p></noscript>\n<nav class=\"toc\"></nav>\n<main>\n",
);

/// The end of the explain page.
pub const EXPLAIN_FOOT: &str = "</main>\n</body>\n</html>\n";

/// The start of the search page (`solve --trace --format html`), up to the puzzles'
/// sections.
pub const TRACE_HEAD: &str = concat!(
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
    "<meta name=\"generator\" content=\"sudoku solve --trace\">\n",
    "<title>sudoku search</title>\n<style>\n",
    include_str!("page.css"),
    "</style>\n<script>\ndocument.addEventListener(\"DOMContentLoaded\", function () {\n",
    include_str!("dom.js"),
    include_str!("trace.js"),
    "});\n</script>\n</head>\n<body>\n<h1>The search, step by step</h1>\n",
    "<p class=\"summary\">Givens black, digits the search was forced to place blue, guesses ",
    "orange. Play, or step with \u{2190} \u{2192} (space plays and pauses).</p>\n",
    "<noscript><p>This page replays the search with JavaScript; ",
    "turn it on to see it.</p></noscript>\n<main>\n",
);

/// The end of the search page (its script is in the head, as the explain page's).
pub const TRACE_FOOT: &str = "</main>\n</body>\n</html>\n";

/// Appends one puzzle's section of the search page: its JSON record (`file`, `line`,
/// `puzzle`, `method`, `events`, `cut`, `limit`, `result`) in a `<script type="application/json">`.
pub fn trace_section(out: &mut Vec<u8>, json: &[u8]) {
    out.extend_from_slice(b"<section class=\"trace\">\n<script type=\"application/json\">");
    embed_json(out, json);
    out.extend_from_slice(b"</script>\n</section>\n");
}

/// Appends one puzzle's section: its JSON record (one object, as `explain --format json`
/// writes it, without the newline) in a `<script type="application/json">`.
pub fn explain_section(out: &mut Vec<u8>, json: &[u8]) {
    out.extend_from_slice(b"<section class=\"puzzle\">\n<script type=\"application/json\">");
    embed_json(out, json);
    out.extend_from_slice(b"</script>\n</section>\n");
}

/// Appends JSON for a `<script>` element: `<` (only ever inside strings) becomes `\u003c`, so
/// no text in it (a file name, say) can close the element.
pub fn embed_json(out: &mut Vec<u8>, json: &[u8]) {
    let mut rest = json;
    while let Some(at) = memchr::memchr(b'<', rest) {
        out.extend_from_slice(&rest[..at]);
        out.extend_from_slice(b"\\u003c");
        rest = &rest[at + 1..];
    }
    out.extend_from_slice(rest);
}

#[cfg(test)]
mod tests {
    use super::*;

    const CSS: &str = include_str!("page.css");
    const EXPLAIN_JS: &str = include_str!("page.js");

    #[test]
    fn json_cannot_close_its_script_element() {
        let mut out = Vec::new();
        embed_json(&mut out, br#"{"file":"</script><b>","text":"r1c1<>5"}"#);
        let text = String::from_utf8(out).unwrap();
        assert!(!text.contains('<'));
        assert_eq!(
            text,
            r#"{"file":"\u003c/script>\u003cb>","text":"r1c1\u003c>5"}"#
        );
    }

    #[test]
    fn the_page_loads_nothing_from_outside() {
        for part in [EXPLAIN_HEAD, EXPLAIN_FOOT, TRACE_HEAD, TRACE_FOOT] {
            // The SVG namespace is a name, not an address anything is loaded from.
            let part = part.replace("\"http://www.w3.org/2000/svg\"", "");
            assert!(!part.contains("http:") && !part.contains("https:"));
            assert!(!part.contains(" src=") && !part.contains("@import"));
        }
        // The script is in the head, so a page cut short still runs it.
        assert!(EXPLAIN_HEAD.contains(CSS) && EXPLAIN_HEAD.contains(EXPLAIN_JS));
        assert!(!EXPLAIN_FOOT.contains("<script"));
    }
}
