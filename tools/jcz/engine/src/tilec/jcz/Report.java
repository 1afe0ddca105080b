// Written for tilec's JCloisterZone harness (see docs/export-jcz.md).
//
// What the games of one setup did, summed, printed as one JSON object: the
// setup the client would send, how many games ended, each failure with the
// engine's frame it came from, the start tiles, and per tile group of the pack
// how many copies were in the pile, placed, discarded (no legal place) and
// left undrawn at the end (those hidden under hills counted apart), and
// the engine's events by kind (a token placed, a figure deployed, ...).
package tilec.jcz;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

final class Report {

    /** Copies of one tile group (`default`, `river`, `river-lake`, ...). */
    static final class Group {
        int inPack;
        int placed;
        int discarded;
        int left;

        void add(Group o) {
            inPack += o.inPack;
            placed += o.placed;
            discarded += o.discarded;
            left += o.left;
        }
    }

    /** One game. */
    static final class Game {
        boolean finished;
        String failure;
        final List<String> start = new ArrayList<>();
        final Map<String, Group> groups = new TreeMap<>();
        final Map<String, Integer> discarded = new TreeMap<>();
        final Map<String, Integer> events = new TreeMap<>();
        int hidden;
        int score;

        Group group(String name) {
            return groups.computeIfAbsent(name, k -> new Group());
        }

        /** Records `e`, thrown at `stage`, by its root cause and the engine frame that threw it. */
        void fail(String stage, Throwable e) {
            while (e.getCause() != null && e.getCause() != e) {
                e = e.getCause(); // the reducer wraps what a phase throws
            }
            String where = "";
            for (StackTraceElement f : e.getStackTrace()) {
                if (f.getClassName().startsWith("com.jcloisterzone")) {
                    where = " at " + f.getClassName().replaceAll(".*\\.", "") + "." + f.getMethodName() + ":" + f.getLineNumber();
                    break;
                }
            }
            failure = stage + ": " + e.getClass().getSimpleName() + ": " + e.getMessage() + where;
        }
    }

    final String label;
    final Object sets;
    final Object elements;
    final Object start;
    int games;
    int finished;
    final Map<String, Integer> failures = new TreeMap<>();
    final Map<String, Integer> startTiles = new TreeMap<>();
    final Map<String, Group> groups = new TreeMap<>();
    final Map<String, Integer> discarded = new TreeMap<>();
    final Map<String, Integer> events = new TreeMap<>();
    int gamesWithDiscards;
    int hiddenUnderHills;
    long scoreTotal;

    Report(String label, Map<String, Object> payload) {
        this.label = label;
        this.sets = payload.get("sets");
        this.elements = payload.get("elements");
        this.start = payload.get("start");
    }

    void add(Game g) {
        games++;
        if (g.finished) {
            finished++;
        }
        if (g.failure != null) {
            failures.merge(g.failure, 1, Integer::sum);
        }
        startTiles.merge(String.join("+", g.start), 1, Integer::sum);
        g.groups.forEach((name, grp) -> groups.computeIfAbsent(name, k -> new Group()).add(grp));
        g.discarded.forEach((id, n) -> discarded.merge(id, n, Integer::sum));
        if (!g.discarded.isEmpty()) {
            gamesWithDiscards++;
        }
        g.events.forEach((e, n) -> events.merge(e, n, Integer::sum));
        hiddenUnderHills += g.hidden;
        scoreTotal += g.score;
    }
}
