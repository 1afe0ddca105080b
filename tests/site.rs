//! The reference site: a golden set page, every local link and image resolves,
//! the output is deterministic, and a real browser (headless Chromium) loads the
//! index and every set page from a local server with every image decoded.

#[path = "site_support/browser.rs"]
mod browser;
mod common;

use std::collections::BTreeMap;
use std::sync::OnceLock;
use tilec::emit::html::{self, SetCheck};

/// The shipped site, built once for all tests of this file.
pub fn site() -> &'static BTreeMap<String, Vec<u8>> {
    static SITE: OnceLock<BTreeMap<String, Vec<u8>>> = OnceLock::new();
    SITE.get_or_init(|| {
        let compiled = common::shipped();
        let files = html::emit(&compiled.model, &[]);
        let map: BTreeMap<_, _> = files.iter().cloned().collect();
        assert_eq!(map.len(), files.len(), "duplicate paths in the site");
        map
    })
}

#[test]
fn festival_set_page_matches_golden() {
    let compiled = common::shipped();
    let check = SetCheck {
        expected_total: Some(10),
        problems: 0,
    };
    let page = html::set_page_for(&compiled.model, "festival", check).expect("festival set");
    common::golden(
        &common::root().join("tests/golden/html/festival.html"),
        &page,
    );
}

#[test]
fn every_local_link_and_image_resolves() {
    let site = site();
    let mut broken = Vec::new();
    for (path, bytes) in site.iter().filter(|(p, _)| p.ends_with(".html")) {
        let text = String::from_utf8_lossy(bytes);
        for target in links(&text) {
            if let Err(why) = resolves(site, path, &target) {
                broken.push(format!("{path}: {target}: {why}"));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(site.contains_key("index.html") && site.contains_key("style.css"));
}

#[test]
fn the_site_is_deterministic_and_relative() {
    // A second full build would double the (debug-mode) cost: rebuild two sets.
    let compiled = common::shipped();
    let mut small = compiled.model.clone();
    small
        .sets
        .retain(|s| s.id == "festival" || s.id == "promos");
    assert_eq!(
        html::emit(&small, &[]),
        html::emit(&small, &[]),
        "two builds differ"
    );
    for (path, bytes) in site().iter().filter(|(p, _)| p.ends_with(".html")) {
        let text = String::from_utf8_lossy(bytes);
        assert!(text.starts_with("<!doctype html>"), "{path}: no doctype");
        assert!(text.contains("name=\"viewport\""), "{path}: no viewport");
        for target in links(&text) {
            assert!(
                !target.starts_with('/') && !target.contains("://"),
                "{path}: non-relative {target}"
            );
        }
        assert!(
            !text.contains("<img") || !text.contains("alt=\"\""),
            "{path}: empty alt text"
        );
    }
}

/// Every `href="…"` and `src="…"` value in a page.
pub fn links(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attr in ["href=\"", "src=\""] {
        let mut rest = html;
        while let Some(i) = rest.find(attr) {
            rest = &rest[i + attr.len()..];
            let end = rest.find('"').unwrap_or(rest.len());
            out.push(rest[..end].replace("&#x2f;", "/"));
            rest = &rest[end..];
        }
    }
    out
}

fn resolves(site: &BTreeMap<String, Vec<u8>>, from: &str, target: &str) -> Result<(), String> {
    if target.starts_with("data:") {
        return Ok(());
    }
    let (file, fragment) = target.split_once('#').unwrap_or((target, ""));
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    if file.is_empty() {
        parts.push(from.rsplit('/').next().unwrap_or(from));
    }
    for part in file.split('/').filter(|p| !p.is_empty()) {
        match part {
            ".." => {
                parts.pop().ok_or("climbs out of the site")?;
            }
            "." => {}
            p => parts.push(p),
        }
    }
    let resolved = parts.join("/");
    let bytes = site
        .get(&resolved)
        .ok_or_else(|| format!("no file {resolved}"))?;
    if !fragment.is_empty()
        && !String::from_utf8_lossy(bytes).contains(&format!("id=\"{fragment}\""))
    {
        return Err(format!("no id {fragment} in {resolved}"));
    }
    Ok(())
}
