// Written for tilec's JCloisterZone harness (see docs/export-jcz.md).
//
// The game setup JCloisterZone's client (farin/JCloisterZone-Client 5.12.1)
// sends its engine for a choice of tile-sets: the default game elements, those
// the chosen expansions imply or enforce, the edition, the rules' defaults and
// the start tiles, as its `plugins/tiles.js` (getDefaultElements,
// getFullSetup), `store/gameSetup.js` and `utils/gameSetupUtils.js`
// (getStartingTilesOptions) compute them. Only what a game of tile-sets of the
// base game, the River and add-ons needs is here; another built-in expansion is
// refused by name rather than guessed.
package tilec.jcz;

import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

final class ClientSetup {

    /** An expansion: the tile-sets it lists and the game elements it switches on. */
    private static final class Expansion {
        final List<String> sets = new ArrayList<>();
        final List<String> implies = new ArrayList<>();
        final List<String> enforces = new ArrayList<>();
    }

    /** Game elements whose client default is on (`models/elements.js`). */
    private static final Map<String, Object> DEFAULT_ELEMENTS = Map.of("small-follower", 7, "farmers", true);

    /** Elements counted in pieces (`configType: Number`); the rest are on/off. */
    private static final Set<String> NUMBER_ELEMENTS = Set.of(
        "small-follower", "abbot", "phantom", "big-follower", "builder", "pig", "barn", "wagon", "mayor",
        "shepherd", "ringmaster", "dragon", "fairy", "count", "mage", "witch", "big-top", "tower", "abbey",
        "bridge", "castle", "tunnel", "ferry", "little-buildings");

    /** Every rule's client default (`models/rules.js`). */
    static final Map<String, Object> DEFAULT_RULES = new LinkedHashMap<>();

    static {
        DEFAULT_RULES.put("princess-action", "may");
        DEFAULT_RULES.put("fairy-placement", "next-follower");
        DEFAULT_RULES.put("dragon-move", "before-scoring");
        DEFAULT_RULES.put("barn-placement", "not-occupied");
        DEFAULT_RULES.put("wagon-move", "C2");
        DEFAULT_RULES.put("bazaar-no-auction", false);
        DEFAULT_RULES.put("hill-tiebreaker", "at-least-one-follower");
        DEFAULT_RULES.put("espace-variant", "any-tile");
        DEFAULT_RULES.put("gq11-pig-herd", "pig");
        DEFAULT_RULES.put("tunnelize-other-expansions", true);
        DEFAULT_RULES.put("more-tunnel-tokens", "3/2");
        DEFAULT_RULES.put("festival-return", "meeple");
        DEFAULT_RULES.put("keep-monasteries", "replace");
        DEFAULT_RULES.put("labyrinth-variant", "advanced");
        DEFAULT_RULES.put("coc-final-scoring", "market-only");
        DEFAULT_RULES.put("count-move", "by-player");
        DEFAULT_RULES.put("little-buildings-scoring", "1/1/1");
        DEFAULT_RULES.put("king-and-robber-scoring", "default");
        DEFAULT_RULES.put("tiny-city-scoring", "4");
    }

    private final Map<String, Expansion> expansions = new LinkedHashMap<>();
    private final Set<String> tileSets = new LinkedHashSet<>();

    /** Reads the `<tile-set>`s and `<expansion>`s of the files the client loads. */
    ClientSetup(List<String> files) throws Exception {
        // The client's built-in expansions (`models/expansions.js`): their
        // tile-sets and the elements they imply or enforce.
        builtIn("BASIC", List.of("basic"), List.of(), List.of());
        builtIn("RIVER", List.of("river/1", "river/2"), List.of(), List.of("river"));
        builtIn("FESTIVAL", List.of("festival"), List.of("festival"), List.of());
        builtIn("RUSSIAN_PROMOS", List.of("russian-promos/2013", "russian-promos/2016"), List.of(),
            List.of("yaga", "russian-trap"));
        builtIn("INNS_AND_CATHEDRALS", List.of("inns-and-cathedrals"), List.of("big-follower", "cathedral", "inn"),
            List.of());
        builtIn("TRADERS_AND_BUILDERS", List.of("traders-and-builders"), List.of("builder", "pig", "traders"),
            List.of());
        for (String file : files) {
            read(file);
        }
    }

    private void read(String file) throws Exception {
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new File(file));
        NodeList sets = doc.getElementsByTagName("tile-set");
        for (int i = 0; i < sets.getLength(); i++) {
            tileSets.add(((Element) sets.item(i)).getAttribute("id"));
        }
        NodeList exps = doc.getElementsByTagName("expansion");
        for (int i = 0; i < exps.getLength(); i++) {
            Element el = (Element) exps.item(i);
            if (expansions.containsKey(el.getAttribute("id"))) {
                continue; // the client keeps the first ("Expansion X is already defined")
            }
            Expansion exp = new Expansion();
            collect(el, "ref", "tile-set", exp.sets);
            collect(el, "implies", "element", exp.implies);
            collect(el, "enforces", "element", exp.enforces);
            expansions.put(el.getAttribute("id"), exp);
        }
    }

    private void builtIn(String name, List<String> sets, List<String> implies, List<String> enforces) {
        Expansion exp = new Expansion();
        exp.sets.addAll(sets);
        exp.implies.addAll(implies);
        exp.enforces.addAll(enforces);
        expansions.put(name, exp);
    }

    private static void collect(Element el, String tag, String attr, List<String> into) {
        NodeList nl = el.getElementsByTagName(tag);
        for (int i = 0; i < nl.getLength(); i++) {
            String v = ((Element) nl.item(i)).getAttribute(attr);
            if (!v.isEmpty()) {
                into.add(v);
            }
        }
    }

    /** The expansion listing a chosen tile-set (by its id without the edition). */
    private Expansion expansionOf(String set) {
        for (Expansion exp : expansions.values()) {
            if (exp.sets.contains(set)) {
                return exp;
            }
        }
        throw new IllegalArgumentException("tile-set `" + set + "` is in no expansion the harness knows"
            + " (JCloisterZone's own: basic, river/1, river/2, festival, russian-promos/2013, russian-promos/2016,"
            + " inns-and-cathedrals, traders-and-builders;"
            + " others come from the files' <expansion>s)");
    }

    /**
     * The elements that the expansions of a setup's tile-sets (ids as a save
     * has them, with the edition) enforce: what the client adds to a loaded
     * setup (`getFullSetup`).
     */
    List<String> enforced(List<String> setIds) {
        List<String> out = new ArrayList<>();
        for (String id : setIds) {
            out.addAll(expansionOf(id.replaceFirst(":[0-9]+$", "")).enforces);
        }
        return out;
    }

    /** The elements of a new game with `chosen` tile-sets, enforced ones included. */
    Map<String, Object> elements(List<String> chosen) {
        Map<String, Object> q = new LinkedHashMap<>(DEFAULT_ELEMENTS);
        for (String id : chosen) {
            for (String e : expansionOf(id).implies) {
                q.put(e, NUMBER_ELEMENTS.contains(e) ? (Object) 1 : (Object) true);
            }
        }
        for (String id : chosen) {
            for (String e : expansionOf(id).enforces) {
                q.put(e, true);
            }
        }
        return q;
    }

    /** The setup's `sets`: a chosen id, or it with the edition when only that exists. */
    Map<String, Integer> sets(List<String> chosen, Map<String, Object> elements) {
        String edition = elements.containsKey("garden") ? "2" : "1";
        Map<String, Integer> out = new LinkedHashMap<>();
        for (String id : chosen) {
            String key = tileSets.contains(id) ? id : id + ":" + edition;
            if (!tileSets.contains(key)) {
                throw new IllegalArgumentException("no tile-set `" + id + "` in the files loaded");
            }
            out.put(key, 1);
        }
        return out;
    }

    /** The default start of `getStartingTilesOptions` for these tile-sets. */
    static List<Map<String, Object>> start(List<String> chosen) {
        boolean river = chosen.contains("river/1") || chosen.contains("river/2") || chosen.contains("river/3");
        if (chosen.contains("count") || chosen.contains("wind-roses") || chosen.contains("spiel-doch")) {
            throw new IllegalArgumentException("the harness does not lay out the Count's, Wind Roses' or Spiel Doch's start");
        }
        String tile = !river ? "BA/RCr" : chosen.contains("gq11") ? "GQ/RFI" : "RI/s";
        return List.of(Map.of("tile", tile, "x", 0, "y", 0, "rotation", 0));
    }
}
