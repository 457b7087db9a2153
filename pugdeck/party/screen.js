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
  setText("bots-note", state.bots ? say("bots_note", {count: state.bots, fewest: state.fewest, most: state.most}) : "");
  const start = document.getElementById("start");
  start.textContent = say("start");
  start.disabled = !state.can_start;
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
  if (state.started) drawTable(state); else drawLobby(state);
}

document.getElementById("qr").src = `/s/${key}/qr.svg`;
document.getElementById("start").addEventListener("click", async () => {
  const sent = await postJSON(`/s/${key}/start`, {});
  if (sent.ok) apply(sent.answer);
  else document.getElementById("state").textContent = sent.answer.error ? sent.answer.error.message : "";
});
follow(`/s/${key}/events`, "screen", apply);
