// The shared screen: the join code, who has joined, then the game as everyone may see it.
"use strict";

const key = document.body.dataset.key;
let shown = -1;

function drawLobby(state) {
  setText("join-title", say("join_title"));
  setText("join-at", say("join_at", {url: state.join_url}));
  setText("code", say("room_code", {code: state.code}));
  setText("joined-title", say("joined"));
  const names = state.seats.map((seat) => element("li", {}, seat.name));
  fill("joined", names.length ? names : [element("li", {class: "quiet"}, say("nobody"))]);
  setText("bots-note", state.bots_note);  // counted on the server (CLDR)
  const start = document.getElementById("start");
  start.textContent = say("start");
  start.disabled = !state.can_start;
}

// The set-up before Start: each of the deck's build parameters as a control; a change is
// sent at once and the screen redraws from the answer (the deck rebuilt as `build` builds it).
function sendSetup(name, value) {
  postJSON(`/s/${key}/setup`, {values: {[name]: value}}).then((sent) => {
    if (sent.ok) apply(sent.answer);
    else setText("setup-problems", sent.answer.error ? sent.answer.error.message : "");
  });
}

function toggleNode(toggle) {
  const label = element("label", {class: "toggle", "data-toggle": toggle.key});
  let input;
  if (toggle.kind === "flag") {
    input = element("input", {type: "checkbox", name: toggle.key});
    input.checked = Boolean(toggle.value);
    input.addEventListener("change", () => sendSetup(toggle.key, input.checked));
    label.append(input, element("span", {}, toggle.label));
  } else if (toggle.kind === "int" || toggle.kind === "choice") {
    input = element("select", {name: toggle.key});
    input.append(element("option", {value: ""}, "—"));
    const values = toggle.kind === "int"
      ? Array.from({length: toggle.maximum - toggle.minimum + 1}, (unused, i) => String(toggle.minimum + i))
      : toggle.choices;
    for (const value of values) input.append(element("option", {value: value}, toggle.choice_labels[value] || value));
    input.value = toggle.value === null || toggle.value === undefined ? "" : String(toggle.value);
    input.addEventListener("change", () => sendSetup(toggle.key, input.value === "" ? null
      : (toggle.kind === "int" ? Number(input.value) : input.value)));
    label.append(element("span", {}, toggle.label), input);
  } else {
    input = element("input", {type: "text", name: toggle.key, placeholder: say("words_hint")});
    input.value = (toggle.value || []).join(", ");
    input.addEventListener("change", () => sendSetup(toggle.key,
      input.value.split(",").map((word) => word.trim()).filter((word) => word)));
    label.append(element("span", {}, toggle.label), input);
  }
  return label;
}

function decideBlue(id, approve) {
  postJSON(`/s/${key}/blue`, {id: id, approve: approve}).then((sent) => {
    if (sent.ok) apply(sent.answer);
    else setText("setup-problems", sent.answer.error ? sent.answer.error.message : "");
  });
}

function drawSetup(state) {
  const setup = state.setup;
  document.getElementById("setup").hidden = !setup;
  document.getElementById("save-profile").textContent = say("save_profile");  // a button always says what it does
  if (!setup) return;
  setText("setup-title", say("setup_title"));
  const levels = Object.entries(setup.counts).map(([level, count]) => `${setup.count_titles[level]} ${count}`).join(" · ");
  setText("setup-count", `${setup.total_text}: ${levels}`);
  setText("setup-playable", setup.playability.text);
  setText("setup-problems", setup.problems.length ? say("setup_problem", {problem: setup.problems.join("; ")}) : "");
  fill("toggles", setup.toggles.map(toggleNode));
  setText("paper-label", say("paper"));
  setText("duplex-label", say("duplex"));
  for (const option of document.getElementById("duplex").options) option.textContent = say(`duplex_${option.value}`);
  setText("shop-label", say("shop"));
  const shops = document.getElementById("shop");
  if (!shops.options.length) {
    for (const shop of setup.shops) shops.append(element("option", {value: shop.key}, shop.title));
  }
  const pdf = document.getElementById("download-pdf");
  pdf.textContent = say("download_pdf");
  const zip = document.getElementById("download-zip");
  zip.textContent = say("download_zip");
  const tts = document.getElementById("download-tts");
  tts.textContent = say("download_tts");
  tts.href = `/s/${key}/download/tts?v=${state.version}`;
  setText("tts-hint", say("tts_hint"));
  const links = () => {
    pdf.href = `/s/${key}/download/pdf?paper=${document.getElementById("paper").value}` +
      `&duplex=${document.getElementById("duplex").value}` +
      `&x=${encodeURIComponent(document.getElementById("offset-x").value || "0")}` +
      `&y=${encodeURIComponent(document.getElementById("offset-y").value || "0")}&v=${state.version}`;
    zip.href = `/s/${key}/download/print-shop?shop=${shops.value}&v=${state.version}`;
  };
  links();
  for (const id of ["paper", "duplex", "shop", "offset-x", "offset-y"]) document.getElementById(id).onchange = links;
  setText("offset-label", say("back_offset"));
  const blue = state.blue;
  setText("blue-title", blue && blue.cards.length ? say("blue_cards") : "");
  fill("blue-cards", (blue ? blue.cards : []).map((card) => {
    const item = element("li", {"data-blue": card.id, class: card.approved ? "approved" : "waiting"});
    if (card.src) item.append(cardNode({id: card.id, src: card.src, title: card.fields.question || "", text: ""}));
    item.append(element("span", {}, `${card.fields.question || ""} (${say("blue_by", {name: card.by})}) — ` +
      say(card.approved ? "blue_in_deck" : "blue_waiting")));
    if (!card.approved) {
      const approve = element("button", {type: "button", class: "approve"}, say("approve"));
      approve.addEventListener("click", () => decideBlue(card.id, true));
      item.append(approve);
    }
    const remove = element("button", {type: "button", class: "quiet remove"}, say("remove"));
    remove.addEventListener("click", () => decideBlue(card.id, false));
    item.append(remove);
    return item;
  }));
  setText("profile-label", say("profile_name"));
  document.getElementById("save-profile").textContent = say("save_profile");
  setText("profile-saved", state.saved ? say("profile_saved", {file: state.saved}) : "");
}

function drawTable(state) {
  const view = state.view;
  setText("status", view.status);
  setText("headline", view.headline);
  setText("nominees", view.nominees.length ? say("nominees", {names: view.nominees.join(" · ")}) : "");
  fill("cards", view.cards.map((id) => cardNode(state.cards[id])));
  setText("counter", view.counter);
  setText("waiting", view.waiting);
  fill("reveal", (view.reveal || []).map((part) => {
    const box = element("div", {class: "reveal-part"});
    box.append(element("p", {}, part.text));
    const cards = element("div", {class: "cards small"});
    cards.append(...part.cards.map((id) => cardNode(state.cards[id])));
    box.append(cards);
    return box;
  }));
  fill("seats", view.seats.map((seat, index) => {
    const item = element("li", {class: seat.turn ? "seat turn" : "seat"});
    item.append(element("span", {class: "name"}, seat.name));
    item.append(element("span", {class: "score"}, seat.score));
    for (const mark of seat.marks) item.append(element("span", {class: "mark"}, mark));
    if (seat.played && seat.played.length) {  // face-up cards in front of the seat
      const played = element("div", {class: "cards tiny"});
      played.append(...seat.played.map((id) => cardNode(state.cards[id])));
      item.append(played);
    }
    const who = state.seats[index];
    if (who && who.bot) item.append(element("span", {class: "mark quiet"}, say("bot")));
    if (who && !who.bot && !view.over) {
      if (!who.here) item.append(element("span", {class: "mark quiet"}, say("away")));
      const button = element("button", {type: "button", class: "quiet"}, say("bot_takes", {name: seat.name}));
      button.addEventListener("click", () => postJSON(`/s/${key}/bot`, {seat: index}));
      item.append(button);
    }
    return item;
  }));
  fill("lines", (view.lines || []).map((line) => element("li", {}, line)));
  fill("end", (view.end || []).map((line) => element("p", {}, line)));
}

function apply(state) {
  if (state.version <= shown) return;  // drawn already: a redraw would replace a button under the pointer
  shown = state.version;
  useWords(state.words);
  document.body.dataset.version = state.version;
  document.body.dataset.started = state.started;
  document.body.dataset.over = state.view ? state.view.over : false;
  document.getElementById("lobby").hidden = state.started;
  document.getElementById("table").hidden = !state.started;
  if (state.started) drawTable(state); else { drawLobby(state); drawSetup(state); }
}

document.getElementById("qr").src = `/s/${key}/qr.svg`;
document.getElementById("start").addEventListener("click", async () => {
  const sent = await postJSON(`/s/${key}/start`, {});
  if (sent.ok) apply(sent.answer);
  else document.getElementById("state").textContent = sent.answer.error ? sent.answer.error.message : "";
});
document.getElementById("profile-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const sent = await postJSON(`/s/${key}/profile`, {name: document.getElementById("profile-name").value});
  if (sent.ok) apply(sent.answer);
  else setText("profile-saved", sent.answer.error ? sent.answer.error.message : "");
});
follow(`/s/${key}/events`, "screen", apply);
