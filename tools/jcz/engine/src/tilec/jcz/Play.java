// Written for tilec's JCloisterZone harness (see docs/export-jcz.md).
//
// Plays random games in JCloisterZone's own Java engine, set up as its client
// sets them up, and prints one JSON line of what happened:
//
//   java tilec.jcz.Play --defs A.xml,B.xml --sets basic,tilec/river \
//       [--games N] [--seed S] [--players P] [--label TEXT]
//
// `--defs` are the XML files the client loads (JCloisterZone's expansions, then
// an add-on's), `--sets` the tile-sets a player would tick in the game setup.
// The setup message is the client's (ClientSetup), read by the engine's own
// message parser and turned into a game by the engine's `createSetupFromMessage`,
// `GameStateBuilder` and phase reducer; every move is written to JSON and read
// back by that parser, as it travels from the client. Nothing is caught but to
// be counted: an exception ends its game and is reported with where it came from.
package tilec.jcz;

import com.google.gson.Gson;
import com.jcloisterzone.board.Tile;
import com.jcloisterzone.board.TileGroup;
import com.jcloisterzone.engine.Engine;
import com.jcloisterzone.event.MeepleDeployed;
import com.jcloisterzone.event.PlayEvent;
import com.jcloisterzone.event.TileDiscardedEvent;
import com.jcloisterzone.event.TokenPlacedEvent;
import com.jcloisterzone.game.GameSetup;
import com.jcloisterzone.game.GameStatePhaseReducer;
import com.jcloisterzone.game.phase.GameOverPhase;
import com.jcloisterzone.game.phase.Phase;
import com.jcloisterzone.game.state.GameState;
import com.jcloisterzone.game.state.GameStateBuilder;
import com.jcloisterzone.game.state.PlacedTile;
import com.jcloisterzone.io.MessageParser;
import com.jcloisterzone.io.message.GameSetupMessage;
import com.jcloisterzone.io.message.Message;
import com.jcloisterzone.io.message.RandomChangingMessage;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

public final class Play {

    /** More messages than this in one game is a game that does not end. */
    private static final int MAX_MESSAGES = 50_000;

    private final List<String> defs;
    private final int players;
    private final MessageParser parser = new MessageParser();
    private final Map<String, Object> payload = new LinkedHashMap<>();

    private Play(List<String> defs, List<String> chosen, int players) throws Exception {
        this.defs = defs;
        this.players = players;
        ClientSetup client = new ClientSetup(defs);
        Map<String, Object> elements = client.elements(chosen);
        payload.put("sets", client.sets(chosen, elements));
        payload.put("elements", elements);
        payload.put("rules", ClientSetup.DEFAULT_RULES);
        payload.put("start", ClientSetup.start(chosen));
        payload.put("players", players);
        payload.put("gameAnnotations", Map.of());
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opts = options(args);
        List<String> defs = Arrays.asList(opts.get("defs").split(","));
        List<String> chosen = Arrays.asList(opts.get("sets").split(","));
        int games = Integer.parseInt(opts.getOrDefault("games", "10"));
        Random seeds = new Random(Long.parseLong(opts.getOrDefault("seed", "1")));
        Play play = new Play(defs, chosen, Integer.parseInt(opts.getOrDefault("players", "2")));
        Report report = new Report(opts.getOrDefault("label", opts.get("sets")), play.payload);
        for (int g = 0; g < games; g++) {
            report.add(play.game(seeds.nextLong()));
        }
        System.out.println(new Gson().toJson(report));
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> opts = new TreeMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("expected --name value, got " + args[i]);
            }
            opts.put(args[i].substring(2), args[i + 1]);
        }
        if (!opts.containsKey("defs") || !opts.containsKey("sets")) {
            throw new IllegalArgumentException("usage: Play --defs A.xml,B.xml --sets ID,ID [--games N] [--seed S] [--players P] [--label TEXT]");
        }
        return opts;
    }

    /** One game from `seed`: what it placed, discarded and left, or where it failed. */
    private Report.Game game(long seed) throws Exception {
        Random rnd = new Random(seed);
        Report.Game out = new Report.Game();
        Map<String, Object> p = new LinkedHashMap<>(payload);
        p.put("initialRandom", rnd.nextDouble());
        GameSetupMessage msg = (GameSetupMessage) parser.fromJson(new Gson().toJson(Map.of("type", "GAME_SETUP", "payload", p)));
        GameSetup setup = setupOf(msg);
        GameStatePhaseReducer reducer = new GameStatePhaseReducer(setup, msg.getInitialRandom());
        GameState state;
        try {
            state = new GameStateBuilder(defs, setup, players).createInitialState();
        } catch (RuntimeException e) {
            out.fail("setup", e);
            return out;
        }
        Map<String, String> groupOf = groups(state, out);
        for (PlacedTile pt : state.getPlacedTiles().values()) {
            out.start.add(pt.getTile().getId());
        }
        RandomPlayer player = new RandomPlayer(rnd);
        try {
            Phase first = reducer.getFirstPhase();
            state = reducer.applyStepResult(first.enter(state.setPhase(first)));
            int n = 0;
            while (!(state.getPhase() instanceof GameOverPhase)) {
                if (++n > MAX_MESSAGES) {
                    throw new IllegalStateException("no end after " + MAX_MESSAGES + " messages");
                }
                Message m = parser.fromJson(parser.toJson(player.choose(state)));
                if (m instanceof RandomChangingMessage && ((RandomChangingMessage) m).getRandom() != null) {
                    reducer.getRandomGanerator().setRandom(((RandomChangingMessage) m).getRandom());
                }
                state = reducer.apply(state, m);
            }
            out.finished = true;
        } catch (RuntimeException e) {
            out.fail("play", e);
        }
        tally(state, groupOf, out);
        return out;
    }

    /** The engine's setup from the client's message (`Engine.createSetupFromMessage`). */
    static GameSetup setupOf(GameSetupMessage msg) throws Exception {
        PrintStream none = new PrintStream(OutputStream.nullOutputStream());
        Engine engine = new Engine(InputStream.nullInputStream(), none, none, null);
        Method m = Engine.class.getDeclaredMethod("createSetupFromMessage", GameSetupMessage.class);
        m.setAccessible(true);
        try {
            return (GameSetup) m.invoke(engine, msg);
        } catch (InvocationTargetException e) {
            throw (Exception) e.getCause();
        }
    }

    /** Each tile id's group in the pack the game starts with, and each group's size. */
    private static Map<String, String> groups(GameState state, Report.Game out) {
        Map<String, String> groupOf = new TreeMap<>();
        for (TileGroup g : state.getTilePack().getGroups().values()) {
            out.group(g.getName()).inPack += g.size();
            for (Tile t : g.getTiles()) {
                groupOf.put(t.getId(), g.getName());
            }
        }
        return groupOf;
    }

    private static void tally(GameState state, Map<String, String> groupOf, Report.Game out) {
        List<String> start = new ArrayList<>(out.start);
        for (PlacedTile pt : state.getPlacedTiles().values()) {
            String id = pt.getTile().getId();
            if (!start.remove(id)) {
                out.group(groupOf.getOrDefault(id, "?")).placed++;
            }
        }
        for (PlayEvent ev : state.getEvents()) {
            String what = ev.getClass().getSimpleName();
            if (ev instanceof TokenPlacedEvent) { // which token: a tower piece, a tunnel, ...
                what += " " + ((TokenPlacedEvent) ev).getToken().name();
            }
            if (ev instanceof MeepleDeployed) { // which figure: a follower, an abbot, ...
                what += " " + ((MeepleDeployed) ev).getMeeple().getClass().getSimpleName();
            }
            out.events.merge(what, 1, Integer::sum);
            if (ev instanceof TileDiscardedEvent) {
                String id = ((TileDiscardedEvent) ev).getTile().getId();
                out.group(groupOf.getOrDefault(id, "?")).discarded++;
                out.discarded.merge(id, 1, Integer::sum);
            }
        }
        for (TileGroup g : state.getTilePack().getGroups().values()) {
            out.group(g.getName()).left += g.size();
        }
        out.hidden = state.getTilePack().getHiddenUnderHills(); // under hills: out of play by rule
        out.score = state.getPlayers().getScore().sum().intValue();
    }
}
