//! `report.html`: one self-contained page from the `report.html` template, with
//! charts drawn by `plotters` as inline SVG (no script, no remote resource).

use super::data::{Report, Run, SetReport, TileReport};
use askama::Template;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;

/// The page: the run, the final-score histogram, the tables of points outside
/// features and of extra turns (when there are any), then per set its earned
/// points histogram, a chart of its tile kinds and a table.
#[derive(Template)]
#[template(path = "report.html")]
struct Page<'a> {
    r: &'a Report,
    run: &'a Run,
    scores_svg: String,
    sets: Vec<SetSection<'a>>,
}

/// One set's part of the page.
struct SetSection<'a> {
    id: &'a str,
    set: &'a SetReport,
    earned_svg: String,
    /// Empty for a set without kinds.
    kinds_svg: String,
}

/// The HTML page of `report`.
pub fn html(report: &Report) -> Result<String, String> {
    let series: Vec<(String, Vec<u64>)> = report
        .scores
        .seats
        .iter()
        .map(|s| (format!("seat {}", s.seat), s.histogram.clone()))
        .collect();
    let scores_svg = histogram_svg(
        "Final scores per seat",
        "final score",
        report.scores.bin_width,
        &series,
    )?;
    let mut sets = Vec::new();
    for (id, set) in &report.sets {
        let earned = &set.earned;
        let earned_svg = histogram_svg(
            &format!("Points earned from set {id}, per game"),
            "points earned",
            earned.bin_width,
            &[(id.clone(), earned.histogram.clone())],
        )?;
        let tiles: Vec<(&String, &TileReport)> = set.tiles.iter().collect();
        let kinds_svg = if tiles.is_empty() {
            String::new()
        } else {
            kinds_svg(&tiles)?
        };
        sets.push(SetSection {
            id,
            set,
            earned_svg,
            kinds_svg,
        });
    }
    let page = Page {
        r: report,
        run: &report.run,
        scores_svg,
        sets,
    };
    page.render()
        .map_err(|e| format!("error: cannot render report.html: {e}"))
}

/// The font size of the histograms' labels.
const LABEL_PX: u32 = 14;

/// The font size of the kinds chart's labels.
const KIND_PX: u32 = 13;

/// A generous estimate of the width of `text` at `px` in a sans-serif font, so
/// that the room kept for a label never cuts it off (plotters does not measure
/// text for the SVG backend).
fn text_width(text: &str, px: u32) -> u32 {
    let em: f64 = text
        .chars()
        .map(|c| match c {
            'i' | 'j' | 'l' | 'I' | '.' | ',' | ':' | '/' | '-' | '\'' | ' ' => 0.4,
            'm' | 'w' | 'M' | 'W' | '@' => 1.0,
            c if c.is_ascii_uppercase() => 0.8,
            c if c.is_ascii() => 0.65,
            // Other scripts, many of them wide.
            _ => 1.1,
        })
        .sum();
    (em * f64::from(px)).ceil() as u32
}

/// Seat and series colours.
const COLOURS: [RGBColor; 6] = [
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x94, 0x67, 0xbd),
    RGBColor(0x8c, 0x56, 0x4b),
];

fn chart_error(e: impl std::fmt::Display) -> String {
    format!("error: cannot draw a report chart: {e}")
}

/// An SVG drawn by `plotters` into a string, ready to sit inline in HTML: the
/// `xmlns` attribute (which HTML does not need) is dropped so that the page
/// holds no URL at all.
fn svg(
    size: (u32, u32),
    draw: impl FnOnce(&DrawingArea<SVGBackend, plotters::coord::Shift>) -> Result<(), String>,
) -> Result<String, String> {
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, size).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        draw(&root)?;
        root.present().map_err(chart_error)?;
    }
    Ok(text.replacen(" xmlns=\"http://www.w3.org/2000/svg\"", "", 1))
}

/// A histogram of games per bin of `width`: one bar per series in each bin.
fn histogram_svg(
    caption: &str,
    x_desc: &str,
    width: u64,
    series: &[(String, Vec<u64>)],
) -> Result<String, String> {
    let width = width.max(1);
    let bins = series.iter().map(|s| s.1.len()).max().unwrap_or(0).max(1);
    let top = series.iter().flat_map(|s| &s.1).copied().max().unwrap_or(0);
    let x_max = (bins as u64 * width) as f64;
    let y_max = top + top / 10 + 1;
    // Room for the longest count and, left of it, the axis description.
    let y_labels = text_width(&y_max.to_string(), LABEL_PX) + 2 * LABEL_PX;
    svg((720, 300), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(caption, ("sans-serif", 20))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(y_labels)
            .build_cartesian_2d(0f64..x_max, 0u64..y_max)
            .map_err(chart_error)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc(x_desc)
            .y_desc("games")
            .label_style(("sans-serif", LABEL_PX))
            .axis_desc_style(("sans-serif", LABEL_PX))
            .x_label_formatter(&|x| format!("{x}"))
            .draw()
            .map_err(chart_error)?;
        let bar = width as f64 / series.len().max(1) as f64;
        for (i, (name, counts)) in series.iter().enumerate() {
            let colour = COLOURS[i % COLOURS.len()];
            let bars = counts.iter().enumerate().map(move |(b, &c)| {
                let x0 = (b as u64 * width) as f64 + i as f64 * bar;
                let mut r = Rectangle::new([(x0, 0), (x0 + bar, c)], colour.filled());
                r.set_margin(0, 0, 1, 1);
                r
            });
            chart
                .draw_series(bars)
                .map_err(chart_error)?
                .label(name.as_str())
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 10, y + 5)], colour.filled())
                });
        }
        if series.len() < 2 {
            return Ok(());
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .label_font(("sans-serif", 14))
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(chart_error)
    })
}

/// One panel of the kinds chart: its title, its value and its colour.
type Panel = (&'static str, fn(&TileReport) -> f64, RGBColor);

/// Three bar charts side by side, one row per tile kind: mean points of the
/// features joined, mean legal placements, set-aside rate.
fn kinds_svg(tiles: &[(&String, &TileReport)]) -> Result<String, String> {
    let n = tiles.len();
    // Room for the widest id, its tick and a gap.
    let label_width = tiles
        .iter()
        .map(|(id, _)| text_width(id, KIND_PX))
        .max()
        .unwrap_or(0)
        + 16;
    let height = 70 + 18 * n.max(1) as u32;
    let panels: [Panel; 3] = [
        (
            "mean points of features joined",
            |t| t.mean_feature_points,
            COLOURS[1],
        ),
        (
            "mean legal placements",
            |t| t.mean_legal_placements,
            COLOURS[2],
        ),
        ("set-aside rate", |t| t.set_aside_rate, COLOURS[0]),
    ];
    svg((label_width + 3 * 220, height), |root| {
        let (first, rest) = root.split_horizontally(label_width + 220);
        let mut areas = vec![first];
        areas.extend(rest.split_evenly((1, 2)));
        for (p, (panel, area)) in panels.iter().zip(&areas).enumerate() {
            let y_labels = if p == 0 { label_width } else { 0 };
            kinds_panel(area, tiles, panel, y_labels, p == 2)?;
        }
        Ok(())
    })
}

/// One panel: a horizontal bar per kind, its ids as labels when `y_labels` > 0;
/// a rate's axis runs to 1.
fn kinds_panel(
    area: &DrawingArea<SVGBackend, plotters::coord::Shift>,
    tiles: &[(&String, &TileReport)],
    &(title, value, colour): &Panel,
    y_labels: u32,
    rate: bool,
) -> Result<(), String> {
    let n = tiles.len();
    let value = |t: &TileReport| value(t).max(0.0);
    let top = if rate {
        1.0
    } else {
        tiles
            .iter()
            .map(|(_, t)| value(t))
            .fold(0.0, f64::max)
            .max(1.0)
            * 1.05
    };
    let mut chart = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 16))
        .margin(6)
        .x_label_area_size(25)
        .y_label_area_size(y_labels)
        .build_cartesian_2d(0f64..top, (0..n as i32).into_segmented())
        .map_err(chart_error)?;
    let label = |v: &SegmentValue<i32>| match v {
        SegmentValue::CenterOf(i) => usize::try_from(*i)
            .ok()
            .and_then(|i| n.checked_sub(i + 1))
            .and_then(|row| tiles.get(row))
            .map_or(String::new(), |(id, _)| id.to_string()),
        _ => String::new(),
    };
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(n + 1)
        .x_labels(5)
        .max_light_lines(1)
        .label_style(("sans-serif", KIND_PX))
        .y_label_formatter(&label)
        .x_label_formatter(&|x| format!("{x}"))
        .draw()
        .map_err(chart_error)?;
    let bars = tiles.iter().enumerate().map(|(row, (_, t))| {
        let y = (n - 1 - row) as i32;
        let mut r = Rectangle::new(
            [
                (0.0, SegmentValue::Exact(y)),
                (value(t), SegmentValue::Exact(y + 1)),
            ],
            colour.filled(),
        );
        r.set_margin(3, 3, 0, 0);
        r
    });
    chart.draw_series(bars).map_err(chart_error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The texts of an SVG: (x, whether anchored at their end, font size, text).
    fn texts(svg: &str) -> Vec<(f64, bool, f64, String)> {
        let attr = |tag: &str, name: &str| -> String {
            let start = tag.find(&format!(" {name}=\"")).map(|i| i + name.len() + 3);
            start
                .and_then(|i| tag[i..].split('"').next())
                .unwrap_or("")
                .to_string()
        };
        svg.split("<text ")
            .skip(1)
            .map(|t| {
                let (tag, rest) = t.split_once('>').expect("a text tag");
                let tag = &format!(" {tag}");
                let content = rest.split("</text>").next().unwrap_or("").trim();
                (
                    attr(tag, "x").parse().expect("x"),
                    attr(tag, "text-anchor") == "end",
                    attr(tag, "font-size").parse().expect("font size"),
                    content.to_string(),
                )
            })
            .collect()
    }

    #[test]
    fn large_counts_fit_beside_the_axis_description() {
        let series = [("seat 0".to_string(), vec![250_000, 1_000, 3])];
        let svg = histogram_svg("c", "score", 5, &series).expect("svg");
        let all = texts(&svg);
        let (desc_x, _, desc_px, _) = all.iter().find(|t| t.3 == "games").expect("desc");
        let labels: Vec<_> = all.iter().filter(|t| t.1).collect();
        assert!(labels.iter().any(|t| t.3 == "250000"), "{labels:?}");
        for (x, _, px, label) in labels {
            let left = x - f64::from(text_width(label, *px as u32 + 1));
            // The description is drawn turned, `desc_px` wide from `desc_x`.
            assert!(left > desc_x + desc_px, "`{label}` from {left}: {all:?}");
        }
    }

    #[test]
    fn long_tile_ids_are_not_cut_off() {
        let t = TileReport {
            name: "n".into(),
            copies: 1,
            draws: 1,
            set_aside: 0,
            set_aside_rate: 0.0,
            legal_placements: 3,
            mean_legal_placements: 3.0,
            placed: 1,
            features_joined: 2,
            feature_points: 4,
            mean_feature_points: 2.0,
        };
        let ids = [
            "harbour/WMWMWMWMWM-lighthouse".to_string(),
            "h/A".to_string(),
        ];
        let tiles: Vec<(&String, &TileReport)> = ids.iter().map(|id| (id, &t)).collect();
        let svg = kinds_svg(&tiles).expect("svg");
        let labels: Vec<_> = texts(&svg).into_iter().filter(|t| t.1).collect();
        assert!(labels.iter().any(|t| t.3 == ids[0]), "{labels:?}");
        for (x, _, px, label) in labels {
            let left = x - f64::from(text_width(&label, px as u32 + 1));
            assert!(left >= 0.0, "`{label}` starts at {left}");
        }
    }

    #[test]
    fn wide_letters_are_counted_wider() {
        assert!(text_width("WM", 10) > text_width("AB", 10));
        assert!(text_width("AB", 10) > text_width("ab", 10));
        assert!(text_width("ab", 10) > text_width("il", 10));
        assert_eq!(text_width("", 13), 0);
    }
}
