/// The preview page: every device's screen side by side, scaled down together to fit the
/// window beside the panel of the program's files, an overlay over a screen whose last reload
/// failed. The state when the page was asked for is in the page itself, so it shows the screens
/// as it loads (a screenshot taken then has them); then it listens to `/events` (EventSource
/// reconnects by itself and sends the last event id back). What it shows is also kept in
/// `window.rebound` for tools that drive a browser.
enum PreviewPage {
    /// The page with `current` (the feed's latest update) in it, and the input channel's token
    /// when the screens take input.
    static func html(current: PreviewFeed.Update?, inputToken: String?) -> String {
        // In a script element, "<" is written as JSON's \u003c: no "</script>" can end it early.
        let state = current.map { $0.json.replacingOccurrences(of: "<", with: "\\u003c") } ?? "null"
        // In one pass over the template: what is put in (the program's text, in the state) is
        // never searched for the next placeholder.
        var page = ""
        for piece in pieces {
            switch piece {
            case .text(let text): page += text
            case .initialState: page += state
            case .initialEventID: page += current.map { String($0.id) } ?? "null"
            case .inputToken: page += inputToken.map { "\"\($0)\"" } ?? "null"
            }
        }
        return page
    }

    /// The template cut at its placeholders.
    private enum Piece {
        case text(Substring)
        case initialState, initialEventID, inputToken
    }

    private static let pieces: [Piece] = {
        let slots: [(name: String, piece: Piece)] = [
            ("INITIAL_STATE", .initialState), ("INITIAL_EVENT_ID", .initialEventID), ("INPUT_TOKEN", .inputToken),
        ]
        var pieces: [Piece] = []
        var rest = template[...]
        while let (range, piece) = slots.compactMap({ slot in rest.range(of: slot.name).map { ($0, slot.piece) } })
            .min(by: { $0.0.lowerBound < $1.0.lowerBound })
        {
            pieces += [.text(rest[..<range.lowerBound]), piece]
            rest = rest[range.upperBound...]
        }
        return pieces + [.text(rest)]
    }()

    private static let template = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>Rebound preview</title>
        <style>
          body { margin: 0; font: 13px/1.4 system-ui, sans-serif; background: #1e1e1e; color: #ddd; }
          header { display: flex; gap: 16px; align-items: baseline; padding: 10px 16px; background: #2a2a2a; }
          header h1 { font-size: 15px; margin: 0; }
          #connection.down { color: #f77; }
          #record { margin-left: auto; background: #333; color: #ddd; border: 1px solid #555; border-radius: 4px;
                    font: inherit; padding: 2px 8px; cursor: pointer; }
          #record.on { background: #a22; color: #fff; }
          #content { display: flex; gap: 24px; padding: 16px; align-items: flex-start; }
          #screens { display: flex; gap: 24px; align-items: flex-start; flex: 1 1 auto; min-width: 0; }
          aside { flex: 0 0 auto; max-width: 320px; overflow: auto; }
          figure { margin: 0; flex: 0 0 auto; }
          figcaption { margin-top: 6px; color: #aaa; overflow-wrap: anywhere; }
          .frame { position: relative; background: #000; box-shadow: 0 0 0 1px #444; overflow: hidden;
                   touch-action: none; user-select: none; outline: none; }
          .frame.live { cursor: pointer; }
          .frame:focus { box-shadow: 0 0 0 2px #4a90d9; }
          figcaption button { margin-left: 8px; background: #333; color: #ddd; border: 1px solid #555;
                              border-radius: 4px; font: inherit; padding: 0 6px; cursor: pointer; }
          .frame img { display: block; width: 100%; height: 100%; }
          .overlay { position: absolute; inset: 0; background: rgba(60, 0, 0, 0.88); color: #fff; padding: 12px;
                     overflow: auto; font: 12px/1.4 ui-monospace, monospace; }
          .overlay[hidden], .badge[hidden] { display: none; }
          .overlay .where { font-weight: bold; margin-bottom: 6px; }
          .overlay pre { margin: 8px 0 0; white-space: pre-wrap; }
          .overlay .at { background: rgba(255, 255, 255, 0.18); }
          .badge { background: #c33; color: #fff; border-radius: 8px; padding: 0 6px; margin-left: 6px; }
          aside table { border-collapse: collapse; }
          aside td, aside th { text-align: left; padding: 2px 8px; border-bottom: 1px solid #333; }
          aside .failed { color: #f77; }
          #warnings { list-style: none; margin: 8px 0 0; padding: 0; color: #fc6; }
          #warnings li { padding: 2px 8px; border-bottom: 1px solid #333; }
          #knobs { margin-bottom: 16px; }
          #knobs label { display: flex; gap: 8px; align-items: center; margin: 4px 0; }
          #knobs .name { min-width: 80px; }
          #knobs output { min-width: 40px; color: #aaa; }
        </style>
        </head>
        <body>
        <header><h1 id="project">Rebound</h1><span id="connection">connecting</span><span id="last-reload"></span><button id="record" hidden>● record</button></header>
        <div id="content">
          <main id="screens"></main>
          <aside><div id="knobs"></div><table><thead><tr><th>File</th><th>Kind</th><th>Last reload</th></tr></thead><tbody id="files"></tbody></table><ul id="warnings"></ul></aside>
        </div>
        <script type="application/json" id="initial-state">INITIAL_STATE</script>
        <script>
        "use strict";
        window.rebound = { eventId: null, screens: {}, scale: 1 };
        const sizes = {};
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
            caption.append(rotate);
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
            element("li", "", (warning.file ? warning.file + (warning.line ? ":" + warning.line : "") + ": " : "")
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
        </script>
        </body>
        </html>
        """
}
