//! Every diagnostic kind, its stable code, and all message text, in one place.
//!
//! Codes never change meaning: `E0xx` syntax, `E1xx` statements and names, `E2xx`
//! tile geometry, `E3xx` sets, `E4xx` importing other formats (`tilec import-jcz`).
//! Messages are terse and lowercase; hints say what to do.
//!
//! Each kind is declared once, in the `kinds!` table of `message/kinds.rs`: its
//! code, its fields, its message, its hint, the label under the caret (when not
//! "here") and its long explanation. A new diagnostic is one entry there.

/// Declares [`Kind`] and its text from one table. An entry reads
/// `CODE Variant { field: Type, .. } => message, hint: hint[, label: label];`,
/// where `message` and `hint` are `&str` or `String` expressions that may use the
/// fields (bound by reference). The entry's doc comment is required: it is the
/// code's long explanation, printed by `tilec check --explain CODE`.
macro_rules! kinds {
    (@label) => { "here" };
    (@label $label:expr) => { $label };
    ($(
        $(#[doc = $doc:literal])+
        $code:ident $variant:ident $({ $($field:ident : $ty:ty),* $(,)? })?
            => $message:expr, hint: $hint:expr $(, label: $label:expr)?;
    )*) => {
        /// What a diagnostic reports. Named fields carry what the message needs.
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        #[allow(missing_docs)] // a field is named by the message that uses it
        pub enum Kind {
            $( $(#[doc = $doc])+ $variant $({ $($field: $ty),* })?, )*
        }

        /// Every code, in table order.
        pub const CODES: &[&str] = &[$(stringify!($code)),*];

        /// Each code's long explanation: its entry's doc comment, one line per `///`.
        pub(super) const EXPLANATIONS: &[(&str, &[&str])] = &[$((stringify!($code), &[$($doc),+])),*];

        impl Kind {
            /// The stable code.
            pub fn code(&self) -> &'static str {
                match self {
                    $( Kind::$variant { .. } => stringify!($code), )*
                }
            }

            /// The one-line message.
            #[allow(unused_variables)] // not every message uses every field
            pub fn message(&self) -> String {
                match self {
                    $( Kind::$variant $({ $($field),* })? => String::from($message), )*
                }
            }

            /// What to do about it.
            #[allow(unused_variables)] // not every hint uses every field
            pub fn hint(&self) -> Option<String> {
                Some(match self {
                    $( Kind::$variant $({ $($field),* })? => String::from($hint), )*
                })
            }

            /// The label under the caret.
            pub fn label(&self) -> String {
                match self {
                    $( Kind::$variant { .. } => kinds!(@label $($label)?).into(), )*
                }
            }
        }
    };
}

mod kinds;

use kinds::EXPLANATIONS;
pub use kinds::{Kind, CODES};

/// The long explanation of a code (`E202`), as `tilec check --explain` prints it;
/// `None` for a code that does not exist.
pub fn explain(code: &str) -> Option<String> {
    let (_, lines) = EXPLANATIONS
        .iter()
        .find(|(c, _)| c.eq_ignore_ascii_case(code))?;
    // A `/// text` line arrives as " text".
    let lines: Vec<&str> = lines
        .iter()
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .collect();
    Some(lines.join("\n") + "\n")
}

/// `n` and the word, plural unless `n` is 1: `plural(1, "set")` is "1 set".
pub fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// What a clean check or build read: "1 set, 3 tile kinds, 12 tiles".
pub fn summary(sets: usize, kinds: usize, copies: u32) -> String {
    let copies = plural(copies as usize, "tile");
    format!(
        "{}, {}, {copies}",
        plural(sets, "set"),
        plural(kinds, "tile kind")
    )
}

/// "did you mean `x`?" when there is a likely intended name, else `otherwise`.
/// Names joined for a sentence: `a`, `a and b`, `a, b and c`.
pub fn and_list(names: impl IntoIterator<Item = String>) -> String {
    let names: Vec<String> = names.into_iter().collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

pub(super) fn did_you_mean(suggestion: &Option<String>, otherwise: &str) -> String {
    match suggestion {
        Some(s) => format!("did you mean `{s}`?"),
        None => otherwise.to_string(),
    }
}

pub(super) fn plural_port(ports: &str) -> &'static str {
    if ports.contains(' ') {
        "ports"
    } else {
        "port"
    }
}

pub(super) fn belong(ports: &str) -> &'static str {
    if ports.contains(' ') {
        "belong"
    } else {
        "belongs"
    }
}

#[cfg(test)]
mod tests {
    use super::CODES;

    #[test]
    fn every_code_has_an_explanation() {
        for code in CODES {
            let text = super::explain(code).expect("explained");
            assert!(text.len() > 80, "{code}: {text}");
        }
        assert_eq!(super::explain("E999"), None);
        assert_eq!(super::explain("e202"), super::explain("E202"));
    }

    #[test]
    fn one_of_a_thing_is_singular() {
        assert_eq!(super::summary(1, 1, 1), "1 set, 1 tile kind, 1 tile");
        assert_eq!(super::summary(2, 3, 0), "2 sets, 3 tile kinds, 0 tiles");
    }

    #[test]
    fn codes_are_unique_and_well_formed() {
        let mut seen = std::collections::HashSet::new();
        for code in CODES {
            assert!(seen.insert(code), "{code} is declared twice");
            assert!(code.len() == 4 && code.starts_with('E'), "{code}");
            assert!(code[1..].bytes().all(|b| b.is_ascii_digit()), "{code}");
        }
    }
}
