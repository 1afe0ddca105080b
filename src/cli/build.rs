//! `tilec build`.

/// A file-name-safe form of an id part: ASCII letters, digits, `-` and `_` kept,
/// anything else becomes `_`.
pub fn file_stem(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}
