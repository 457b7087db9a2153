// What both party pages share: the page's words, making elements, drawing a card.
"use strict";

// The page's own words, in the deck's language: each state's `words` (documents.py, words.yaml).
let words = {language: "en", texts: {}};

function say(key, values) {
  const text = words.texts[key];
  if (text === undefined) return key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in (values || {}) ? String(values[name]) : whole));
}

function useWords(next) {
  if (!next) return;
  words = next;
  document.documentElement.lang = words.language;
}

function element(tag, attributes, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function setText(id, text) {
  const node = document.getElementById(id);
  node.textContent = text || "";
  node.hidden = !text;
}

// A card as it prints (its picture, its words as the alternative text), or its words alone.
function cardNode(card) {
  const figure = element("figure", {class: "card", "data-card": card.id});
  if (card.src) {
    figure.append(element("img", {src: card.src, alt: card.title + ". " + card.text, width: "375", height: "525"}));
  } else {
    figure.append(element("p", {class: "card-words"}, card.title));
  }
  return figure;
}

function fill(id, nodes) {
  document.getElementById(id).replaceChildren(...nodes);
}

// A Server-Sent Event stream that says when it is down; the browser reconnects by itself.
function follow(url, name, onMessage) {
  const source = new EventSource(url);
  source.addEventListener(name, (event) => onMessage(JSON.parse(event.data)));
  source.onerror = () => { document.getElementById("state").textContent = say("disconnected"); };
  source.onopen = () => { document.getElementById("state").textContent = ""; };
  return source;
}

async function postJSON(url, body, headers) {
  const response = await fetch(url, {method: "POST", body: JSON.stringify(body),
    headers: Object.assign({"Content-Type": "application/json"}, headers || {})});
  let answer = {};
  try { answer = await response.json(); } catch (error) { answer = {}; }
  return {ok: response.ok, status: response.status, answer: answer};
}
