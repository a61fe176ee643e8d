"use strict";
window.rebound = { eventId: null, screens: {}, scale: 1 };
const sizes = {};
// The text sizes the menu offers, smallest first (put in by the server).
const contentSizes = CONTENT_SIZES;
const element = (tag, className, text) => {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
};
function screenFigure(screen) {
  let figure = document.querySelector(`figure[data-device="${CSS.escape(screen.device)}"]`);
  if (figure) return figure;
  figure = element("figure");
  figure.dataset.device = screen.device;
  const frame = element("div", "frame");
  sizes[screen.device] = { width: screen.width, height: screen.height };
  if (inputToken) takeInput(frame, screen.device);
  const image = element("img");
  image.alt = screen.device;
  const overlay = element("div", "overlay");
  overlay.hidden = true;
  frame.append(image, overlay);
  const caption = element("figcaption", "", `${screen.device} ${screen.width}×${screen.height} @${screen.scale}x`);
  const badge = element("span", "badge", "error");
  badge.hidden = true;
  caption.append(badge);
  if (inputToken) {
    const rotate = element("button", "rotate", "rotate");
    rotate.title = "Turn the device a quarter turn";
    rotate.addEventListener("click", () => post(screen.device, [{ type: "rotate" }]));
    const appearance = element("button", "appearance", screen.appearance === "dark" ? "light" : "dark");
    appearance.title = "Switch the device between light and dark appearance";
    appearance.addEventListener("click", () =>
      post(screen.device, [{ type: "appearance", value: appearance.textContent }]));
    const textSize = element("select", "content-size");
    textSize.title = "Set the user's text size (Dynamic Type)";
    for (const name of contentSizes) textSize.append(new Option(name, name, false, name === screen.contentSize));
    textSize.addEventListener("change", () => post(screen.device, [{ type: "contentSize", value: textSize.value }]));
    caption.append(rotate, appearance, textSize);
  }
  figure.append(frame, caption);
  document.getElementById("screens").append(figure);
  fit();
  return figure;
}
// One scale for every screen (never above 1), so that they stand side by side within
// the window's width beside the file panel, and within its height under the header.
function fit() {
  const screens = document.getElementById("screens");
  const devices = Object.keys(sizes);
  if (!devices.length) return;
  const gap = 24;
  const width = screens.clientWidth - gap * (devices.length - 1);
  const height = window.innerHeight - screens.getBoundingClientRect().top - 48;
  const total = devices.reduce((sum, device) => sum + sizes[device].width, 0);
  const tallest = Math.max(...devices.map(device => sizes[device].height));
  const scale = Math.max(0.1, Math.min(1, width / total, height / tallest));
  for (const device of devices) {
    const frame = document.querySelector(`figure[data-device="${CSS.escape(device)}"] .frame`);
    frame.style.width = Math.floor(sizes[device].width * scale) + "px";
    frame.style.height = Math.floor(sizes[device].height * scale) + "px";
    // A caption wider than a small frame wraps, so that it cannot push the next screen.
    frame.parentElement.style.width = frame.style.width;
  }
  window.rebound.scale = scale;
}
window.addEventListener("resize", fit);
// The file panel beside the screens grows as files load and fail, with no resize.
new ResizeObserver(fit).observe(document.getElementById("screens"));

// Input: pointers become touches at the device's points (option-drag adds a second finger
// mirrored about the screen's centre, for pinching and turning, as the iOS Simulator does),
// the wheel scrolls, keys go to the first responder of the screen last touched. Messages
// go out in order, moves at most once a frame.
const inputToken = INPUT_TOKEN;
let lastDevice = null, outbox = Promise.resolve(), pending = new Map(), frameAsked = false;
function post(device, actions) {
  flushMoves();
  const body = JSON.stringify({ device, actions });
  outbox = outbox.then(() => fetch("/input", { method: "POST", body,
    headers: { "Content-Type": "application/json", "X-Rebound-Token": inputToken } })).catch(() => {});
}
function flushMoves() {
  for (const [device, moves] of pending) {
    const body = JSON.stringify({ device, actions: [...moves.values()] });
    outbox = outbox.then(() => fetch("/input", { method: "POST", body,
      headers: { "Content-Type": "application/json", "X-Rebound-Token": inputToken } })).catch(() => {});
  }
  pending.clear();
}
function queueMove(device, move) {
  if (!pending.has(device)) pending.set(device, new Map());
  pending.get(device).set(move.finger, move);
  // A timer, not an animation frame: a page in the background (or headless) gets none.
  if (!frameAsked) { frameAsked = true; setTimeout(() => { frameAsked = false; flushMoves(); }, 16); }
}
const mirrorFinger = 1000000;
function takeInput(frame, device) {
  frame.classList.add("live");
  frame.tabIndex = 0;
  const fingers = new Map();
  const point = event => {
    const rect = frame.getBoundingClientRect(), size = sizes[device];
    return { x: (event.clientX - rect.left) / rect.width * size.width,
             y: (event.clientY - rect.top) / rect.height * size.height };
  };
  const mirrored = p => ({ x: sizes[device].width - p.x, y: sizes[device].height - p.y });
  frame.addEventListener("pointerdown", event => {
    event.preventDefault();
    frame.focus();
    lastDevice = device;
    frame.setPointerCapture(event.pointerId);
    const at = point(event), pinch = event.altKey;
    fingers.set(event.pointerId, pinch);
    const actions = [{ type: "down", finger: event.pointerId, ...at }];
    if (pinch) actions.push({ type: "down", finger: event.pointerId + mirrorFinger, ...mirrored(at) });
    post(device, actions);
  });
  frame.addEventListener("pointermove", event => {
    if (!fingers.has(event.pointerId)) return;
    const at = point(event);
    queueMove(device, { type: "move", finger: event.pointerId, ...at });
    if (fingers.get(event.pointerId)) {
      queueMove(device, { type: "move", finger: event.pointerId + mirrorFinger, ...mirrored(at) });
    }
  });
  const lift = event => {
    if (!fingers.has(event.pointerId)) return;
    const at = point(event), pinch = fingers.get(event.pointerId);
    fingers.delete(event.pointerId);
    const actions = [{ type: "up", finger: event.pointerId, ...at }];
    if (pinch) actions.push({ type: "up", finger: event.pointerId + mirrorFinger, ...mirrored(at) });
    post(device, actions);
  };
  frame.addEventListener("pointerup", lift);
  frame.addEventListener("pointercancel", lift);
  frame.addEventListener("wheel", event => {
    event.preventDefault();
    const scale = window.rebound.scale || 1;
    post(device, [{ type: "wheel", ...point(event), dx: event.deltaX / scale, dy: event.deltaY / scale }]);
  }, { passive: false });
}
// A control for each knob (rebound.param): moving it sets the knob in the program, whose
// handlers of system.did_change_param run, then a layout pass.
function showKnobs(knobs) {
  const box = document.getElementById("knobs");
  for (const knob of knobs) {
    let row = box.querySelector(`label[data-knob="${CSS.escape(knob.name)}"]`);
    if (!row) {
      row = element("label");
      row.dataset.knob = knob.name;
      let control;
      if (knob.kind === "boolean") {
        control = element("input");
        control.type = "checkbox";
      } else if (knob.kind === "choice") {
        control = element("select");
        for (const choice of knob.choices || []) control.append(new Option(choice, choice));
      } else if (knob.kind === "color") {
        control = element("input");
        control.type = "color";
      } else if (knob.kind === "text") {
        control = element("input");
        control.type = "text";
        control.maxLength = 256;
      } else {
        control = element("input");
        const ranged = knob.min !== undefined && knob.max !== undefined;
        control.type = ranged ? "range" : "number";
        if (knob.min !== undefined) control.min = knob.min;
        if (knob.max !== undefined) control.max = knob.max;
        control.step = knob.step !== undefined ? knob.step : "any";
      }
      const value = () => knob.kind === "boolean" ? String(control.checked)
        : knob.kind === "color" ? control.value.toUpperCase() : control.value;
      // A slider sends its newest value at most every 50 ms, however fast it is dragged.
      let sending = null;
      control.addEventListener("input", () => {
        if (!inputToken) return;
        row.querySelector("output").textContent = value();
        if (sending) return;
        sending = setTimeout(() => {
          sending = null;
          post(lastDevice, [{ type: "param", name: knob.name, value: value() }]);
        }, 50);
      });
      control.disabled = !inputToken;
      row.append(element("span", "name", knob.name), control, element("output"));
      box.append(row);
    }
    const control = row.querySelector("input, select");
    if (document.activeElement !== control) {
      if (knob.kind === "boolean") control.checked = knob.value === "true";
      else if (knob.kind === "color") control.value = knob.value.slice(0, 7).toLowerCase();
      else control.value = knob.value;
      row.querySelector("output").textContent = knob.value;
    }
  }
}
// Records what is done on the page as a spec (spec/recorded-DATE_spec.lua), written
// when the recording stops.
document.getElementById("record").addEventListener("click", () =>
  post(lastDevice, [{ type: "record", on: !window.rebound.recording }]));
document.addEventListener("keydown", event => {
  if (!inputToken || !lastDevice || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest && event.target.closest("#knobs")) return;  // a knob's own keys
  if (event.key === "Enter") post(lastDevice, [{ type: "key", key: "return" }]);
  else if (event.key === "Backspace") post(lastDevice, [{ type: "key", key: "backspace" }]);
  else if (event.key.length === 1) post(lastDevice, [{ type: "text", text: event.key }]);
  else return;
  event.preventDefault();
});
document.addEventListener("paste", event => {
  const text = event.clipboardData && event.clipboardData.getData("text/plain");
  if (!inputToken || !lastDevice || !text) return;
  event.preventDefault();
  post(lastDevice, [{ type: "paste", text: text.slice(0, 4096) }]);
});
function showProblem(overlay, problem) {
  overlay.replaceChildren();
  if (!problem) { overlay.hidden = true; return; }
  const where = problem.file ? problem.file + (problem.line ? ":" + problem.line : "") : problem.kind;
  overlay.append(element("div", "where", where), element("div", "message", problem.message));
  if (problem.source.length) {
    const listing = element("pre");
    for (const line of problem.source) {
      const row = element("div", line.number === problem.line ? "at" : "",
                          String(line.number).padStart(4) + "  " + line.text);
      listing.append(row);
    }
    overlay.append(listing);
  }
  overlay.hidden = false;
}
function show(state, eventId) {
  document.getElementById("project").textContent = state.project || "Rebound";
  for (const screen of state.screens) {
    const figure = screenFigure(screen);
    const size = sizes[screen.device];
    if (size.width !== screen.width || size.height !== screen.height) {
      sizes[screen.device] = { width: screen.width, height: screen.height };
      figure.querySelector("figcaption").firstChild.textContent =
        `${screen.device} ${screen.width}×${screen.height} @${screen.scale}x`;
      fit();
    }
    const toggle = figure.querySelector("button.appearance");
    if (toggle) toggle.textContent = screen.appearance === "dark" ? "light" : "dark";
    const textSize = figure.querySelector("select.content-size");
    if (textSize && document.activeElement !== textSize) textSize.value = screen.contentSize;
    const image = figure.querySelector("img");
    const known = window.rebound.screens[screen.device];
    if (screen.picture && (!known || known.frame !== screen.frame)) image.src = screen.picture;
    image.style.visibility = screen.picture ? "visible" : "hidden";  // no broken-image icon before the first
    showProblem(figure.querySelector(".overlay"), screen.problem);
    figure.querySelector(".badge").hidden = !screen.problem;
    window.rebound.screens[screen.device] = { frame: screen.frame, problem: screen.problem };
  }
  showKnobs(state.knobs || []);
  const record = document.getElementById("record");
  record.hidden = !inputToken;
  record.classList.toggle("on", !!state.recording);
  record.textContent = state.recording ? "■ stop recording" : "● record";
  window.rebound.recording = !!state.recording;
  const rows = state.files.map(file => {
    const row = element("tr", file.failed ? "failed" : "");
    row.append(element("td", "", file.file), element("td", "", file.kind),
               element("td", "", file.reloaded ? new Date(file.reloaded).toLocaleTimeString() : "at start"));
    return row;
  });
  document.getElementById("files").replaceChildren(...rows);
  document.getElementById("warnings").replaceChildren(...(state.warnings || []).map(warning =>
    element("li", "", (warning.file ? warning.file + ": " : "")
                        + warning.message)));
  document.getElementById("last-reload").textContent = state.lastReload
    ? `${state.lastReload.file}: save to picture ${state.lastReload.saveToPictureMilliseconds.toFixed(1)} ms` : "";
  window.rebound.eventId = eventId;
}
const initial = JSON.parse(document.getElementById("initial-state").textContent);
if (initial) show(initial, INITIAL_EVENT_ID);
const source = new EventSource("/events");
const connection = document.getElementById("connection");
source.onopen = () => { connection.textContent = "live"; connection.className = ""; };
source.onerror = () => { connection.textContent = "reconnecting"; connection.className = "down"; };
source.addEventListener("state", event => show(JSON.parse(event.data), Number(event.lastEventId)));
