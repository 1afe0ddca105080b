//! The rules of each shipped set in brief, written for this site in the
//! project's own words (the full digest is the engine's business).

/// Short rule notes for the set `id` (empty for sets we have no summary for).
pub fn in_brief(id: &str) -> &'static [&'static str] {
    match id {
        "base" => &[
            "On your turn draw a tile and lay it against the tiles already down; every edge it shares must match (city to city, road to road, field to field).",
            "You may then put one follower on a feature of that tile, but only if nobody holds the feature it joins.",
            "A finished road pays 1 per tile, a walled-in city 2 per tile and 2 per coat of arms, a monastery with all 8 neighbours 9.",
            "Whoever has the most followers on a feature takes its points; tied players all score in full.",
            "At the end unfinished features pay less (road 1 per tile, city 1 per tile and 1 per coat of arms, monastery 1 plus 1 per neighbour), and each field pays its leading farmers 3 for every finished city it borders.",
            "The abbot only goes on a monastery or a garden; instead of placing, you may call it back early for what its tile is worth now.",
        ],
        "river" => &[
            "The river is laid before the land tiles: the spring first, then pieces that carry the river on, the lake last.",
            "River edges meet only river edges, and the river may not bend back on itself.",
        ],
        "anniversary" => &[
            "Each tile carries an arrow aimed at one of its four edges.",
            "If the arrow aims at an empty square when the tile is laid, its player scores 2 at once.",
            "An arrow is set off by laying its tile against an occupied square it aims at, or by laying any tile on the square it aims at; at most one arrow acts per turn.",
            "Add-next-to: set a follower beside one of your own already on the board (never a third).",
            "Portal: set a follower on any free, unfinished feature anywhere on the board.",
            "Extra turn: play one more whole turn; an extra-turn arrow set off during it does nothing.",
        ],
        "festival" => &[
            "After laying a Festival tile, either place a follower as usual, or take one of your own figures back from the board without scoring it, or do neither.",
            "The festival symbol itself is no feature: nothing may stand on it.",
        ],
        "promos" => &[
            "Baba Yaga's hut is a reverse monastery: at the end it pays 1 plus 1 per empty neighbouring square; once all 8 neighbours are filled its follower leaves with 1 point.",
            "Bogatyr's Choice has a road that branches three ways and a second road ending at a stone, which links the two for figures that move along roads.",
            "Solovei's tree stands on its road: whenever that road holds followers, the ones nearest the tree are caught and count for nothing until their owner frees one instead of placing.",
            "Vodyanoy's lake pulls in every figure on the 8 squares around it, now or later; each one still there at the end costs its owner 2 points.",
        ],
        "mm" => &[
            "Each player gets a mayor (cities), a messenger (roads), a scarecrow (fields) and one town hall tile.",
            "A town hall may be laid instead of drawing a tile: it fits next to anything, closes every road and city that reaches it, and is part of no feature.",
            "A mayor or scarecrow acts once its tile has all four side neighbours; a messenger may move on from its finished road to the next road or city where that road ends.",
            "The game ends only when every town hall has been laid.",
        ],
        _ => &[],
    }
}
