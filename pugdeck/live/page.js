// The live page: draws the state the server pushes on /events, changing only what changed.
"use strict";

const figures = new Map();  // card id → its <figure>
let lastVersion = -1;
// The page's own words, in the deck's language: the state's `words` (documents.py, words.yaml).
let words = {language: "en", plurals: ["one", "other"], texts: {}};

function say(key, values) {
  const text = words.texts[key];
  if (text === undefined) return key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in (values || {}) ? String(values[name]) : whole));
}

// The CLDR category of a count (the browser's copy of the rules Babel gives the server),
// among the ones the language's texts come in (documents.py `plurals`), else `other`.
function sayCount(key, count, values) {
  let category = "other";
  try {
    category = new Intl.PluralRules(words.language).select(Math.abs(count));
  } catch (error) {
    category = Math.abs(count) === 1 ? "one" : "other";  // a browser without Intl
  }
  if (!words.plurals.includes(category)) category = "other";
  return say(key + "_" + category, Object.assign({count: count}, values));
}

function drawWords(next) {
  if (!next || next.language === words.language && Object.keys(words.texts).length) return;
  words = next;
  document.documentElement.lang = words.language;
  document.querySelector("#toggles legend").textContent = say("filters");
  document.getElementById("search-label").firstChild.textContent = say("search") + " ";
  document.getElementById("search").placeholder = say("search_placeholder");
  document.getElementById("problems").setAttribute("aria-label", say("problems"));
  document.getElementById("empty").textContent = say("empty");
}

function fold(text) {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

function element(tag, attributes, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function cardFigure(card) {
  const figure = element("figure", {"data-id": card.id});
  const img = element("img", {loading: "lazy", decoding: "async"});
  const caption = element("figcaption");
  figure.append(img, caption);
  figures.set(card.id, figure);
  return figure;
}

function fillFigure(figure, card, fresh) {
  if (figure.dataset.key === card.key) return false;
  const img = figure.querySelector("img");
  const caption = figure.querySelector("figcaption");
  img.src = card.src;
  img.alt = card.title + (card.text && card.text !== card.title ? " — " + card.text : "");
  img.title = card.title;
  const title = card.kind === "back" ? say("back") : card.title;
  if (card.kind === "back") img.alt = img.title = title;
  caption.replaceChildren(element("span", {class: "id"}, card.id), document.createTextNode(" " + title));
  figure.classList.toggle("back", card.kind === "back");
  figure.dataset.key = card.key;
  figure.id = "card-" + card.key;
  figure.dataset.text = fold(card.id + " " + card.title + " " + card.text);
  if (!fresh) {
    figure.classList.add("changed");
    setTimeout(() => figure.classList.remove("changed"), 1500);
  }
  return true;
}

function drawCards(cards, first) {
  const main = document.getElementById("cards");
  const wanted = new Set(cards.map(card => card.id));
  for (const [id, figure] of figures) {
    if (!wanted.has(id)) { figure.remove(); figures.delete(id); }
  }
  let changed = 0;
  let previous = null;
  for (const card of cards) {
    const known = figures.get(card.id);
    const figure = known || cardFigure(card);
    if (fillFigure(figure, card, first || !known)) changed += 1;
    const place = previous ? previous.nextSibling : main.firstChild;
    if (place !== figure) main.insertBefore(figure, place);
    previous = figure;
  }
  document.body.dataset.changed = String(changed);
}

// Each card's own problems, on the card: a broken card keeps its last good picture, marked.
function drawMarks(marks) {
  for (const figure of figures.values()) {
    const own = marks[figure.dataset.key] || [];
    figure.querySelector(".marks")?.remove();
    figure.classList.toggle("broken", own.some(mark => mark.severity === "error"));
    figure.classList.toggle("stale", own.some(mark => mark.stale));
    if (own.length === 0) continue;
    const list = element("ul", {class: "marks", role: "note"});
    if (own.some(mark => mark.stale)) list.append(element("li", {class: "stale"}, say("stale")));
    for (const mark of own) list.append(element("li", {class: mark.severity}, mark.text));
    figure.append(list);
  }
}

function where(problem) {
  if (!problem.file) return "";
  return problem.line ? `${problem.file}:${problem.line}:${problem.column}` : problem.file;
}

function showCard(key) {
  const figure = document.getElementById("card-" + key);
  if (!figure) return;
  figure.hidden = false;
  figure.scrollIntoView({block: "center"});
  figure.classList.add("flash");
  setTimeout(() => figure.classList.remove("flash"), 2000);
}

function drawProblems(state) {
  const section = document.getElementById("problems");
  const list = document.getElementById("problem-list");
  list.replaceChildren();
  for (const problem of state.problems) {
    const item = element("li", {class: problem.severity, "data-card": problem.card || ""});
    const text = problem.text;
    if (problem.target) {
      const link = element("a", {href: "#card-" + problem.target}, text);
      link.addEventListener("click", event => { event.preventDefault(); showCard(problem.target); });
      item.append(link);
    } else {
      item.textContent = text;
    }
    item.title = [where(problem), problem.card ? say("card", {id: problem.card}) : "", problem.message]
      .filter(Boolean).join(" · ");
    list.append(item);
  }
  const errors = state.problems.filter(p => p.severity === "error").length;
  const warnings = state.problems.length - errors;
  document.getElementById("problems-title").textContent =
    [errors ? sayCount("errors", errors) : "", warnings ? sayCount("warnings", warnings) : ""]
      .filter(Boolean).join(", ");
  section.classList.toggle("warnings-only", errors === 0);
  section.hidden = state.problems.length === 0;
}

function drawToggles(toggles) {
  const box = document.getElementById("toggles");
  const legend = box.querySelector("legend");
  box.replaceChildren(legend);
  for (const toggle of toggles) {
    const input = element("input", {type: "checkbox", name: toggle.name});
    input.checked = toggle.on;
    input.addEventListener("change", () => setToggle(toggle.name, input.checked));
    const label = element("label", {title: toggle.help});
    label.append(input, document.createTextNode(" " + toggle.flag));
    box.append(label);
  }
  box.hidden = toggles.length === 0;
}

async function setToggle(name, on) {
  document.body.dataset.pending = "yes";
  for (const input of document.querySelectorAll("#toggles input")) input.disabled = true;
  try {
    const reply = await fetch("/filters", {method: "POST", headers: {"Content-Type": "application/json"},
                                           body: JSON.stringify({[name]: on})});
    if (!reply.ok) console.warn("filter refused", await reply.text());
  } finally {
    document.body.dataset.pending = "";
    for (const input of document.querySelectorAll("#toggles input")) input.disabled = false;
  }
}

function applySearch() {
  const query = fold(document.getElementById("search").value.trim());
  let shown = 0;
  for (const figure of figures.values()) {
    const match = !query || figure.dataset.text.includes(query);
    figure.hidden = !match;
    shown += match;
  }
  document.getElementById("count").textContent = sayCount("count", figures.size, {shown: shown, total: figures.size});
  document.getElementById("empty").hidden = shown > 0 || figures.size === 0;
  document.body.dataset.visible = String(shown);
}

function apply(state) {
  if (state.version < lastVersion) return;
  const first = lastVersion < 0;
  lastVersion = state.version;
  drawWords(state.words);
  if (state.title) {
    document.getElementById("title").textContent = state.title;
    document.title = `${state.title} · pugdeck live`;
  }
  document.getElementById("summary").textContent = state.summary;
  document.getElementById("state").textContent = state.ok
    ? say("up_to_date", {version: state.version})
    : say(state.cards.length > 0 ? "failed_last_good" : "failed_no_good", {version: state.version});
  drawProblems(state);
  drawToggles(state.toggles);
  drawCards(state.cards, first);
  drawMarks(state.marks || {});
  applySearch();
  document.body.dataset.ok = String(state.ok);
  document.body.dataset.version = String(state.version);
}

function connect() {
  const events = new EventSource("/events");
  events.addEventListener("update", event => apply(JSON.parse(event.data)));
  events.addEventListener("error", () => {
    document.getElementById("state").textContent = say("disconnected");
  });
}

document.getElementById("search").addEventListener("input", applySearch);
connect();
