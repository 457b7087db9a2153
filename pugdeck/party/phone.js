// One phone: join, then this seat's own view, and its choices when the engine asks.
"use strict";

const code = document.body.dataset.code;
const tokenKey = "pugdeck-party-" + code;
let token = localStorage.getItem(tokenKey) || "";
let shown = -1;

function actionId() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function showError(text) {
  document.getElementById("error").textContent = text || "";
}

async function refresh() {
  const asked = token;  // an answer to another token than the one held now is stale
  const response = await fetch(`/r/${code}/me`, {headers: asked ? {"X-Seat-Token": asked} : {}});
  if (!response.ok) return;
  const state = await response.json();
  // The same version again draws nothing: redrawing would replace a button under a finger.
  if (asked !== token || state.version <= shown) return;
  shown = state.version;
  apply(state);
}

function drawJoin(state) {
  setText("join-title", say("join_title"));
  document.getElementById("name-label").textContent = say("your_name");
  document.getElementById("join-button").textContent = say("join");
  document.getElementById("join-form").hidden = state.started;
  drawForms(state.forms || []);
  const take = state.claimable || [];
  setText("take-title", state.started ? (take.length ? say("take_seat") : say("full")) : "");
  fill("take", take.map((seat) => {
    const button = element("button", {type: "button"}, say("take", {name: seat.name}));
    button.addEventListener("click", () => claim(seat));
    return button;
  }));
}

// The forms a person may say their descriptives in ("un niño grande" / "una niña grande"),
// offered only when the deck has them; drawn once, so a redraw keeps what was picked.
function drawForms(forms) {
  const select = document.getElementById("form");
  const label = document.getElementById("form-label");
  const wanted = ["", ...forms].join(",");
  label.hidden = select.hidden = forms.length === 0;
  label.textContent = say("your_form");
  if (select.dataset.forms === wanted) return;
  select.dataset.forms = wanted;
  fill("form", ["", ...forms].map((form) => element("option", {value: form}, say(form ? `form_${form}` : "form_none"))));
}

function choiceButton(choice) {
  const button = element("button", {type: "button", class: "choice"}, choice.label);
  button.addEventListener("click", () => act(choice.action));
  return button;
}

function drawSeat(state) {
  const view = state.view;
  setText("me", say("seat_of", {name: state.name}));
  setText("waiting-start", state.started ? "" : say("waiting_start"));
  document.getElementById("leave").textContent = say(state.started ? "leave" : "leave_lobby");
  if (!view) {
    ["question", "prompt"].forEach((id) => setText(id, ""));
    ["choices", "choice-cards", "hand", "held", "scored", "info", "lines"].forEach((id) => fill(id, []));
    setText("hand-title", "");
    return;
  }
  setText("question", view.question);
  setText("prompt", view.prompt || (view.choices.length ? "" : say("not_your_move")));
  const byCard = new Map();
  const plain = [];
  for (const choice of view.choices) {
    if (choice.card) {
      if (!byCard.has(choice.card)) byCard.set(choice.card, []);
      byCard.get(choice.card).push(choice);
    } else plain.push(choice);
  }
  fill("choices", plain.map(choiceButton));
  fill("choice-cards", Array.from(byCard, ([id, choices]) => {
    const figure = cardNode(state.cards[id]);
    const buttons = element("div", {class: "card-choices"});
    buttons.append(...choices.map(choiceButton));
    figure.append(buttons);
    return figure;
  }));
  const rest = view.hand.filter((id) => !byCard.has(id));
  setText("hand-title", rest.length ? say("your_hand") : "");
  fill("hand", rest.map((id) => cardNode(state.cards[id])));
  setText("held-title", view.held.length ? say("your_offer") : "");
  fill("held", view.held.map((id) => cardNode(state.cards[id])));
  setText("scored-title", view.scored.length ? say("your_scored") : "");
  fill("scored", view.scored.map((id) => cardNode(state.cards[id])));
  fill("info", view.info.map((line) => element("li", {}, line)));
  fill("lines", (view.lines || []).map((line) => element("li", {}, line)));
  const first = document.querySelector("#choices button, #choice-cards button");
  if (first && document.activeElement === document.body) first.focus({preventScroll: true});
}

// The blue-card form, drawn once (a redraw would lose what is being typed); each field
// has its own place for the build's messages about it.
function drawBlue(state) {
  const blue = state.blue;
  document.getElementById("blue").hidden = !blue;
  document.getElementById("blue-send").textContent = say("blue_send");  // a button always says what it does
  if (!blue) return;
  setText("blue-title", say("blue_title"));
  const fields = document.getElementById("blue-fields");
  if (!fields.children.length) {
    for (const field of blue.form) {
      const id = "blue-" + field.key;
      const box = element("div", {class: "field"});
      box.append(element("label", {for: id}, field.label));
      let input;
      if (field.kind === "choice") {
        input = element("select", {id: id, name: field.key});
        input.append(element("option", {value: ""}, "—"));
        for (const choice of field.choices) input.append(element("option", {value: choice}, field.choice_labels[choice] || choice));
      } else if (field.kind === "int") {
        input = element("input", {id: id, name: field.key, type: "number", min: field.min, max: field.max, inputmode: "numeric"});
      } else {
        input = element("textarea", {id: id, name: field.key, maxlength: field.max, rows: field.max > 100 ? 3 : 1});
      }
      if (field.forms) {  // a text that may change with the speaker: each form says whose it is
        const second = element("textarea", {id: id + "-feminine", name: field.key + "-feminine", maxlength: field.max,
          rows: 1, "aria-label": `${field.label}: ${field.forms.feminine}`});
        input.setAttribute("aria-label", `${field.label}: ${field.forms.masculine}`);
        box.append(element("span", {class: "form-name"}, field.forms.masculine), input,
          element("span", {class: "form-name"}, field.forms.feminine), second);
      } else {
        box.append(input);
      }
      box.append(element("p", {class: "problem", "data-problem": field.key, role: "alert"}));
      fields.append(box);
    }
    const general = element("p", {class: "problem", "data-problem": "", role: "alert"});
    fields.append(general);
    document.getElementById("blue-form").addEventListener("submit", (event) => sendBlue(event, blue.form));
    document.getElementById("blue-form").addEventListener("input", () => previewSoon(blue.form));
  }
  fill("blue-mine", blue.cards.map((card) => {  // each card as it will print, and where it is
    const item = element("li", {"data-blue": card.id});
    if (card.src) item.append(cardNode({id: card.id, src: card.src, title: card.fields.question || "", text: ""}));
    item.append(element("span", {}, `${card.fields.question || ""} — ${say(card.approved ? "blue_in_deck" : "blue_waiting")}`));
    return item;
  }));
}

function markProblems(problems) {
  for (const node of document.querySelectorAll("#blue-fields [data-problem]")) {
    const here = problems.filter((p) => (p.field || "") === node.dataset.problem ||
      (node.dataset.problem === "" && !document.querySelector(`#blue-fields [data-problem="${p.field}"]`)));
    node.textContent = here.map((p) => p.message).join("; ");
    node.hidden = !here.length;
    const input = document.getElementById("blue-" + node.dataset.problem);
    if (input) input.setAttribute("aria-invalid", here.length ? "true" : "false");
  }
}

function typedCard(form) {
  const card = {};
  for (const field of form) {
    const value = document.getElementById("blue-" + field.key).value.trim();
    const second = field.forms ? document.getElementById(`blue-${field.key}-feminine`).value.trim() : "";
    if (second !== "") card[field.key] = {masculine: value, feminine: second};
    else if (value !== "") card[field.key] = field.kind === "int" ? Number(value) : value;
  }
  return card;
}

// The card as it will print, while it is typed: checked and drawn by the server a moment
// after the typing stops (an answer older than the latest question is dropped).
let previewTimer = null;
let previewAsked = 0;
function previewSoon(form) {
  clearTimeout(previewTimer);
  previewTimer = setTimeout(async () => {
    const asked = ++previewAsked;
    const sent = await postJSON(`/r/${code}/blue`, {card: typedCard(form), preview: true}, {"X-Seat-Token": token});
    if (asked !== previewAsked || !sent.ok) return;
    markProblems(sent.answer.problems || []);
    fill("blue-preview", sent.answer.src
      ? [cardNode({id: "preview", src: sent.answer.src, title: typedCard(form).question || "", text: ""})] : []);
  }, 1200);
}

async function sendBlue(event, form) {
  event.preventDefault();
  clearTimeout(previewTimer);
  previewAsked++;
  const card = typedCard(form);
  const sent = await postJSON(`/r/${code}/blue`, {card: card}, {"X-Seat-Token": token});
  if (!sent.ok) { showError(sent.answer.error ? sent.answer.error.message : ""); return; }
  showError("");
  if (sent.answer.accepted) {
    markProblems([]);
    document.getElementById("blue-form").reset();
    fill("blue-preview", []);
    setText("blue-note", say("blue_sent"));
  } else {
    markProblems(sent.answer.problems);
    setText("blue-note", say("blue_fix"));
  }
  refresh();
}

function apply(state) {
  useWords(state.words);
  if (!state.joined && token) {  // the seat was given to a bot, or the party was restarted
    token = "";
    localStorage.removeItem(tokenKey);
  }
  document.body.dataset.version = state.version;
  document.body.dataset.joined = state.joined;
  document.body.dataset.started = state.started;
  document.body.dataset.myMove = Boolean(state.my_move);
  document.getElementById("join").hidden = state.joined;
  document.getElementById("seated").hidden = !state.joined;
  if (state.joined) drawSeat(state); else drawJoin(state);
  drawBlue(state.joined ? state : {blue: null});
}

function seated(answer) {
  token = answer.token;
  localStorage.setItem(tokenKey, token);
  showError("");
  shown = -1;
  refresh();
}

async function join(event) {
  event.preventDefault();
  const sent = await postJSON(`/r/${code}/join`, {name: document.getElementById("name").value, form: document.getElementById("form").value || null});
  if (sent.ok) seated(sent.answer); else showError(sent.answer.error ? sent.answer.error.message : "");
}

async function claim(seat) {
  const sent = await postJSON(`/r/${code}/claim`, {seat: seat.seat, name: seat.name});
  if (sent.ok) seated(sent.answer); else showError(sent.answer.error ? sent.answer.error.message : "");
}

// A tap disables this drawing's buttons (no second tap on the same choice); the next
// version draws new ones, which work at once, whether or not this answer is back yet.
async function act(action) {
  document.querySelectorAll("#choices button, #choice-cards button").forEach((b) => { b.disabled = true; });
  const sent = await postJSON(`/r/${code}/act`, {id: actionId(), action: action}, {"X-Seat-Token": token});
  showError(sent.ok ? "" : (sent.answer.error ? sent.answer.error.message : String(sent.status)));
  if (!sent.ok) document.querySelectorAll("#choices button, #choice-cards button").forEach((b) => { b.disabled = false; });
  refresh();
}

async function leave() {
  if (document.body.dataset.started === "true" && !window.confirm(say("leave_sure"))) return;
  await postJSON(`/r/${code}/leave`, {}, {"X-Seat-Token": token});
  token = "";
  localStorage.removeItem(tokenKey);
  showError(say("left"));
  shown = -1;
  refresh();
}

document.getElementById("join-form").addEventListener("submit", join);
document.getElementById("leave").addEventListener("click", leave);
follow(`/r/${code}/events`, "version", refresh);
