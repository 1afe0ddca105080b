//! Emitters: each takes the checked model (or its runtime form) and returns bytes
//! or text. None reports user errors and none touches the file system.

pub mod html;
pub mod jcz;
pub mod jcz_addon;
pub mod jcz_art;
pub mod jcz_play;
pub mod jcz_start;
pub mod json;
pub mod png;
pub mod rust;
pub mod xml;
