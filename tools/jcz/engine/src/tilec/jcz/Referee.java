// Written for tilec's JCloisterZone harness (see docs/jcz-games.md).
//
// JCloisterZone's engine as the referee of tilec's games, both ways:
//
//   java tilec.jcz.Referee replay --defs A.xml,B.xml --saves DIR
//   java tilec.jcz.Referee play --defs A.xml,B.xml --setup SAVE.jcz --games N \
//       --seed S --out DIR [--draw-order true]
//
// `replay` loads every `DIR/*.jcz` the way the client loads a saved game (the
// setup message of `Saves.load`, the engine's `createSetupFromMessage`,
// `GameStateBuilder` and phase reducer, each message read by the engine's own
// parser) and prints one JSON line per save: the scores after every turn (a
// turn ends where the next PLACE_TILE begins), the points each turn's scoring
// events gave (expression name, player, points, where), the final scores and
// the points of the final scoring. A message the engine refuses, or a
// PLACE_TILE naming another tile than the one the engine drew, ends the save
// as a failure naming the message.
//
// `play` plays N random games (RandomPlayer) from the setup of SAVE.jcz (its
// tile-sets, elements, rules, start and player count) and writes each as
// `DIR/game-K.jcz`, a save of the client's own layout whose messages are the
// engine's serialisation; with `--draw-order true` the save also forces the
// draws (the tiles drawn, set aside ones included) as the client's
// developer annotations do.
package tilec.jcz;

import com.google.gson.Gson;
import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import com.jcloisterzone.action.PlayerAction;
import com.jcloisterzone.action.TilePlacementAction;
import com.jcloisterzone.board.PlacementOption;
import com.jcloisterzone.board.Position;
import com.jcloisterzone.board.Tile;
import com.jcloisterzone.game.Capability;
import com.jcloisterzone.board.pointer.BoardPointer;
import com.jcloisterzone.board.pointer.FeaturePointer;
import com.jcloisterzone.event.MeepleDeployed;
import com.jcloisterzone.event.PlayEvent;
import com.jcloisterzone.event.ScoreEvent;
import com.jcloisterzone.event.TileDiscardedEvent;
import com.jcloisterzone.event.TilePlacedEvent;
import com.jcloisterzone.game.GameSetup;
import com.jcloisterzone.game.GameStatePhaseReducer;
import com.jcloisterzone.game.phase.GameOverPhase;
import com.jcloisterzone.game.phase.Phase;
import com.jcloisterzone.game.state.GameState;
import com.jcloisterzone.game.state.GameStateBuilder;
import com.jcloisterzone.io.MessageParser;
import com.jcloisterzone.io.message.GameSetupMessage;
import com.jcloisterzone.io.message.Message;
import com.jcloisterzone.io.message.PlaceTileMessage;
import com.jcloisterzone.io.message.RandomChangingMessage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;

public final class Referee {

    private static final int MAX_MESSAGES = 50_000;

    private final List<String> defs;
    private final ClientSetup client;
    private final MessageParser parser = new MessageParser();

    private Referee(List<String> defs) throws Exception {
        this.defs = defs;
        this.client = new ClientSetup(defs);
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opts = new TreeMap<>();
        for (int i = 1; i + 1 < args.length; i += 2) {
            opts.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        if (args.length == 0 || !opts.containsKey("defs")) {
            throw new IllegalArgumentException("usage: Referee replay|play --defs A.xml,B.xml ...");
        }
        Referee r = new Referee(Arrays.asList(opts.get("defs").split(",")));
        switch (args[0]) {
            case "replay":
                r.replayAll(Paths.get(opts.get("saves")));
                break;
            case "play":
                r.playAll(Paths.get(opts.get("setup")), Integer.parseInt(opts.getOrDefault("games", "10")),
                    Long.parseLong(opts.getOrDefault("seed", "1")), Paths.get(opts.get("out")),
                    Boolean.parseBoolean(opts.getOrDefault("draw-order", "false")));
                break;
            default:
                throw new IllegalArgumentException("unknown mode " + args[0]);
        }
    }

    /** What one save's replay gave. */
    static final class Result {
        String file;
        boolean over;
        String error;
        Integer message; // the index of the message that failed
        Integer turn; // its turn (the PLACE_TILEs up to it)
        String refusedBy; // the rule refusing a placement: a capability, or "edges"
        final List<List<Integer>> turns = new ArrayList<>();
        final List<List<Map<String, Object>>> events = new ArrayList<>();
        final List<List<Map<String, Object>>> traps = new ArrayList<>();
        final List<List<String>> discarded = new ArrayList<>(); // before each turn's tile
        List<Integer> scores;
        final List<Map<String, Object>> finalEvents = new ArrayList<>();
    }

    private void replayAll(Path dir) throws Exception {
        List<Path> saves;
        try (var s = Files.list(dir)) {
            saves = s.filter(p -> p.toString().endsWith(".jcz")).sorted().collect(Collectors.toList());
        }
        Gson gson = new Gson();
        for (Path save : saves) {
            System.out.println(gson.toJson(replay(save)));
        }
    }

    private GameState start(Map<String, Object> payload, int players) throws Exception {
        GameSetupMessage msg = (GameSetupMessage) parser.fromJson(new Gson().toJson(Map.of("type", "GAME_SETUP", "payload", payload)));
        GameSetup setup = Play.setupOf(msg);
        GameStateBuilder builder = new GameStateBuilder(defs, setup, players);
        builder.setGameAnnotations(msg.getGameAnnotations());
        return builder.createInitialState();
    }

    private Result replay(Path file) {
        Result out = new Result();
        out.file = file.getFileName().toString();
        int index = -1;
        int turn = 0;
        try {
            Saves.Loaded save = Saves.load(file, client);
            GameState state = start(save.payload, save.players);
            GameSetupMessage msg = (GameSetupMessage) parser.fromJson(new Gson().toJson(Map.of("type", "GAME_SETUP", "payload", save.payload)));
            GameStatePhaseReducer reducer = new GameStatePhaseReducer(Play.setupOf(msg), msg.getInitialRandom());
            Phase first = reducer.getFirstPhase();
            state = reducer.applyStepResult(first.enter(state.setPhase(first)));
            int seen = state.getEvents().size();
            boolean placed = false;
            for (String json : save.messages) {
                index++;
                Message m = parser.fromJson(json);
                if (m instanceof PlaceTileMessage) {
                    turn++;
                    PlaceTileMessage pm = (PlaceTileMessage) m;
                    String drawn = state.getDrawnTile() == null ? null : state.getDrawnTile().getId();
                    String named = pm.getTileId();
                    if (drawn == null || !drawn.equals(named)) {
                        Tile tile = discarded(state, seen, named);
                        if (tile == null) {
                            throw new IllegalStateException("the save places " + named + " but the engine drew " + drawn);
                        }
                        out.refusedBy = refusedBy(state, tile, pm);
                        throw new IllegalStateException("the engine set " + named + " aside (no legal place) and drew "
                            + drawn + "; the save places it at " + pm.getPosition() + " " + pm.getRotation());
                    }
                    if (!offered(state, pm)) {
                        out.refusedBy = refusedBy(state, state.getDrawnTile(), pm);
                        throw new IllegalStateException("the engine refuses " + named + " at " + pm.getPosition()
                            + " " + pm.getRotation());
                    }
                    // What the engine set aside in this window was drawn for this turn.
                    List<String> aside = discards(state, seen);
                    if (placed) {
                        out.turns.add(scores(state));
                        out.events.add(points(state, seen, false));
                        out.traps.add(traps(state, seen));
                    }
                    out.discarded.add(aside);
                    seen = state.getEvents().size();
                    placed = true;
                }
                if (m instanceof RandomChangingMessage && ((RandomChangingMessage) m).getRandom() != null) {
                    reducer.getRandomGanerator().setRandom(((RandomChangingMessage) m).getRandom());
                }
                state = reducer.apply(state, m);
            }
            index = -1;
            out.over = state.getPhase() instanceof GameOverPhase;
            out.scores = scores(state);
            if (placed) {
                List<Map<String, Object>> last = points(state, seen, false);
                out.finalEvents.addAll(points(state, seen, true));
                List<Integer> before = new ArrayList<>(out.scores);
                for (Map<String, Object> e : out.finalEvents) {
                    int p = (Integer) e.get("player");
                    before.set(p, before.get(p) - (Integer) e.get("points"));
                }
                out.turns.add(before);
                out.events.add(last);
                out.traps.add(traps(state, seen));
            }
        } catch (Exception | AssertionError e) {
            Throwable t = e;
            while (t.getCause() != null && t.getCause() != t) {
                t = t.getCause();
            }
            out.error = t.getClass().getSimpleName() + ": " + t.getMessage();
            out.message = index >= 0 ? index : null;
            out.turn = index >= 0 ? turn : null;
        }
        return out;
    }

    /** The tiles the engine set aside from the `from`-th event on. */
    private static List<String> discards(GameState state, int from) {
        List<String> out = new ArrayList<>();
        int i = 0;
        for (PlayEvent ev : state.getEvents()) {
            if (i++ >= from && ev instanceof TileDiscardedEvent) {
                out.add(((TileDiscardedEvent) ev).getTile().getId());
            }
        }
        return out;
    }

    /** The tile `id` if the engine set it aside since the `from`-th event. */
    private static Tile discarded(GameState state, int from, String id) {
        int i = 0;
        for (PlayEvent ev : state.getEvents()) {
            if (i++ >= from && ev instanceof TileDiscardedEvent && ((TileDiscardedEvent) ev).getTile().getId().equals(id)) {
                return ((TileDiscardedEvent) ev).getTile();
            }
        }
        return null;
    }

    /** Whether the drawn tile's placement action offers the message's square and rotation. */
    private static boolean offered(GameState state, PlaceTileMessage pm) {
        for (PlayerAction<?> a : state.getPlayerActions().getActions()) {
            if (a instanceof TilePlacementAction) {
                for (PlacementOption o : ((TilePlacementAction) a).getOptions()) {
                    if (o.getPosition().equals(pm.getPosition()) && o.getRotation().equals(pm.getRotation())) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** The capabilities whose placement rule refuses `tile` where the message puts it (none: its edges). */
    private static String refusedBy(GameState state, Tile tile, PlaceTileMessage pm) {
        List<String> caps = new ArrayList<>();
        PlacementOption o = new PlacementOption(pm.getPosition(), pm.getRotation(), null);
        for (Capability<?> cap : state.getCapabilities().toSeq()) {
            if (!cap.isTilePlacementAllowed(state, tile, o)) {
                caps.add(cap.getClass().getSimpleName());
            }
        }
        return caps.isEmpty() ? "edges" : String.join(",", caps);
    }

    /** The followers the Russian traps caught from the `from`-th event on: the trap and the owner. */
    private static List<Map<String, Object>> traps(GameState state, int from) {
        List<Map<String, Object>> out = new ArrayList<>();
        int i = 0;
        for (PlayEvent ev : state.getEvents()) {
            if (i++ < from || !(ev instanceof MeepleDeployed)) {
                continue;
            }
            BoardPointer ptr = ((MeepleDeployed) ev).getPointer();
            if (ptr instanceof FeaturePointer) {
                String f = ((FeaturePointer) ptr).getFeature().getSimpleName();
                if (f.equals("Vodyanoy") || f.equals("SoloveiRazboynik")) {
                    out.add(Map.of("trap", f, "player", ((MeepleDeployed) ev).getMeeple().getPlayer().getIndex()));
                }
            }
        }
        return out;
    }

    private static List<Integer> scores(GameState state) {
        List<Integer> s = new ArrayList<>();
        state.getPlayers().getScore().forEach(s::add);
        return s;
    }

    /** The points of the score events from the `from`-th on, final ones or not. */
    private static List<Map<String, Object>> points(GameState state, int from, boolean last) {
        List<Map<String, Object>> out = new ArrayList<>();
        int i = 0;
        for (PlayEvent ev : state.getEvents()) {
            if (i++ < from || !(ev instanceof ScoreEvent) || ((ScoreEvent) ev).isFinal() != last) {
                continue;
            }
            for (ScoreEvent.ReceivedPoints rp : ((ScoreEvent) ev).getPoints()) {
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("name", rp.getExpression().getName());
                e.put("player", rp.getPlayer().getIndex());
                e.put("points", rp.getPoints());
                BoardPointer src = rp.getSource();
                if (src != null) {
                    Position pos = src.getPosition();
                    e.put("at", List.of(pos.x, pos.y));
                }
                out.add(e);
            }
        }
        return out;
    }

    private void playAll(Path template, int games, long seed, Path dir, boolean drawOrder) throws Exception {
        Saves.Loaded t = Saves.load(template, client);
        JsonElement setup = JsonParser.parseString(Files.readString(template, StandardCharsets.UTF_8))
            .getAsJsonObject().get("setup");
        Files.createDirectories(dir);
        Random seeds = new Random(seed);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < t.players; i++) {
            names.add("p" + (i + 1));
        }
        for (int g = 1; g <= games; g++) {
            Random rnd = new Random(seeds.nextLong());
            Map<String, Object> payload = new LinkedHashMap<>(t.payload);
            double initial = rnd.nextDouble();
            payload.put("initialRandom", initial);
            payload.put("gameAnnotations", Map.of());
            String text = play(payload, t.players, rnd, "game-" + g, initial, setup, names, drawOrder);
            Files.writeString(dir.resolve(String.format("game-%04d.jcz", g)), text, StandardCharsets.UTF_8);
        }
    }

    private String play(Map<String, Object> payload, int players, Random rnd, String id, double initial,
                        JsonElement setup, List<String> names, boolean drawOrder) throws Exception {
        GameState state = start(payload, players);
        GameSetupMessage msg = (GameSetupMessage) parser.fromJson(new Gson().toJson(Map.of("type", "GAME_SETUP", "payload", payload)));
        GameStatePhaseReducer reducer = new GameStatePhaseReducer(Play.setupOf(msg), msg.getInitialRandom());
        Phase first = reducer.getFirstPhase();
        state = reducer.applyStepResult(first.enter(state.setPhase(first)));
        RandomPlayer player = new RandomPlayer(rnd);
        List<Message> messages = new ArrayList<>();
        List<Integer> actors = new ArrayList<>();
        int n = 0;
        while (!(state.getPhase() instanceof GameOverPhase)) {
            if (++n > MAX_MESSAGES) {
                throw new IllegalStateException("no end after " + MAX_MESSAGES + " messages");
            }
            Message m = parser.fromJson(parser.toJson(player.choose(state)));
            actors.add(state.getPlayerActions().getPlayer().getIndex());
            messages.add(m);
            if (m instanceof RandomChangingMessage && ((RandomChangingMessage) m).getRandom() != null) {
                reducer.getRandomGanerator().setRandom(((RandomChangingMessage) m).getRandom());
            }
            state = reducer.apply(state, m);
        }
        List<String> order = null;
        if (drawOrder) {
            order = new ArrayList<>();
            boolean start = true;
            for (PlayEvent ev : state.getEvents()) {
                if (ev instanceof TilePlacedEvent) {
                    if (start) { // the start tile is laid out, not drawn
                        start = false;
                        continue;
                    }
                    order.add(((TilePlacedEvent) ev).getTile().getId());
                } else if (ev instanceof TileDiscardedEvent) {
                    order.add(((TileDiscardedEvent) ev).getTile().getId());
                }
            }
        }
        return Saves.write(id, initial, setup, names, messages, actors, order);
    }
}
