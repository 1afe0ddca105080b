// tilec serve: the Play page. A view of the game the server holds: every
// option shown is one the engine listed, every click sends its move's
// notation back, and the engine's answer (a new view, or its refusal) is
// drawn. No rules live here.
"use strict";

const $ = (id) => document.getElementById(id);
const el = (tag, props = {}, ...children) => {
  const e = Object.assign(document.createElement(tag), props);
  for (const c of children) e.append(c);
  return e;
};
// Every request that changes something sends JSON: the server refuses any
// other kind (a foreign page's form could send it without asking).
const api = async (method, url, body) => {
  const init = { method, headers: {} };
  if (method !== "GET") {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body === undefined ? null : body);
  }
  const res = await fetch(url, init);
  let data;
  try { data = await res.json(); } catch { data = { error: `the server answered ${res.status}` }; }
  if (!res.ok) throw new Error(data.error || `the server answered ${res.status}`);
  return data;
};

let view = null;      // the last view the server sent
let chosen = null;    // the square picked for the tile in hand: {x, y, i}
let openSpot = null;  // the spot whose chooser of figures is open
let tileSize = 72;    // pixels per board square
let botTimer = null;
window.tilecTimings = { render: [] };

// ---- setup -------------------------------------------------------------

async function setup() {
  addSeat("Player 1", "person");
  addSeat("Player 2", "person");
  try {
    const { sets } = await api("GET", "/play/api/sets");
    for (const s of sets) {
      const box = el("input", { type: "checkbox", value: s.id, checked: s.id === "base" });
      const needs = s.requires.length ? ` (with ${s.requires.join(", ")})` : "";
      const label = el("label", { title: s.refused || "" }, box, ` ${s.name} · ${s.id}, ${s.tiles} tiles${needs}`);
      if (s.refused) label.append(el("small", { className: "refused" }, ` — ${s.refused}`));
      $("sets").append(label);
    }
  } catch (e) {
    $("setup-message").textContent = e.message;
  }
}

function addSeat(name, player) {
  const seats = $("seats");
  if (seats.children.length >= 6) return;
  const n = seats.children.length + 1;
  const select = el("select", { className: "seat-player" });
  for (const [v, t] of [["person", "person"], ["random", "random bot"], ["monte-carlo", "Monte-Carlo bot"]]) {
    select.append(el("option", { value: v, textContent: t, selected: v === player }));
  }
  const remove = el("button", { type: "button", textContent: "remove", onclick: () => {
    if (seats.children.length > 2) li.remove();
  } });
  const li = el("li", {}, el("input", { className: "seat-name", value: name || `Player ${n}` }), " ", select, " ", remove);
  seats.append(li);
}

async function start(event) {
  event.preventDefault();
  const sets = [...document.querySelectorAll("#sets input:checked")].map((b) => b.value);
  const seats = [...document.querySelectorAll("#seats li")].map((li) => ({
    name: li.querySelector(".seat-name").value,
    player: li.querySelector(".seat-player").value,
  }));
  const request = { sets, seats, topology_only: $("topology").checked };
  if ($("seed").value !== "") request.seed = Number($("seed").value);
  try {
    show(await api("POST", "/play/api/games", request));
  } catch (e) {
    $("setup-message").textContent = e.message;
  }
}

async function loadRecord() {
  const file = $("record-file").files[0];
  if (!file) return;
  try {
    const record = await file.text();
    show(await api("POST", "/play/api/records", { record, topology_only: $("topology").checked }));
  } catch (e) {
    $("setup-message").textContent = e.message;
  }
  $("record-file").value = "";
}

// ---- the table -----------------------------------------------------------

function show(v) {
  const t0 = performance.now();
  view = v;
  chosen = null;
  openSpot = null;
  if (v.mode === "replay") wanted = v.step;
  $("setup").hidden = true;
  $("table").hidden = false;
  $("message").textContent = "";
  history.replaceState(null, "", v.mode === "live" ? `#game=${v.id}` : `#record=${v.id}&step=${v.step}`);
  drawBoard();
  drawPanel();
  document.body.dataset.state = v.over ? "over" : v.phase;
  document.body.dataset.acting = v.acting_seat || "";
  const ms = performance.now() - t0;
  window.tilecTimings.render.push(ms);
  scheduleBot();
}

// The board's extent: its tiles and a ring around them (where every legal
// placement is), so that it does not move between a turn's steps.
function bounds(v) {
  const squares = v.tiles.map((t) => [t.x, t.y]);
  const xs = squares.map((s) => s[0]), ys = squares.map((s) => s[1]);
  return { x0: Math.min(...xs) - 1, y0: Math.min(...ys) - 1, x1: Math.max(...xs) + 1, y1: Math.max(...ys) + 1 };
}

function drawBoard() {
  const v = view, T = tileSize, b = bounds(v);
  const board = $("board");
  board.style.width = `${(b.x1 - b.x0 + 1) * T}px`;
  board.style.height = `${(b.y1 - b.y0 + 1) * T}px`;
  const at = (x, y) => ({ left: `${(x - b.x0) * T}px`, top: `${(y - b.y0) * T}px`, width: `${T}px`, height: `${T}px` });
  const parts = [];
  for (const t of v.tiles) {
    const img = el("img", { className: "tile", src: `${v.img}${t.kind}-${t.r}.png`, alt: `${t.id} at ${t.x},${t.y}` });
    Object.assign(img.style, at(t.x, t.y));
    parts.push(img);
  }
  if (v.last) {
    const last = el("div", { className: "last" });
    Object.assign(last.style, at(v.last[0], v.last[1]));
    parts.push(last);
  }
  const point = (x, y, px, py) => ({ left: `${(x - b.x0 + px / 100) * T}px`, top: `${(y - b.y0 + py / 100) * T}px` });
  const figure = (f, more, title) => {
    const fig = el("div", { className: `fig k-${f.kind} p${f.player}${more}`, title, textContent: figureMark(f.kind) });
    fig.dataset.kind = f.kind;
    return fig;
  };
  for (const f of v.figures) {
    const fig = figure(f, f.lying ? " lying" : "", `${v.players[f.player].name}'s ${f.kind}`);
    Object.assign(fig.style, point(f.x, f.y, f.px, f.py));
    parts.push(fig);
  }
  // The Tower: each foundation with its height, and the follower on top.
  for (const t of v.towers || []) {
    const title = `tower at ${t.x},${t.y}: height ${t.height}${t.top ? `, ${v.players[t.top.player].name}'s ${t.top.kind} on top` : ""}`;
    const tower = el("div", { className: `tower${t.top ? ` p${t.top.player}` : ""}`, title, textContent: t.top ? `${t.height}${figureMark(t.top.kind)}` : `${t.height}` });
    tower.dataset.height = t.height;
    if (t.top) tower.dataset.top = t.top.kind;
    Object.assign(tower.style, point(t.x, t.y, 80, 12));
    parts.push(tower);
  }
  v.trapped.forEach((f, i) => {
    const fig = figure(f, " trapped", `${v.players[f.player].name}'s ${f.kind}, trapped (${f.trap})`);
    Object.assign(fig.style, point(f.x, f.y, 12 + 14 * (i % 5), 88));
    parts.push(fig);
  });
  // The Princess & the Dragon: the squares the dragon has been on in its
  // movement, the dragon, the fairy beside its follower.
  for (const [x, y] of v.dragon_path || []) {
    const seen = el("div", { className: "dragon-path", title: "the dragon has been here in this movement" });
    Object.assign(seen.style, at(x, y));
    parts.push(seen);
  }
  if (v.dragon) {
    const dragon = el("div", { className: "dragon", title: "the dragon", textContent: "Dr" });
    Object.assign(dragon.style, point(v.dragon.x, v.dragon.y, 50, 50));
    parts.push(dragon);
  }
  if (v.fairy) {
    const owner = v.players[v.fairy.player].name;
    const title = v.fairy.bound ? `the fairy, beside ${owner}'s follower` : "the fairy (beside nobody)";
    const fairy = el("div", { className: `fairy p${v.fairy.player}`, title, textContent: "Fa" });
    Object.assign(fairy.style, point(v.fairy.x, v.fairy.y, Math.min(v.fairy.px + 14, 92), v.fairy.py));
    parts.push(fairy);
  }
  const mine = v.acting_seat === "person";
  if (mine && v.phase === "place") {
    v.places.forEach((p, i) => {
      const spot = el("div", { className: "spot", title: `${p.x},${p.y}` });
      spot.dataset.x = p.x;
      spot.dataset.y = p.y;
      spot.onclick = () => pick(i);
      Object.assign(spot.style, at(p.x, p.y));
      parts.push(spot);
    });
    if (chosen) {
      const p = v.places[chosen.i], r = p.r[chosen.r].r;
      const ghost = el("img", { className: "ghost", src: `${v.img}${v.hand.kind}-${r}.png`, alt: "the tile in hand, placed here" });
      Object.assign(ghost.style, at(p.x, p.y));
      parts.push(ghost);
      const frame = parts.find((e) => e.classList && e.classList.contains("spot") && e.dataset.x == p.x && e.dataset.y == p.y);
      if (frame) { frame.classList.add("chosen"); parts.push(parts.splice(parts.indexOf(frame), 1)[0]); }
    }
  }
  if (mine) {
    // One dot a spot. Several options there (a follower or a big follower
    // on a city): the dot opens a chooser of the figures.
    const spots = new Map();
    for (const c of v.choices.filter((c) => c.spot)) {
      const key = [c.spot.x, c.spot.y, c.spot.px, c.spot.py].join();
      spots.set(key, [...(spots.get(key) || []), c]);
    }
    for (const [key, here] of spots) {
      const c = here[0], at = point(c.spot.x, c.spot.y, c.spot.px, c.spot.py);
      const mark = here.length === 1 && c.figure ? figureMark(c.figure) : (c.spot.what || c.label)[0].toUpperCase();
      const several = here.length > 1;
      const dot = el("div", { className: several ? "dot several" : "dot", title: here.map((c) => c.label).join("\n"), textContent: mark });
      dot.dataset.figures = here.map((c) => c.figure || "").join(" ");
      if (!several) dot.dataset.move = c.move;
      dot.onclick = () => {
        if (!several) return send(c.move);
        openSpot = openSpot === key ? null : key;
        drawBoard();
      };
      Object.assign(dot.style, at);
      parts.push(dot);
      if (openSpot !== key) continue;
      const buttons = here.map((c) => {
        const b = el("button", { type: "button", title: c.label, textContent: c.figure ? c.figure.replace("-", " ") : c.label });
        b.dataset.move = c.move;
        if (c.figure) b.dataset.figure = c.figure;
        b.onclick = () => send(c.move);
        return b;
      });
      const chooser = el("div", { className: "chooser" }, ...buttons);
      Object.assign(chooser.style, at);
      parts.push(chooser);
    }
  }
  board.replaceChildren(...parts);
}

// A figure's mark on the board: kinds that share an initial told apart.
const FIGURE_MARKS = { mayor: "Ma", messenger: "Me", "big-follower": "BF", builder: "B", pig: "P", "am-mayor": "AM", wagon: "Wa", barn: "Ba" };
const figureMark = (kind) => FIGURE_MARKS[kind] || kind[0].toUpperCase();

function drawPanel() {
  const v = view;
  $("question").textContent = v.over && v.mode === "live" ? `The game is over: ${winners(v)}` : v.question;
  const mine = v.acting_seat === "person";
  $("hand").hidden = !(v.hand && v.mode === "live");
  if (v.hand) {
    const r = chosen ? v.places[chosen.i].r[chosen.r].r : 0;
    $("hand-img").src = `${v.img}${v.hand.kind}-${r}.png`;
    $("hand-name").textContent = `${v.hand.id}: ${v.hand.name}`;
  }
  $("rotate").disabled = !(mine && chosen && v.places[chosen.i].r.length > 1);
  $("place").disabled = !(mine && chosen);
  const items = v.choices.map((c) => {
    const b = el("button", { type: "button", textContent: c.label, disabled: !mine });
    b.dataset.move = c.move;
    b.onclick = () => send(c.move);
    return el("li", {}, b);
  });
  $("choices").replaceChildren(...items);
  $("stepper").hidden = v.mode !== "replay";
  if (v.mode === "replay") $("step-at").textContent = `${v.question} (${v.step + 1} of ${v.steps})`;
  $("download").hidden = v.mode !== "live";
  $("download").href = `/play/api/games/${v.id}/record`;
  const rows = v.players.map((p, i) => {
    const supply = p.supply.filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k}${n > 1 ? "s" : ""}`).join(", ");
    const name = el("td", {}, el("span", { className: `swatch p${i}` }), `${p.name}${p.seat && p.seat !== "person" ? ` (${p.seat})` : ""}${p.town_hall ? " · town hall" : ""}${p.abbey ? " · abbey" : ""}`);
    // Trade goods (Traders & Builders), when the view has them:
    // {"wine": n, "grain": n, "cloth": n}.
    if (p.goods) {
      const goods = Object.entries(p.goods).map(([g, n]) => {
        const good = el("span", { className: `good g-${g}`, title: `${n} ${g}`, textContent: `${n} ${g}` });
        good.dataset.good = g;
        good.dataset.count = n;
        return good;
      });
      name.append(el("small", { className: "goods" }, ...goods));
    }
    // The Tower, when the view has it: {"pieces": n, "prisoners": [{player, kind, n}]}.
    if (p.tower) {
      const held = p.tower.prisoners.map((h) => `${h.n} ${v.players[h.player].name}'s ${h.kind}${h.n > 1 ? "s" : ""}`);
      const tower = el("small", { className: "tower-info", textContent: `${p.tower.pieces} tower piece${p.tower.pieces === 1 ? "" : "s"}${held.length ? ` · prisoners: ${held.join(", ")}` : ""}` });
      tower.dataset.pieces = p.tower.pieces;
      tower.dataset.prisoners = p.tower.prisoners.reduce((a, h) => a + h.n, 0);
      name.append(tower);
    }
    const tr = el("tr", { className: v.acting === i ? "acting" : "" }, name, el("td", { className: "score", textContent: p.score }), el("td", { textContent: supply }));
    return tr;
  });
  $("players").tBodies[0].replaceChildren(...rows);
  $("pile").textContent = `${v.pile} tiles left to draw · turn ${v.turn} · sets ${v.sets.join(", ")}`;
  $("log").replaceChildren(...v.log.slice().reverse().map((line) => el("li", { textContent: line })));
}

function winners(v) {
  const best = Math.max(...v.players.map((p) => p.score));
  const names = v.players.filter((p) => p.score === best).map((p) => p.name);
  return `${names.join(" and ")} ${names.length > 1 ? "share the lead" : "wins"} with ${best}`;
}

function pick(i) {
  if (chosen && chosen.i === i) return rotate();
  chosen = { i, r: 0 };
  drawBoard();
  drawPanel();
}

function rotate() {
  if (!chosen) return;
  chosen.r = (chosen.r + 1) % view.places[chosen.i].r.length;
  drawBoard();
  drawPanel();
}

function place() {
  if (chosen) send(view.places[chosen.i].r[chosen.r].move);
}

async function send(move) {
  try {
    show(await api("POST", `/play/api/games/${view.id}/move`, { move }));
  } catch (e) {
    $("message").textContent = e.message;
  }
}

function scheduleBot() {
  clearTimeout(botTimer);
  const v = view;
  if (v.mode !== "live" || v.over || !v.acting_seat || v.acting_seat === "person") return;
  botTimer = setTimeout(async () => {
    try {
      show(await api("POST", `/play/api/games/${v.id}/bot`));
    } catch (e) {
      $("message").textContent = e.message;
    }
  }, Number($("bot-wait").value));
}

// The step asked for last: quick clicks add up, and an answer to an older
// click is dropped.
let wanted = 0;
async function step(to) {
  const n = Math.max(0, Math.min(view.steps - 1, to));
  wanted = n;
  try {
    const v = await api("GET", `/play/api/records/${view.id}/${n}`);
    if (n === wanted) show(v);
  } catch (e) {
    $("message").textContent = e.message;
  }
}

function newGame() {
  clearTimeout(botTimer);
  view = null;
  history.replaceState(null, "", "#");
  $("table").hidden = true;
  $("setup").hidden = false;
  document.body.dataset.state = "setup";
}

// ---- the tiles changing under the page -------------------------------------

function watchTiles() {
  let first = null;
  const connect = () => {
    const ws = new WebSocket(`ws://${location.host}/__tilec/live`);
    ws.onmessage = (e) => {
      if (first === null) first = e.data;
      else if (e.data !== first) $("live-note").textContent = "The tiles changed: a new game plays them as they are now (games in play keep theirs).";
    };
    ws.onclose = () => setTimeout(connect, 1000);
  };
  connect();
}

async function resume() {
  const hash = new URLSearchParams(location.hash.slice(1));
  try {
    if (hash.get("game")) show(await api("GET", `/play/api/games/${hash.get("game")}`));
    else if (hash.get("record")) show(await api("GET", `/play/api/records/${hash.get("record")}/${Number(hash.get("step")) || 0}`));
  } catch (e) {
    $("setup-message").textContent = e.message;
  }
}

$("new-game").onsubmit = start;
$("add-seat").onclick = () => addSeat("", "random");
$("record-file").onchange = loadRecord;
$("rotate").onclick = rotate;
$("place").onclick = place;
$("new").onclick = newGame;
$("first").onclick = () => step(0);
$("prev").onclick = () => step(wanted - 1);
$("next").onclick = () => step(wanted + 1);
$("last").onclick = () => step(view.steps - 1);
$("zoom-in").onclick = () => { tileSize = Math.min(160, tileSize + 16); if (view) drawBoard(); };
$("zoom-out").onclick = () => { tileSize = Math.max(32, tileSize - 16); if (view) drawBoard(); };
setup().then(resume);
watchTiles();
