// Written for tilec's JCloisterZone harness (see docs/jcz-games.md).
//
// JCloisterZone's saved games (`.jcz`), as its client (farin/JCloisterZone-Client
// 5.12.1, `store/game.js`: `save`, `load`, `handleStartMessage`) writes and
// reads them: the setup, the players, `initialRandom`, the replayed messages
// and the `gameAnnotations` (a forced draw order). Reading one gives the game
// setup message the client sends the engine for it; writing one puts the
// engine's own messages (serialised by its MessageParser) where the client
// puts them.
package tilec.jcz;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.jcloisterzone.io.MessageParser;
import com.jcloisterzone.io.message.Message;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

final class Saves {

    /** The client version a save says it was written by (saves before 5.7.0 are refused by the client). */
    static final String APP_VERSION = "5.12.1";

    private Saves() {
    }

    /** A save read back: its setup message's payload and its messages. */
    static final class Loaded {
        final Map<String, Object> payload;
        final int players;
        final List<String> messages = new ArrayList<>();
        final List<String> names = new ArrayList<>();

        Loaded(Map<String, Object> payload, int players) {
            this.payload = payload;
            this.players = players;
        }
    }

    /**
     * The game setup message's payload the client sends for a loaded save
     * (`handleStartMessage`): the setup with its rules completed by the
     * defaults and the elements its tile-sets enforce (`getFullSetup`), the
     * players, `initialRandom` and the draw order as a ForcedDrawTilePack.
     */
    @SuppressWarnings("unchecked")
    static Loaded load(Path file, ClientSetup client) throws Exception {
        JsonObject save = JsonParser.parseString(Files.readString(file, StandardCharsets.UTF_8)).getAsJsonObject();
        Gson gson = new Gson();
        Map<String, Object> setup = gson.fromJson(save.get("setup"), Map.class);
        Map<String, Object> rules = new LinkedHashMap<>(ClientSetup.DEFAULT_RULES);
        Object saved = setup.get("rules");
        if (saved instanceof Map) {
            rules.putAll((Map<String, Object>) saved);
        }
        Map<String, Object> sets = (Map<String, Object>) setup.get("sets");
        Map<String, Object> elements = new LinkedHashMap<>((Map<String, Object>) setup.get("elements"));
        for (String e : client.enforced(new ArrayList<>(sets.keySet()))) {
            elements.put(e, true);
        }
        JsonArray players = save.getAsJsonArray("players");
        Map<String, Object> p = new LinkedHashMap<>();
        Map<String, Integer> counts = new LinkedHashMap<>();
        sets.forEach((k, v) -> counts.put(k, ((Number) v).intValue()));
        p.put("sets", counts);
        p.put("elements", elements);
        p.put("rules", rules);
        p.put("start", setup.get("start"));
        p.put("players", players.size());
        p.put("initialRandom", save.get("initialRandom").getAsDouble());
        p.put("gameAnnotations", tilePack(save));
        Loaded out = new Loaded(p, players.size());
        for (JsonElement pl : players) {
            out.names.add(pl.getAsJsonObject().get("name").getAsString());
        }
        for (JsonElement m : save.getAsJsonArray("replay")) {
            JsonObject msg = m.getAsJsonObject();
            JsonObject bare = new JsonObject(); // the client sends type and payload
            bare.add("type", msg.get("type"));
            bare.add("payload", msg.get("payload"));
            out.messages.add(bare.toString());
        }
        return out;
    }

    /** `gameAnnotations.drawOrder` / `endTurn` as the client passes them to the engine. */
    private static Map<String, Object> tilePack(JsonObject save) {
        JsonObject ann = save.has("gameAnnotations") ? save.getAsJsonObject("gameAnnotations") : new JsonObject();
        if (!ann.has("drawOrder") && !ann.has("endTurn")) {
            return Map.of();
        }
        Map<String, Object> params = new LinkedHashMap<>();
        List<String> order = new ArrayList<>();
        if (ann.has("drawOrder")) {
            for (JsonElement e : ann.getAsJsonArray("drawOrder")) {
                order.add(e.getAsString());
            }
        }
        params.put("drawOrder", order);
        if (ann.has("endTurn")) {
            params.put("drawLimit", ann.get("endTurn").getAsInt());
        }
        Map<String, Object> tilePack = new LinkedHashMap<>();
        tilePack.put("className", "com.jcloisterzone.debug.ForcedDrawTilePack");
        tilePack.put("params", params);
        return Map.of("tilePack", tilePack);
    }

    /**
     * A save as the client writes it: `setup` (rules only where they differ
     * from the defaults), `players`, the messages with the acting player, and
     * the draw order when one is given.
     */
    static String write(String gameId, double initialRandom, JsonElement setup, List<String> names,
                        List<Message> messages, List<Integer> actors, List<String> drawOrder) {
        MessageParser parser = new MessageParser();
        JsonObject save = new JsonObject();
        save.addProperty("appVersion", APP_VERSION);
        save.addProperty("gameId", gameId);
        save.addProperty("name", "");
        save.addProperty("initialRandom", initialRandom);
        save.addProperty("created", "2026-01-01T00:00:00.000Z");
        save.addProperty("clock", 0);
        save.add("setup", setup);
        JsonArray players = new JsonArray();
        for (int i = 0; i < names.size(); i++) {
            JsonObject pl = new JsonObject();
            pl.addProperty("name", names.get(i));
            pl.addProperty("slot", i);
            players.add(pl);
        }
        save.add("players", players);
        JsonArray replay = new JsonArray();
        for (int i = 0; i < messages.size(); i++) {
            JsonObject m = JsonParser.parseString(parser.toJson(messages.get(i))).getAsJsonObject();
            m.addProperty("player", actors.get(i));
            m.addProperty("clock", 0);
            replay.add(m);
        }
        save.add("replay", replay);
        if (drawOrder != null) {
            JsonObject ann = new JsonObject();
            ann.add("drawOrder", new Gson().toJsonTree(drawOrder));
            save.add("gameAnnotations", ann);
        }
        return new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(save) + "\n";
    }
}
