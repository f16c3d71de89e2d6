// kifu-lark's record viewer (kifu_lark/render/viewer.py puts it in the page; docs/viewer.md).
// The page holds every node of the record's tree, in the order the move list shows them,
// each with its parent's index, its SFEN, its last move and its comments; this script draws
// the shown node's position on the board the page carries and keeps the root element's
// data-ply, data-sfen and data-flipped up to date. Record text reaches the page only through
// textContent and attributes, never as markup.
(() => {
  "use strict";
  const SVG = "http://www.w3.org/2000/svg";
  const root = document.getElementById("kifu-lark");
  const data = JSON.parse(document.getElementById("kifu-lark-data").textContent);
  const nodes = data.nodes;
  const geo = data.board;
  const kids = nodes.map(() => []);
  const depth = nodes.map(() => 0);
  // A parent comes before its children, and siblings in the tree's order (main line first).
  nodes.forEach((node, i) => {
    if (i > 0) {
      kids[node.p].push(i);
      depth[i] = depth[node.p] + 1;
    }
  });
  const buttons = [];
  root.querySelectorAll(".kl-mv").forEach((button) => {
    buttons[Number(button.dataset.n)] = button;
    button.addEventListener("click", () => show(Number(button.dataset.n)));
  });
  // The tactics listed among the headers: each name shows the move where it first holds.
  root.querySelectorAll(".kl-jump[data-n]").forEach((button) => {
    button.addEventListener("click", () => show(Number(button.dataset.n)));
  });
  // The main line's nodes by step (0: the root), which a click on a chart between its
  // points chooses from; the charts (kifu_lark/render/charts.py) are left out of a page
  // whose record has no evaluation and no time.
  const mainline = [0];
  while (kids[mainline[mainline.length - 1]].length) mainline.push(kids[mainline[mainline.length - 1]][0]);
  const charts = [...root.querySelectorAll("svg.kl-chart")];
  charts.forEach((svg) => {
    svg.addEventListener("click", (event) => {
      const hit = event.target.closest("[data-n]");
      if (hit) {
        show(Number(hit.dataset.n));
        return;
      }
      const point = svg.createSVGPoint();
      point.x = event.clientX;
      point.y = event.clientY;
      const x = point.matrixTransform(svg.getScreenCTM().inverse()).x;
      const at = Math.round((x - Number(svg.dataset.x0)) / Number(svg.dataset.dx));
      show(mainline[Math.max(0, Math.min(mainline.length - 1, at))]);
    });
  });
  const list = root.querySelector(".kl-moves");
  const now = root.querySelector(".kl-now");
  const comments = root.querySelector(".kl-comments");
  // The child that → and End follow from a node: the one last shown, else the main line's.
  const chosen = new Map();
  let current = 0;
  let flipped = false;
  // A problem's page (tsume mode) opens with its answer hidden: the move list, comments
  // and charts are hidden by the style sheet, and no step is taken until answer() is called.
  let hidden = root.dataset.answer === "hidden";

  const next = (n) => (kids[n].length ? chosen.get(n) ?? kids[n][0] : -1);

  function show(n) {
    if (hidden && n !== 0) return;
    current = n;
    for (let c = n; c > 0; c = nodes[c].p) chosen.set(nodes[c].p, c);
    draw();
  }

  // The line shown: the root down to the current node, then on along the chosen children.
  function line() {
    const path = [];
    for (let c = current; c > 0; c = nodes[c].p) path.unshift(c);
    path.unshift(0);
    for (let c = next(current); c >= 0; c = next(c)) path.push(c);
    return path;
  }

  function go(ply) {
    const shown = line();
    const at = Math.max(0, Math.min(shown.length - 1, Math.trunc(Number(ply)) || 0));
    show(shown[at]);
    return depth[current]; // `at`, unless a hidden answer kept the page at its start
  }

  function step(by) {
    if (by > 0 && next(current) >= 0) show(next(current));
    if (by < 0 && current > 0) show(nodes[current].p);
  }

  function end() {
    let c = current;
    while (next(c) >= 0) c = next(c);
    show(c);
  }

  // ↑/↓: at a move with alternatives, the previous or next of them; where the next move
  // has alternatives, which of them → plays.
  function branch(by) {
    if (hidden) return;
    const siblings = current > 0 ? kids[nodes[current].p] : [];
    if (siblings.length > 1) {
      const i = siblings.indexOf(current);
      show(siblings[(i + by + siblings.length) % siblings.length]);
    } else if (kids[current].length > 1) {
      const options = kids[current];
      const i = options.indexOf(next(current));
      chosen.set(current, options[(i + by + options.length) % options.length]);
      draw();
    }
  }

  function answer() {
    if (hidden) {
      hidden = false;
      root.dataset.answer = "shown";
      draw();
    }
    return true;
  }

  function flip(on) {
    flipped = on === undefined ? !flipped : Boolean(on);
    draw();
    return flipped;
  }

  function element(parent, name, attributes) {
    const made = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, value);
    parent.appendChild(made);
    return made;
  }

  function corner(square) {
    const file = Number(square[0]);
    const rank = Number(square[1]);
    const column = flipped ? file - 1 : geo.files - file;
    const row = flipped ? geo.ranks - rank : rank - 1;
    return [geo.x + column * geo.cell, geo.y + row * geo.cell];
  }

  function drawPieces(layer, placement) {
    const half = geo.cell / 2;
    placement.split("/").forEach((row, r) => {
      let file = geo.files;
      let promoted = "";
      for (const ch of row) {
        if (ch === "+") {
          promoted = "+";
        } else if (ch >= "0" && ch <= "9") {
          file -= Number(ch);
        } else {
          const square = `${file}${r + 1}`;
          const up = (ch === ch.toUpperCase()) !== flipped;
          const [x, y] = corner(square);
          const sprite = `#kl-${promoted ? "x" : ""}${ch.toUpperCase()}${up ? "u" : "d"}`;
          element(layer, "use", {
            href: sprite, x: x + half, y: y + half, class: "kl-piece",
            "data-square": square, "data-piece": promoted + ch,
          });
          file -= 1;
          promoted = "";
        }
      }
    });
  }

  function drawHand(layer, side, counts, anchor, by) {
    const [cx, y] = anchor;
    const entries = [null];
    for (const kind of data.hands.order) {
      if (counts[kind]) entries.push([kind, counts[kind]]);
    }
    if (by < 0) entries.reverse();
    entries.forEach((entry, i) => {
      const ty = y + by * i * geo.step;
      if (entry === null) {
        element(layer, "use", { href: `#kl-mark-${side}`, x: cx, y: ty });
        return;
      }
      const [kind, count] = entry;
      const label = data.hands.labels[kind][count] ?? `${kind}${count}`;
      const text = element(layer, "text", {
        class: "hand-piece", x: cx, y: ty + 7,
        "data-color": side === "b" ? "black" : "white", "data-kind": kind, "data-count": count,
      });
      text.textContent = label;
    });
  }

  function drawBoard(node) {
    for (const layer of root.querySelectorAll(".kl-board .last-moves, .kl-board .pieces, .kl-board .hands")) {
      layer.replaceChildren();
    }
    const view = root.querySelector(flipped ? ".kl-view-white svg" : ".kl-view-black svg");
    const [placement, , held] = node.s.split(" ");
    const marked = node.m.length === 4 ? [node.m.slice(0, 2), node.m.slice(2)] : [node.m];
    marked.forEach((square, i) => {
      if (!square) return;
      const [x, y] = corner(square);
      const to = i === marked.length - 1;
      element(view.querySelector(".last-moves"), "rect", {
        class: `last-move ${to ? "to" : "from"}`, "data-square": square, x, y,
        width: geo.cell, height: geo.cell, fill: geo.last, "fill-opacity": to ? 0.75 : 0.4,
      });
    });
    drawPieces(view.querySelector(".pieces"), placement);
    const counts = { b: {}, w: {} };
    let count = "";
    for (const ch of held === "-" ? "" : held) {
      if (ch >= "0" && ch <= "9") {
        count += ch;
      } else {
        counts[ch === ch.toUpperCase() ? "b" : "w"][ch.toUpperCase()] = count ? Number(count) : 1;
        count = "";
      }
    }
    const hands = view.querySelector(".hands");
    const [top, bottom] = flipped ? ["b", "w"] : ["w", "b"];
    drawHand(hands, top, counts[top], geo.top, 1);
    drawHand(hands, bottom, counts[bottom], geo.bottom, -1);
  }

  function keepInView(button) {
    const top = button.offsetTop;
    const bottom = top + button.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top - 4;
    else if (bottom > list.scrollTop + list.clientHeight) {
      list.scrollTop = bottom - list.clientHeight + 4;
    }
  }

  // Each chart's cursor at the step shown (at its end for a longer variation), and the
  // shown node's point or bar marked.
  function drawCharts() {
    for (const svg of charts) {
      const at = Math.min(depth[current], Number(svg.dataset.steps));
      const x = String(Number(svg.dataset.x0) + at * Number(svg.dataset.dx));
      const cursor = svg.querySelector(".kl-cursor");
      cursor.setAttribute("x1", x);
      cursor.setAttribute("x2", x);
      for (const old of svg.querySelectorAll(".kl-on")) old.classList.remove("kl-on");
      for (const hit of svg.querySelectorAll(`[data-n="${current}"]`)) hit.classList.add("kl-on");
    }
  }

  function draw() {
    const node = nodes[current];
    root.dataset.ply = String(depth[current]);
    root.dataset.sfen = node.s;
    root.dataset.flipped = String(flipped);
    root.dataset.node = String(current);
    drawBoard(node);
    drawCharts();
    for (const old of root.querySelectorAll(".kl-current, .kl-next")) {
      old.classList.remove("kl-current", "kl-next");
      old.removeAttribute("aria-current");
    }
    const button = buttons[current];
    button.classList.add("kl-current");
    button.setAttribute("aria-current", "step");
    if (kids[current].length > 1) buttons[next(current)].classList.add("kl-next");
    keepInView(button);
    const number = button.querySelector(".kl-no").textContent;
    const move = button.querySelector(".kl-no").nextSibling.textContent; // not the badges
    now.textContent = (number ? `${number}手目 ` : "") + move;
    comments.replaceChildren();
    for (const text of node.c || []) {
      const p = document.createElement("p");
      p.textContent = text;
      comments.appendChild(p);
    }
    root.dispatchEvent(new CustomEvent("kifu-lark:show", { detail: state() }));
  }

  function state() {
    return { ply: depth[current], sfen: nodes[current].s, flipped, node: current };
  }

  const keys = {
    ArrowLeft: () => step(-1), k: () => step(-1),
    ArrowRight: () => step(1), j: () => step(1),
    Home: () => show(0), End: end,
    ArrowUp: () => branch(-1), ArrowDown: () => branch(1),
    f: () => flip(), F: () => flip(),
    a: answer, A: answer,
  };
  // Shift+← and Shift+→ do what ↑ and ↓ do: at a branch, the other variations.
  const shifted = { ArrowLeft: () => branch(-1), ArrowRight: () => branch(1) };
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    const action = (event.shiftKey && shifted[event.key]) || keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  });
  const controls = {
    first: () => show(0), prev: () => step(-1), next: () => step(1), last: end,
    flip: () => flip(), answer,
  };
  root.querySelectorAll("[data-do]").forEach((button) => {
    button.addEventListener("click", () => controls[button.dataset.do]());
  });

  // The script API (docs/viewer.md): the shown line is the root down to the current node,
  // then on along the children last chosen (the main line's where none was).
  window.kifuLark = Object.freeze({
    go,
    show: (n) => { show(Math.max(0, Math.min(nodes.length - 1, Math.trunc(Number(n)) || 0))); return state(); },
    next: () => { step(1); return state(); },
    prev: () => { step(-1); return state(); },
    first: () => { show(0); return state(); },
    last: () => { end(); return state(); },
    branch: (by) => { branch(by < 0 ? -1 : 1); return state(); },
    flip,
    answer,
    state,
    nodes: () => nodes.length,
  });
  // the step the page opens at (0 unless the page says otherwise; a hidden answer's start)
  go(hidden ? 0 : root.dataset.start);
})();
