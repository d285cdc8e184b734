// The judge's page: a board of cards, composed here, judged by the server (POST /api/judge).
// The board lives in the address (?cards=...&rules=...), so a link shares it. Nothing is loaded
// from elsewhere.
"use strict";

const state = { items: [], info: {}, rules: "current", busy: 0 };
const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- the notation (docs/board-notation.md)

function fold(name) {
  return name.toLowerCase().replace(/'/g, "").replace(/[^a-z0-9]+/g, " ").trim();
}

// The id each item gets: its own, or its name's words joined by "-", then -2, -3 (as the server does).
function ids(items) {
  const taken = new Set();
  return items.map((item) => {
    let id = item.id;
    if (!id) {
      const base = fold(item.name).replace(/ /g, "-") || "card";
      id = base;
      for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    }
    taken.add(id);
    return id;
  });
}

function notation(items) {
  return items.map((item) => {
    let text = item.name;
    if (item.id) text += `#${item.id}`;
    if (item.ability) text += `!${item.ability}`;
    if (item.zone) text += `~${item.zone}`;
    if (item.controller && item.controller !== "you") text += `@${item.controller}`;
    if (item.refs && item.refs.length) text += ">" + item.refs.join("+");
    const options = [
      ...Object.entries(item.counters || {}).map(([k, v]) => `${k}=${v}`),
      ...Object.entries(item.choices || {}).map(([k, v]) => (v === "" ? k : `${k}=${v}`)),
    ];
    if (options.length) text += `[${options.join("; ")}]`;
    return text;
  }).join(", ");
}

function parseOptions(text) {
  const counters = {}, choices = {};
  for (const part of text.split(";").map((p) => p.trim()).filter(Boolean)) {
    const [key, value] = part.split("=").map((s) => (s || "").trim());
    if (/^\d+$/.test(value || "")) counters[key] = Number(value);
    else choices[key] = value || "";
  }
  return { counters, choices };
}

// ---------------------------------------------------------------- talking to the server

async function getJSON(url, options) {
  const response = await fetch(url, options);
  const data = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
  return data;
}

async function cardInfo(name) {
  if (!state.info[name]) {
    const found = await getJSON(`/api/cards?q=${encodeURIComponent(name)}`);
    const card = found.find((c) => c.name === name);
    if (card) state.info[name] = card;
  }
  return state.info[name];
}

function showError(message) {
  const box = $("error");
  box.textContent = message || "";
  box.hidden = !message;
}

async function judge(request) {
  state.busy++;
  document.body.classList.add("busy");
  try {
    const found = await getJSON("/api/judge", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...request, rules: state.rules }),
    });
    showError("");
    if (found.items) {
      state.items = found.items;
      await Promise.all(state.items.map((item) => cardInfo(item.name)));
    }
    renderItems();
    state.boardYaml = found.board_yaml;
    render(found);
    remember(found.notation);
    // A board file with more than catalogue cards cannot live in the address: say so, and how to share it.
    $("note").textContent = found.notation ? "" :
      "This board holds more than catalogue cards, so the link cannot carry it: export the board file to share it.";
    $("note").hidden = Boolean(found.notation);
  } catch (error) {
    showError(error.message);
  } finally {
    state.busy--;
    document.body.classList.toggle("busy", state.busy > 0);
  }
}

function judgeItems() {
  if (!state.items.length) {
    $("answer-section").hidden = true;
    $("to-answer").hidden = true;
    renderItems();
    remember("");
    return;
  }
  renderItems();
  judge({ cards: notation(state.items) });
}

// The board and rules in the address: copying the link shares them.
function remember(text) {
  const params = new URLSearchParams();
  if (text) params.set("cards", text);
  if (state.rules !== "current") params.set("rules", state.rules);
  const query = params.toString();
  history.replaceState(null, "", query ? `?${query}` : location.pathname);
  $("notation").value = text || notation(state.items);
}

// ---------------------------------------------------------------- the board's items

function renderItems() {
  const list = $("items");
  list.textContent = "";
  const itemIds = ids(state.items);
  state.items.forEach((item, index) => {
    const info = state.info[item.name] || {};
    const li = document.createElement("li");
    li.className = "item";
    const head = document.createElement("div");
    head.className = "item-head";
    const title = document.createElement("span");
    title.className = "item-name";
    title.textContent = (item.ability ? `${item.name}: ${item.ability}` : item.name) + (item.zone ? ` (in ${item.zone})` : "");
    const meta = document.createElement("span");
    meta.className = "item-meta";
    meta.textContent = [info.type_line, info.pt, sourceNote(info), `id ${itemIds[index]}`].filter(Boolean).join(" · ");
    head.append(title, meta, buttons(index));
    li.append(head);

    const controls = document.createElement("div");
    controls.className = "item-controls";
    controls.append(select(item.zone ? `Owner of ${item.name}` : `Controller of ${item.name}`, item.zone ? "owner" : "controller",
      ["you", "opponent"], item.controller || "you",
      (value) => { item.controller = value === "you" ? null : value; judgeItems(); }));
    // Where the card is: on the battlefield (a spell: resolved), or a card in its owner's graveyard, exile, hand or
    // library (the notation's ~zone); a zone's cards are in the order listed.
    const here = info.spell ? "resolved" : "battlefield";
    controls.append(select(`Where ${item.name} is`, "zone", [here, "graveyard", "exile", "hand", "library"],
      item.zone || here, (value) => {
        item.zone = value === here ? null : value;
        if (item.zone) { item.ability = null; item.refs = []; }
        judgeItems();
      }));
    if (!item.zone && info.abilities && info.abilities.length && !info.spell) {
      controls.append(select(`What ${item.name} is`, "as", ["the permanent", ...info.abilities.map((a) => `its ability ${a}`)],
        item.ability ? `its ability ${item.ability}` : "the permanent",
        (value) => { item.ability = value === "the permanent" ? null : value.replace("its ability ", ""); judgeItems(); }));
    }
    // Only what attaches (Auras, Equipment) or targets (spells, abilities) refers to an earlier object.
    const refers = !item.zone && (info.spell || item.ability || /Aura|Equipment|Fortification/.test(info.type_line || ""))
      || (item.refs && item.refs.length);
    if (refers) {
      const earlier = state.items.slice(0, index).map((it, i) => (it.ability ? null : itemIds[i])).filter(Boolean);
      const refLabel = info.spell || item.ability ? "targets" : "attached to";
      controls.append(select(`${item.name} ${refLabel}`, refLabel, ["nothing", ...earlier],
        (item.refs && item.refs[0]) || "nothing",
        (value) => { item.refs = value === "nothing" ? [] : [value]; judgeItems(); }));
    }
    const options = document.createElement("label");
    options.className = "field";
    options.textContent = "counters, choices ";
    const input = document.createElement("input");
    input.type = "text";
    const choices = (info.spell || item.ability ? info.effect_choices : info.choices) || [];
    // A shape offers its options (shape=3/3|0/6-wall); a permanent may be tapped, a token, cast or transformed.
    input.placeholder = choices.map((c) => `${c.name}=${c.options ? c.options.join("|") : "…"}`).join("; ")
      || (info.spell || item.ability ? "" : "+1/+1=1; tapped; token");
    // A flag (tapped) is written alone; everything else as key=value.
    input.value = [...Object.entries(item.counters || {}), ...Object.entries(item.choices || {})]
      .map(([k, v]) => (v === "" ? k : `${k}=${v}`)).join("; ");
    input.setAttribute("aria-label", `Counters and choices of ${item.name}`);
    input.addEventListener("change", () => { Object.assign(item, parseOptions(input.value)); judgeItems(); });
    options.append(input);
    controls.append(options);
    li.append(controls);
    list.append(li);
  });
}

function buttons(index) {
  const box = document.createElement("span");
  box.className = "item-buttons";
  const make = (text, label, action) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.setAttribute("aria-label", label);
    b.addEventListener("click", action);
    box.append(b);
  };
  const name = state.items[index].name;
  make("↑", `Move ${name} earlier`, () => move(index, -1));
  make("↓", `Move ${name} later`, () => move(index, 1));
  make("×", `Remove ${name}`, () => { state.items.splice(index, 1); dropRefs(); judgeItems(); });
  return box;
}

function move(index, by) {
  const to = index + by;
  if (to < 0 || to >= state.items.length) return;
  [state.items[index], state.items[to]] = [state.items[to], state.items[index]];
  dropRefs();
  judgeItems();
}

// What an item refers to must come before it: a reference that no longer does is dropped.
function dropRefs() {
  const itemIds = ids(state.items);
  state.items.forEach((item, index) => {
    const before = new Set(itemIds.slice(0, index));
    item.refs = (item.refs || []).filter((r) => before.has(r));
  });
}

function select(label, name, values, chosen, onChange) {
  const wrap = document.createElement("label");
  wrap.className = "field";
  wrap.textContent = `${name} `;
  const s = document.createElement("select");
  s.setAttribute("aria-label", label);
  for (const value of values) {
    const option = document.createElement("option");
    option.value = option.textContent = value;
    option.selected = value === chosen;
    s.append(option);
  }
  s.addEventListener("change", () => onChange(s.value));
  wrap.append(s);
  return wrap;
}

// ---------------------------------------------------------------- the answer

function words(list) {
  return list && list.length ? list.join(", ") : "–";
}

function render(found) {
  $("answer-section").hidden = false;
  $("to-answer").hidden = false;
  $("rules-used").textContent = `Under ${found.rules.description}.`;
  const warnings = $("warnings");
  warnings.textContent = "";
  for (const line of found.warnings) {
    const li = document.createElement("li");
    li.textContent = line;
    warnings.append(li);
  }
  const objects = $("objects");
  objects.textContent = "";
  for (const o of found.objects) {
    const card = document.createElement("article");
    card.className = "object";
    card.dataset.id = o.id;
    const pt = o.power === null || o.power === undefined ? "" : `${o.power}/${o.toughness}`;
    card.innerHTML = `<h3></h3><p class="pt"></p><dl></dl>`;
    // A face-down permanent has no name (707.2 / 708.2): the card says so, with the id the board gave it.
    card.querySelector("h3").textContent = o.name === null ? `no name: face down (${o.id})` : o.name;
    card.querySelector(".pt").textContent = pt;
    const dl = card.querySelector("dl");
    const rows = [["types", words(o.types)], ["subtypes", words(o.subtypes)], ["supertypes", words(o.supertypes)],
      ["colors", words(o.colors)], ["abilities", words(o.abilities)], ["controller", o.controller]];
    for (const [k, v] of rows) {
      const dt = document.createElement("dt");
      dt.textContent = k;
      const dd = document.createElement("dd");
      dd.textContent = v;
      dd.dataset.characteristic = k;
      dl.append(dt, dd);
    }
    objects.append(card);
  }
  $("explanation").textContent = found.explanation + (found.decisions.length
    ? "\n\nDecisions of these rules cited above (where the rules leave a case open):\n"
      + found.decisions.map((d) => `  ${d.key} (${d.rule}): ${d.choice}`).join("\n")
    : "\n\nNo decision of these rules (cases the rules leave open) is cited above.");
  renderHistory(found.history);
}

function renderHistory(h) {
  const box = $("history");
  box.textContent = "";
  const spans = h.spans;
  if (spans.length === 1) {
    const p = document.createElement("p");
    p.textContent = `The same answer under every edition, ${spans[0].in_force_from} to today.`;
    box.append(p);
    return;
  }
  const table = document.createElement("table");
  const head = table.createTHead().insertRow();
  for (const text of ["object", "", ...spans.map((s) => s.editions.length > 1
    ? `${s.editions[0]} to ${s.editions[s.editions.length - 1]}` : s.editions[0])]) {
    const th = document.createElement("th");
    th.textContent = text;
    head.append(th);
  }
  const body = table.createTBody();
  for (const row of h.changing) {
    const tr = body.insertRow();
    for (const text of [row.object, row.characteristic, ...row.values]) tr.insertCell().textContent = text;
  }
  const scroll = document.createElement("div");
  scroll.className = "scroll";
  scroll.append(table);
  box.append(scroll);
  for (const b of h.boundaries) {
    const section = document.createElement("div");
    section.className = "boundary";
    const title = document.createElement("h3");
    title.textContent = `From ${b.in_force_from} (edition ${b.after})`;
    const list = document.createElement("ul");
    for (const c of b.changes) {
      const li = document.createElement("li");
      li.textContent = `${c.object}: ${c.characteristic} ${c.before} → ${c.after}`;
      list.append(li);
    }
    const why = document.createElement("p");
    why.textContent = b.rule_changes.length
      ? "Because: " + b.rule_changes.map((r) => `${r.title} (${r.key}; ${r.rules})`).join("; together with ")
      : "No set of this edition's rule changes explains it.";
    section.append(title, list, why);
    box.append(section);
  }
}

// ---------------------------------------------------------------- search, rules, sharing, files

// An imported card says so, and how much of its Oracle text was read; a catalogue card is checked by hand.
function sourceNote(card) {
  return card.source && card.source !== "checked" ? `imported, ${card.source}` : "";
}

let searchToken = 0;
async function search() {
  const query = $("search").value;
  const token = ++searchToken;
  const list = $("results");
  if (!query.trim()) { list.textContent = ""; return; }
  let found;
  try { found = await getJSON(`/api/cards?q=${encodeURIComponent(query)}`); } catch (e) { showError(e.message); return; }
  if (token !== searchToken) return;  // a later keystroke's answer wins
  list.textContent = "";
  for (const card of found.slice(0, 12)) {
    state.info[card.name] = card;
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "result";
    b.innerHTML = "<strong></strong> <span></span>";
    b.querySelector("strong").textContent = card.name;
    b.querySelector("span").textContent = [card.type_line, card.pt, sourceNote(card)].filter(Boolean).join(" · ");
    b.addEventListener("click", () => add(card));
    li.append(b);
    list.append(li);
  }
}

function add(card) {
  state.items.push({ name: card.name, id: null, controller: null, refs: [], ability: null, zone: null, counters: {}, choices: {} });
  $("search").value = "";
  $("results").textContent = "";
  judgeItems();
  $("search").focus();
}

async function loadEditions() {
  const editions = await getJSON("/api/editions");
  const s = $("edition");
  const byDay = document.createElement("option");
  byDay.value = "";
  byDay.textContent = "the rules of the date below";
  const today = document.createElement("option");
  today.value = "current";
  today.textContent = "today's rules";
  s.append(today, byDay);
  for (const e of editions.slice().reverse()) {
    const option = document.createElement("option");
    option.value = e.key;
    option.textContent = `${e.key}: ${e.title}${e.aliases.length ? ` (${e.aliases.join(", ")})` : ""}`;
    s.append(option);
  }
  $("day").min = editions[0].since;
  $("day").max = new Date().toISOString().slice(0, 10);
}

function setRules(value) {
  state.rules = value || "current";
  const isDay = /^\d{4}-\d{2}-\d{2}$/.test(state.rules);
  $("day").value = isDay ? state.rules : "";
  $("edition").value = isDay ? "" : state.rules;
}

function download() {
  if (!state.boardYaml) { showError("no board yet: add a card first"); return; }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([state.boardYaml], { type: "text/yaml" }));
  link.download = "board.yaml";
  link.click();
  URL.revokeObjectURL(link.href);
}

async function importFile(file) {
  if (!file) return;
  if (file.size > 64 * 1024) { showError(`${file.name}: larger than 64 KiB`); return; }
  const text = await file.text();
  state.items = [];
  await judge({ board: text });
  if (!state.items.length) renderItems();
}

async function start() {
  await loadEditions();
  const params = new URLSearchParams(location.search);
  setRules(params.get("rules"));
  $("search").addEventListener("input", search);
  $("edition").addEventListener("change", () => {
    if (!$("edition").value) { $("day").focus(); return; }  // "the rules of the date below": wait for a date
    setRules($("edition").value);
    judgeItems();
  });
  $("day").addEventListener("change", () => { setRules($("day").value || "current"); judgeItems(); });
  $("apply").addEventListener("click", () => judge({ cards: $("notation").value }));
  $("share").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(location.href); $("share").textContent = "Link copied"; }
    catch (e) { showError(`copy this address to share the board: ${location.href}`); }
  });
  $("export").addEventListener("click", download);
  $("import").addEventListener("change", (event) => importFile(event.target.files[0]));
  const cards = params.get("cards");
  if (cards) await judge({ cards });
  document.body.dataset.ready = "yes";
}

document.addEventListener("DOMContentLoaded", start);
