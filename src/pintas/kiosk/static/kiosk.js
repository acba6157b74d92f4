// The kiosk's touch page: the setup screen, the play screen and its overlays,
// written against the JSON API of docs/kiosk.md. No framework and no build
// step: the browser runs this file as it is.
"use strict";

(function () {
  const I18N = window.PintasI18n;
  const TABLE_KEY = "pintas.kiosk.table";
  const LANG_KEY = "pintas.kiosk.lang";
  const STRENGTHS = ["random", "greedy", "suit", "search"];
  const DEFAULT_STRENGTH = "suit";
  // Points to win offered on the setup screen, the game's own last (the default).
  const TARGETS = {
    dominican: [50, 100, 150, 200],
    muggins: [50, 100, 150, 200],
    capicua: [5, 10, 15, 20],
    dice_of_doom: [10000, 25000, 50000, 100000],
    farkle: [1000, 2500, 5000, 10000],
  };
  const ROUNDS = [1, 2, 3];
  // Dominican domino names its seat count by its mode.
  const DOMINICAN_MODES = { 4: "four", 3: "three", 2: "two" };
  const LOG_LINES = 6;
  const POLL_WAIT = 20;
  const RETRY_MS = 1000;
  const TOAST_MS = 6000;

  const $ = (id) => document.getElementById(id);

  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "text") node.textContent = value;
      else if (name === "html") node.innerHTML = value;
      else if (name === "class") node.className = value;
      else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
      else node.setAttribute(name, value === true ? "" : String(value));
    }
    for (const child of children || []) if (child) node.append(child);
    return node;
  }

  function sleep(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  function load(key) {
    try {
      const text = localStorage.getItem(key);
      return text === null ? null : JSON.parse(text);
    } catch (error) {
      return null;
    }
  }

  function save(key, value) {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(value));
    } catch (error) {
      // A kiosk without storage still plays; it only cannot resume after a reload.
    }
  }

  // ---- language ----------------------------------------------------------------------

  let lang = I18N.initial(location.search, load(LANG_KEY), navigator.languages || [navigator.language]);

  function tr(key, values) {
    return I18N.t(lang, key, values);
  }

  function setLanguage(code) {
    lang = code;
    save(LANG_KEY, code);
    document.documentElement.lang = code;
    for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = tr(node.dataset.i18n);
    for (const node of document.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", tr(node.dataset.i18nLabel));
    for (const button of document.querySelectorAll("[data-lang]")) button.setAttribute("aria-pressed", String(button.dataset.lang === code));
    renderSetup();
    P.keys = {};
    renderPlay();
    refreshOverlays();
  }

  // ---- talking to the server --------------------------------------------------------

  // A failed request (no answer, or a 5xx): the page shows "reconnecting" and tries again.
  class Offline extends Error {}

  async function request(method, path, body, token, signal) {
    const headers = {};
    if (body !== undefined && body !== null) headers["Content-Type"] = "application/json";
    if (token) headers.Authorization = "Bearer " + token;
    let response;
    try {
      response = await fetch(path, {
        method, headers, signal, cache: "no-store",
        body: body === undefined || body === null ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      if (signal && signal.aborted) throw error;
      throw new Offline(String(error));
    }
    if (response.status >= 500) throw new Offline("HTTP " + response.status);
    try {
      return { status: response.status, body: await response.json() };
    } catch (error) {
      if (signal && signal.aborted) throw error;
      throw new Offline(String(error)); // cut off mid-answer
    }
  }

  let offline = false;
  function setOffline(value) {
    if (offline === value) return;
    offline = value;
    $("reconnecting").hidden = !value;
    document.body.classList.toggle("is-offline", value);
    if (P.data) renderMoves(P.data); // no moves while the server is away
  }

  // ---- screens --------------------------------------------------------------------------

  function showScreen(name) {
    $("setup").hidden = name !== "setup";
    $("play").hidden = name !== "play";
    $("new-game").hidden = name !== "play";
    document.body.dataset.screen = name;
    if (name === "setup") {
      $("bar-title").textContent = "";
      for (const id of ["curtain", "round-overlay", "end-overlay", "confirm"]) $(id).hidden = true;
    }
  }

  let toastTimer = null;
  function toast(text) {
    const node = $("toast");
    node.textContent = text;
    node.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { node.hidden = true; }, TOAST_MS);
  }

  // ---- the setup screen ---------------------------------------------------------------

  const S = {
    menu: null, // GET /api/games
    game: null, // the chosen preset's menu entry
    pairs: true,
    players: 2,
    target: null,
    rounds: 3,
    seats: ["human"],
    timer: null,
    starting: false,
  };

  async function loadMenu() {
    while (!S.menu) {
      try {
        const answer = await request("GET", "/api/games");
        if (answer.status === 200) {
          S.menu = answer.body;
          setOffline(false);
        } else {
          await sleep(RETRY_MS);
        }
      } catch (error) {
        setOffline(true);
        await sleep(RETRY_MS);
      }
    }
    if (!S.game) chooseGame(S.menu.games[0].name);
    renderSetup();
  }

  function gameOf(name) {
    return S.menu ? S.menu.games.find((game) => game.name === name) || null : null;
  }

  function chooseGame(name) {
    const game = gameOf(name);
    if (!game) return;
    S.game = game;
    S.pairs = game.name === "dominican" ? game.options.mode === "pairs" : Boolean(game.options.pairs);
    S.players = game.seats.default;
    const targets = TARGETS[game.name];
    S.target = targets ? targets[targets.length - 1] : null;
    S.rounds = ROUNDS[ROUNDS.length - 1];
    fitSeats();
  }

  function hasTeams(game) {
    return game.name === "dominican" || (game.name === "capicua" && "pairs" in game.options);
  }

  function seatRange(game) {
    if (hasTeams(game)) return S.pairs ? [4, 4] : [2, 4];
    return [game.seats.min, game.seats.max];
  }

  function seatCount() {
    const [least, most] = seatRange(S.game);
    return Math.min(most, Math.max(least, S.players));
  }

  function fitSeats() {
    const count = seatCount();
    const seats = S.seats.slice(0, count);
    while (seats.length < count) seats.push(seats.length === 0 ? "human" : DEFAULT_STRENGTH);
    S.seats = seats;
  }

  function choiceRow(label, testid, choices, current, choose) {
    const buttons = choices.map(([value, text, id]) =>
      el("button", {
        type: "button", class: "choice", "data-testid": `${testid}-${id === undefined ? value : id}`,
        "aria-pressed": String(value === current), text,
        onclick: () => { choose(value); fitSeats(); renderSetup(); },
      }));
    return el("div", { class: "option" }, [
      label ? el("div", { class: "option-label", text: label }) : null,
      el("div", { class: "choices", role: "group", "aria-label": label || null }, buttons),
    ]);
  }

  function renderSetup() {
    if (!S.menu || !S.game) return;
    const games = $("games");
    games.replaceChildren(...S.menu.games.map((game) =>
      el("button", {
        type: "button", class: "game-card " + game.family, "data-testid": "game-" + game.name,
        "data-game": game.name, "aria-pressed": String(game === S.game),
        onclick: () => { chooseGame(game.name); renderSetup(); },
      }, [
        el("span", { class: "game-title", text: tr("game." + game.name) }),
        el("span", { class: "game-about", text: tr("about." + game.name) }),
      ])));

    const game = S.game;
    const rows = [];
    if (hasTeams(game)) {
      rows.push(choiceRow(tr("setup.teams"), "opt-teams",
        [[true, tr("setup.pairs"), "pairs"], [false, tr("setup.alone"), "alone"]], S.pairs,
        (value) => { S.pairs = value; if (value) S.players = 4; }));
    }
    const [least, most] = seatRange(game);
    if (most > least) {
      const counts = [];
      for (let n = least; n <= most; n += 1) counts.push([n, String(n)]);
      rows.push(choiceRow(tr("setup.players"), "opt-players", counts, seatCount(),
        (value) => { S.players = value; }));
    }
    if (TARGETS[game.name]) {
      rows.push(choiceRow(tr("setup.target"), "opt-target",
        TARGETS[game.name].map((n) => [n, n.toLocaleString(lang)]), S.target,
        (value) => { S.target = value; }));
    }
    if ("rounds" in game.options) {
      rows.push(choiceRow(tr("setup.rounds"), "opt-rounds", ROUNDS.map((n) => [n, String(n)]),
        S.rounds, (value) => { S.rounds = value; }));
    }
    $("options").replaceChildren(...rows);
    $("options-block").hidden = rows.length === 0;

    const kinds = ["human", ...STRENGTHS];
    $("seats").replaceChildren(...S.seats.map((who, seat) =>
      el("div", { class: "seat-row", "data-seat": seat }, [
        el("div", { class: "seat-name", text: tr("seat.name", { n: seat + 1 }) }),
        el("div", { class: "choices", role: "group" }, kinds.map((kind) =>
          el("button", {
            type: "button", class: "choice" + (kind === "human" ? " human" : ""),
            "data-testid": `seat-${seat}-${kind}`, "aria-pressed": String(who === kind),
            text: tr("player." + kind),
            onclick: () => { S.seats[seat] = kind; renderSetup(); },
          }))),
      ])));

    const timers = [[null, tr("timer.off"), "off"], ...S.menu.timers.map((n) => [n, tr("timer.seconds", { n })])];
    $("timers").replaceChildren(...timers.map(([value, text, id]) =>
      el("button", {
        type: "button", class: "choice", "data-testid": "timer-" + (id || value),
        "aria-pressed": String(value === S.timer), text,
        onclick: () => { S.timer = value; renderSetup(); },
      })));
    const noHuman = !S.seats.includes("human");
    $("setup-error").hidden = !noHuman;
    $("setup-error").textContent = noHuman ? tr("setup.need_human") : "";
    $("start").disabled = noHuman || S.starting;
  }

  function tableRequest() {
    const game = S.game;
    const options = {};
    if (game.name === "dominican") options.mode = S.pairs ? "pairs" : DOMINICAN_MODES[S.seats.length];
    if (game.name === "capicua" && "pairs" in game.options) options.pairs = S.pairs;
    if (TARGETS[game.name]) options.target = S.target;
    if ("rounds" in game.options) options.rounds = S.rounds;
    const body = { game: game.name, options, seats: S.seats.slice(), timer: S.timer };
    // ?seed=N repeats a deal (for demonstrations and the screenshots of the docs).
    const seed = new URLSearchParams(location.search).get("seed");
    if (seed !== null && /^\d{1,18}$/.test(seed)) body.seed = Number(seed);
    return body;
  }

  async function start() {
    if (S.starting || !S.seats.includes("human")) return;
    S.starting = true;
    renderSetup();
    const body = tableRequest();
    let answer = null;
    while (!answer) {
      try {
        answer = await request("POST", "/api/tables", body);
        setOffline(false);
      } catch (error) {
        setOffline(true);
        await sleep(RETRY_MS);
      }
    }
    S.starting = false;
    if (answer.status !== 201) {
      $("setup-error").hidden = false;
      $("setup-error").textContent = answer.body && answer.body.message ? answer.body.message : String(answer.status);
      renderSetup();
      $("setup-error").hidden = false;
      return;
    }
    const seats = Object.keys(answer.body.tokens).map(Number).sort((a, b) => a - b);
    openTable({ id: answer.body.id, tokens: answer.body.tokens, seat: seats[0], seenRounds: 0, seenTimedOut: 0 });
  }

  // ---- the play screen ------------------------------------------------------------------

  const P = {
    stored: null, // {id, tokens, seat, seenRounds, seenTimedOut}: kept in localStorage
    data: null, // the last answer of GET /api/tables/{id} for the seat shown
    log: [],
    logLength: 0,
    gen: 0, // bumped when the table or the seat shown changes: older loops stop
    abort: null,
    kicked: false,
    wake: null,
    busy: false, // a move is on its way
    awaiting: 0, // the version our move made: its buttons stay off until the page has it
    receivedAt: 0,
    box: null,
    keys: {},
  };

  function openTable(stored) {
    P.stored = stored;
    save(TABLE_KEY, stored);
    P.data = null;
    P.log = [];
    P.logLength = 0;
    P.busy = false;
    P.awaiting = 0;
    P.keys = {};
    P.gen += 1;
    showScreen("play");
    renderPlay();
    pollLoop(P.gen);
  }

  function leaveTable() {
    P.gen += 1;
    if (P.abort) P.abort.abort();
    P.stored = null;
    P.data = null;
    save(TABLE_KEY, null);
    setOffline(false);
    S.starting = false;
    showScreen("setup");
    renderSetup();
    if (!S.menu) loadMenu();
  }

  function storeTable() {
    if (P.stored) save(TABLE_KEY, P.stored);
  }

  function humanSeats() {
    return P.stored ? Object.keys(P.stored.tokens).map(Number).sort((a, b) => a - b) : [];
  }

  // Ask for the table now instead of waiting for the long poll.
  function kick() {
    P.kicked = true;
    if (P.abort) P.abort.abort();
    if (P.wake) P.wake();
  }

  function tableBox() {
    const node = $("table");
    if (!node || node.clientWidth < 50 || node.clientHeight < 50) return null;
    // Whole tens: small changes of layout do not ask for a new picture.
    return { w: Math.floor(node.clientWidth / 10) * 10, h: Math.floor(node.clientHeight / 10) * 10 };
  }

  async function pollLoop(gen) {
    while (gen === P.gen) {
      const stored = P.stored;
      const seat = stored.seat;
      if (P.data && P.data.is_over && !P.kicked) {
        await new Promise((resolve) => { P.wake = resolve; });
        P.wake = null;
        continue;
      }
      const immediate = P.kicked || !P.data;
      P.kicked = false;
      const query = new URLSearchParams({ since: String(P.logLength) });
      const box = tableBox();
      if (box && P.data && P.data.family !== "dice") {
        query.set("width", String(box.w));
        query.set("height", String(box.h));
      } else if (!P.data) {
        // the first answer tells the family; tile games then ask again with the box
        query.set("width", String(box ? box.w : 600));
        query.set("height", String(box ? box.h : 400));
      }
      if (!immediate) {
        query.set("after", String(P.data.revision));
        query.set("wait", String(POLL_WAIT));
      }
      const controller = new AbortController();
      P.abort = controller;
      let answer;
      try {
        answer = await request("GET", `/api/tables/${encodeURIComponent(stored.id)}?${query}`, null,
          stored.tokens[String(seat)], controller.signal);
      } catch (error) {
        if (gen !== P.gen) return;
        if (controller.signal.aborted) continue; // kicked: ask again at once
        setOffline(true);
        await sleep(RETRY_MS);
        P.kicked = true; // after an outage, read the table before waiting on it
        continue;
      } finally {
        if (P.abort === controller) P.abort = null;
      }
      if (gen !== P.gen) return;
      setOffline(false);
      if (answer.status === 200) {
        if (seat === P.stored.seat) apply(answer.body, box);
      } else if (answer.status === 404 || answer.status === 401) {
        leaveTable();
        toast(tr("play.table_gone"));
        return;
      } else {
        await sleep(RETRY_MS);
      }
    }
  }

  function apply(data, box) {
    if (data.log_length < P.logLength || data.log.length !== data.log_length - P.logLength) {
      // not the continuation of the log we hold: read it whole again
      P.log = [];
      P.logLength = 0;
      P.kicked = true;
    } else {
      P.log = P.log.concat(data.log);
      P.logLength = data.log_length;
    }
    if (!data.pictures && P.data && P.data.pictures && P.data.version === data.version) data.pictures = P.data.pictures;
    P.data = data;
    P.box = data.family === "dice" ? null : box;
    P.receivedAt = performance.now();
    if (P.awaiting && data.version >= P.awaiting) P.awaiting = 0;
    if (data.family !== "dice" && !box) P.kicked = true; // draw the table at its real size
    noticeTimeouts(data);
    renderPlay();
    refreshOverlays();
  }

  function noticeTimeouts(data) {
    const stored = P.stored;
    const seen = stored.seenTimedOut || 0;
    if (data.timed_out.length <= seen) return;
    const mine = data.timed_out.slice(seen).filter((entry) => String(entry.seat) in stored.tokens);
    stored.seenTimedOut = data.timed_out.length;
    storeTable();
    if (mine.length === 0) return;
    const seat = mine[mine.length - 1].seat;
    toast(humanSeats().length === 1 || seat === stored.seat
      ? tr("play.timed_out") : tr("play.timed_out_seat", { who: seatName(seat) }));
  }

  // ---- names --------------------------------------------------------------------------------

  function seatName(seat) {
    return tr("seat.name", { n: Number(seat) + 1 });
  }

  function sideSeats(side) {
    return P.data ? P.data.seats.filter((s) => s.side === side).map((s) => s.seat) : [side];
  }

  function sideName(side) {
    const seats = sideSeats(side);
    if (seats.length === 2) return tr("team.name", { a: seats[0] + 1, b: seats[1] + 1 });
    return seatName(seats.length ? seats[0] : side);
  }

  function listOf(names) {
    if (names.length <= 1) return names.join("");
    return tr("list.and", { a: names.slice(0, -1).join(", "), b: names[names.length - 1] });
  }

  function isSoloHuman(seat) {
    const humans = humanSeats();
    return humans.length === 1 && humans[0] === seat;
  }

  function gameTitle(data) {
    const key = "game." + data.game;
    const text = tr(key);
    return text === key ? data.title : text;
  }

  // ---- events, told in the page's language ------------------------------------------------

  function reasonText(reason) {
    return reason ? tr("reason." + reason) : "";
  }

  function describe(ev, family) {
    const who = ev.seat === null || ev.seat === undefined ? tr("nobody") : seatName(ev.seat);
    const v = {
      who, tile: ev.tile, points: ev.points, count: ev.count, why: reasonText(ev.reason),
      kind: ev.kind, path: ev.path, total: ev.total,
    };
    if (family === "domino") {
      switch (ev.kind) {
        case "play": return tr("ev.domino.play", { ...v, end: tr("ev.domino.end." + ev.end) });
        case "draw": return tr(ev.tile ? "ev.draw" : "ev.draw_hidden", v);
        case "pass": return tr("ev.pass", v);
        case "score":
          return ev.teams && ev.side !== null
            ? tr("ev.domino.score_team", { ...v, team: sideName(ev.side) }) : tr("ev.domino.score", v);
        case "deal": return tr("ev.domino.deal", v);
        case "redeal": return tr("ev.domino.redeal", v);
        case "round_end":
          return ev.reason === "block_tie" ? tr("ev.domino.round_end_tie", v) : tr("ev.domino.round_end", v);
        case "tiebreak": return tr("ev.domino.tiebreak", v);
        case "game_end": return tr("ev.domino.game_end", { ...v, winner: sideName(ev.side) });
        default: break;
      }
    } else if (family === "caminos") {
      const names = listOf((ev.seats || []).map(seatName));
      switch (ev.kind) {
        case "deal": return tr("ev.caminos.deal", v);
        case "path": return tr(ev.reason ? "ev.caminos.path_new" : "ev.caminos.path", v);
        case "choose": return tr(ev.tile ? "ev.caminos.choose" : "ev.caminos.choose_hidden", v);
        case "reveal": return tr("ev.caminos.reveal", v);
        case "tie": return tr("ev.caminos.tie", { ...v, names });
        case "start": return tr("ev.caminos.start", v);
        case "place": return tr("ev.caminos.place", { ...v, side: tr("ev.caminos.side." + ev.side) });
        case "close": return tr("ev.caminos.close." + (ev.reason || "renew"), v);
        case "reshuffle": return tr("ev.caminos.reshuffle", v);
        case "no_path": return tr("ev.caminos.no_path", v);
        case "draw": return tr(ev.tile ? "ev.draw" : "ev.draw_hidden", v);
        case "pass": return tr("ev.pass", v);
        case "out": return tr("ev.caminos.out", v);
        case "round_end":
          return tr(ev.reason === "blocked" ? "ev.caminos.round_end_blocked" : "ev.caminos.round_end", v);
        case "score": return tr("ev.caminos.score", v);
        case "game_end":
          return (ev.seats || []).length > 1
            ? tr("ev.caminos.game_end_shared", { ...v, names })
            : tr("ev.caminos.game_end", { ...v, who: seatName((ev.seats || [ev.seat])[0]) });
        default: break;
      }
    } else if (family === "dice") {
      const dice = (ev.values || []).join(" ");
      const known = ["rolled", "doom", "roll_out", "kept", "hot_dice", "banked", "final_round",
        "turn_end", "game_end"];
      if (known.includes(ev.kind)) return tr("ev.dice." + ev.kind, { ...v, dice });
    }
    return tr("ev.unknown", v);
  }

  // ---- drawing ------------------------------------------------------------------------------

  const PIPS = {
    1: [[50, 50]],
    2: [[28, 28], [72, 72]],
    3: [[26, 26], [50, 50], [74, 74]],
    4: [[28, 28], [72, 28], [28, 72], [72, 72]],
    5: [[26, 26], [74, 26], [50, 50], [26, 74], [74, 74]],
    6: [[28, 24], [72, 24], [28, 50], [72, 50], [28, 76], [72, 76]],
  };

  function dieSvg(value, kept) {
    const pips = (PIPS[value] || []).map(([x, y]) => `<circle class="pip" cx="${x}" cy="${y}" r="9"/>`).join("");
    return `<svg class="die${kept ? " kept" : ""}" data-die="${value}" viewBox="0 0 100 100" role="img" aria-label="${value}">`
      + `<rect class="die-body" x="4" y="4" width="92" height="92" rx="16"/>${pips}</svg>`;
  }

  function tileNode(tile, pictures, extra) {
    const picture = pictures && pictures.tiles ? pictures.tiles[tile] : null;
    return el("span", {
      class: "tile" + (extra ? " " + extra : "") + (picture ? "" : " tile-text"), "data-tile": tile,
      html: picture || null, text: picture ? null : tile,
    });
  }

  function renderPlay() {
    const data = P.data;
    const play = $("play");
    if (!P.stored) return;
    if (!data) {
      play.dataset.ready = "0";
      return;
    }
    play.dataset.version = String(data.version);
    play.dataset.family = data.family;
    play.dataset.seat = String(data.seat);
    play.dataset.toMove = data.to_move === null ? "" : String(data.to_move);
    play.dataset.over = data.is_over ? "1" : "0";
    const view = data.view;
    const round = view.round ? (view.rules && view.rules.rounds
      ? tr("play.round_of", { n: view.round, m: view.rules.rounds }) : tr("play.round", { n: view.round })) : "";
    $("bar-title").textContent = gameTitle(data) + (round ? " · " + round : "");
    renderScores(data);
    renderStatus(data);
    renderTable(data);
    renderHand(data);
    renderMoves(data);
    renderLog(data);
    renderTimer();
  }

  function renderScores(data) {
    const humans = humanSeats();
    const toMoveSide = data.to_move === null ? null : data.seats[data.to_move].side;
    const sizes = data.view.hand_sizes || null;
    $("scores").replaceChildren(...data.scores.map((score, side) => {
      const seats = sideSeats(side);
      const you = humans.length === 1 && seats.includes(humans[0]);
      // a team's tiles seat by seat, in the order its name gives them ("4 + 3 tiles")
      const tiles = sizes ? seats.map((s) => sizes[s]).join(" + ") : null;
      return el("div", {
        class: "score" + (side === toMoveSide && !data.is_over ? " to-move" : "")
          + (data.winners.includes(side) ? " winner" : "") + (you ? " you" : ""),
        "data-testid": "score-" + side, "data-side": side, "data-score": score,
      }, [
        el("span", { class: "score-name", text: sideName(side) + (you ? " · " + tr("seat.you") : "") }),
        el("span", { class: "score-points", text: score.toLocaleString(lang) }),
        tiles === null ? null : el("span", { class: "score-tiles", text: tr("play.tiles", { n: tiles }) }),
      ]);
    }));
  }

  function renderStatus(data) {
    let turn;
    if (data.is_over) turn = tr("play.over");
    else if (data.your_turn) turn = tr("play.your_turn");
    else if (data.to_move !== null && String(data.to_move) in P.stored.tokens) turn = tr("play.turn_of", { who: seatName(data.to_move) });
    else turn = tr("play.thinking", { who: seatName(data.to_move) });
    const node = $("turn");
    node.textContent = turn;
    node.classList.toggle("mine", Boolean(data.your_turn));
    const view = data.view;
    const facts = [];
    if (data.family === "dice") {
      facts.push(tr("play.target", { n: view.rules.target.toLocaleString(lang) }));
    } else {
      if (view.rules && view.rules.target) facts.push(tr("play.target", { n: view.rules.target }));
      const pile = data.family === "caminos" ? view.pile_size : view.boneyard_size;
      if (pile) facts.push(tr("play.pile", { n: pile }));
    }
    $("facts").textContent = facts.join(" · ");
  }

  function renderTable(data) {
    const node = $("table");
    node.dataset.family = data.family;
    if (data.family === "dice") {
      const view = data.view;
      const key = ["dice", lang, view.last_roll.join(), view.pool.join(), view.turn_total, view.dice_to_roll,
        view.phase].join("|");
      if (P.keys.table === key) return;
      P.keys.table = key;
      const row = (label, values, kept, testid) => el("div", { class: "dice-row", "data-testid": testid }, [
        el("span", { class: "dice-label", text: label }),
        el("span", {
          class: "dice-faces",
          html: values.length ? values.map((v) => dieSvg(v, kept)).join("") : null,
          text: values.length ? null : tr("play.no_dice"),
        }),
      ]);
      node.replaceChildren(el("div", { class: "dice-table" }, [
        row(tr("play.rolled"), view.last_roll, false, "rolled"),
        row(tr("play.kept"), view.pool, true, "kept"),
        el("div", { class: "dice-facts" }, [
          el("span", { class: "turn-total", text: tr("play.turn_total", { n: view.turn_total.toLocaleString(lang) }) }),
          // while dice are to be kept from the roll, none are to be rolled yet
          view.phase === "keep" ? null : el("span", { text: tr("play.dice_to_roll", { n: view.dice_to_roll }) }),
        ]),
      ]));
      return;
    }
    const picture = data.pictures ? data.pictures.table : "";
    const empty = data.family === "domino" && data.view.line.length === 0;
    const hint = data.family === "caminos" && data.view.phase === "reveal";
    const key = [lang, picture, empty, hint].join("|");
    if (P.keys.table === key) return;
    P.keys.table = key;
    // (replaceChildren would write a null as the text "null")
    node.replaceChildren(...[
      el("div", { class: "table-picture", html: picture }),
      empty ? el("div", { class: "table-note", text: tr("play.empty_line") }) : null,
      hint ? el("div", { class: "table-note top", text: tr("play.reveal_hint") }) : null,
    ].filter(Boolean));
  }

  function renderHand(data) {
    const block = $("hand-block");
    const hand = data.view.hand;
    block.hidden = !hand;
    if (!hand) return;
    const playable = new Set(data.moves.map((m) => m.tile).filter(Boolean));
    const key = [lang, hand.join(), [...playable].join(), data.seat, Boolean(data.pictures)].join("|");
    if (P.keys.hand === key) return;
    P.keys.hand = key;
    $("hand-label").textContent = isSoloHuman(data.seat) ? tr("play.hand") : tr("play.hand_of", { who: seatName(data.seat) });
    $("hand").replaceChildren(...hand.map((tile) =>
      tileNode(tile, data.pictures, data.your_turn ? (playable.has(tile) ? "playable" : "idle") : "")));
  }

  function moveParts(move, data) {
    const view = data.view;
    switch (move.kind) {
      case "play": {
        if (!view.line || view.line.length === 0) return { word: tr("move.lead") };
        const end = view.ends ? view.ends[move.end === "L" ? 0 : 1] : null;
        const on = end === null ? "" : tr("move.on", { n: end });
        return {
          word: move.end === "L" ? tr("move.left") : tr("move.right"),
          sub: move.end === "L" ? ("◀\u00a0" + on).trim() : (on + "\u00a0▶").trim(),
          end: move.end, // coloured like that end of the line in the picture
        };
      }
      case "place":
        return {
          word: tr("move.path", { n: move.path }),
          sub: move.side === "back" ? "◀\u00a0" + tr("move.back") : tr("move.front") + "\u00a0▶",
        };
      case "reveal": return { word: tr("move.reveal") };
      case "draw": return { word: tr("move.draw"), wide: true };
      case "pass": return { word: tr("move.pass"), wide: true };
      case "roll": return { word: tr("move.roll", { n: view.dice_to_roll }), wide: true };
      case "bank": return { word: tr("move.bank", { n: view.turn_total.toLocaleString(lang) }), wide: true };
      case "keep": return { word: tr("move.keep"), dice: move.dice };
      default: return { word: move.move };
    }
  }

  function movesBlocked() {
    return P.busy || Boolean(P.awaiting) || offline;
  }

  function renderMoves(data) {
    const blocked = movesBlocked();
    $("play").dataset.ready = data.your_turn && !blocked ? "1" : "0";
    const key = [lang, data.version, data.seat, data.legal_moves.join(","), blocked, Boolean(data.pictures)].join("|");
    if (P.keys.moves === key) return;
    P.keys.moves = key;
    const block = $("moves-block");
    block.classList.toggle("waiting", !data.your_turn);
    $("moves-label").textContent = data.your_turn ? tr("play.moves") : (data.is_over ? "" : tr("play.wait"));
    $("moves").replaceChildren(...data.moves.map((move) => {
      const parts = moveParts(move, data);
      const picture = move.tile ? tileNode(move.tile, data.pictures, "move-tile")
        : parts.dice ? el("span", { class: "move-dice", html: parts.dice.map((v) => dieSvg(v, true)).join("") }) : null;
      return el("button", {
        type: "button", class: "move " + move.kind + (parts.wide ? " wide" : "")
          + (parts.end ? " end-" + parts.end : ""),
        "data-move": move.move, "data-kind": move.kind, disabled: blocked,
        onclick: () => playMove(move.move),
      }, [
        picture,
        el("span", { class: "move-words" }, [
          el("span", { class: "move-word", text: parts.word }),
          parts.sub ? el("span", { class: "move-sub", text: parts.sub }) : null,
        ]),
      ]);
    }));
  }

  function renderLog(data) {
    const key = [lang, data.seat, P.logLength].join("|");
    if (P.keys.log === key) return;
    P.keys.log = key;
    const recent = P.log.slice(-LOG_LINES);
    $("log").replaceChildren(...recent.map((ev) =>
      el("li", { class: "ev", "data-kind": ev.kind, text: describe(ev, data.family) })));
  }

  function renderTimer() {
    const data = P.data;
    const node = $("timer");
    const clock = data && !data.is_over ? data.timer : null;
    node.hidden = !clock;
    if (!clock) return;
    const left = Math.max(0, clock.remaining - (performance.now() - P.receivedAt) / 1000);
    const shown = Math.ceil(left);
    node.dataset.remaining = left.toFixed(1);
    node.dataset.seat = String(clock.seat);
    node.classList.toggle("low", left <= 5);
    node.classList.toggle("mine", clock.seat === data.seat);
    $("timer-number").textContent = tr("timer.seconds", { n: shown });
    $("timer-fill").style.width = `${Math.min(100, (100 * left) / clock.seconds).toFixed(1)}%`;
  }

  // ---- moves ------------------------------------------------------------------------------------

  async function playMove(notation) {
    const data = P.data;
    if (!data || !data.your_turn || movesBlocked() || !data.legal_moves.includes(notation)) return;
    const stored = P.stored;
    const gen = P.gen;
    P.busy = true;
    renderMoves(data);
    // The version makes a repeated request harmless: if the first one got
    // through before the server fell, the second is refused as stale.
    const body = { move: notation, version: data.version };
    let answer = null;
    while (gen === P.gen) {
      try {
        answer = await request("POST", `/api/tables/${encodeURIComponent(stored.id)}/moves`, body,
          stored.tokens[String(stored.seat)]);
        setOffline(false);
        break;
      } catch (error) {
        setOffline(true);
        await sleep(RETRY_MS);
      }
    }
    P.busy = false;
    if (gen !== P.gen) return;
    if (answer.status === 200) P.awaiting = answer.body.version;
    else if (answer.status === 422) toast(tr("play.refused"));
    kick();
    if (P.data) renderMoves(P.data);
  }

  // ---- overlays: the round's end, the game's end, the curtain ------------------------------

  function refreshOverlays() {
    const data = P.data;
    const stored = P.stored;
    const roundNode = $("round-overlay");
    const endNode = $("end-overlay");
    const curtain = $("curtain");
    if (!data || !stored) {
      roundNode.hidden = endNode.hidden = true;
      return;
    }
    const rounds = data.rounds || [];
    const pause = data["break"];
    const waitedFor = Boolean(pause) && pause.waiting.some((seat) => String(seat) in stored.tokens);
    if (rounds.length > (stored.seenRounds || 0) || (waitedFor && rounds.length)) {
      showRound(rounds[rounds.length - 1], data);
      roundNode.hidden = false;
      endNode.hidden = true;
      curtain.hidden = true;
      return;
    }
    roundNode.hidden = true;
    if (data.is_over) {
      showEnd(data);
      endNode.hidden = false;
      curtain.hidden = true;
      return;
    }
    endNode.hidden = true;
    const next = data.to_move;
    const behind = humanSeats().length > 1 && next !== null && next !== stored.seat && String(next) in stored.tokens;
    if (behind) {
      $("curtain-title").textContent = tr("curtain.title", { who: seatName(next) });
      curtain.dataset.seat = String(next);
    }
    curtain.hidden = !behind;
    document.body.classList.toggle("curtained", behind);
  }

  function scoreList(scores, winners) {
    return scores.map((score, side) => el("div", {
      class: "final-score" + (winners && winners.includes(side) ? " winner" : ""), "data-side": side,
    }, [
      el("span", { class: "score-name", text: sideName(side) }),
      el("span", { class: "score-points", text: score.toLocaleString(lang) }),
    ]));
  }

  function showRound(round, data) {
    $("round-title").textContent = tr("round.title", { n: round.round });
    $("round-hands").replaceChildren(...round.hands.map((hand, seat) => el("div", { class: "round-hand", "data-seat": seat }, [
      el("span", { class: "round-seat", text: seatName(seat) }),
      el("span", { class: "round-tiles" }, hand.length
        ? hand.map((tile) => tileNode(tile, data.pictures, "small"))
        : [el("span", { class: "round-none", text: tr("round.none") })]),
    ])));
    const points = round.events.filter((ev) => ev.kind !== "game_end");
    $("round-points").replaceChildren(...(points.length
      ? points.map((ev) => el("li", { "data-kind": ev.kind, text: describe(ev, data.family) }))
      : [el("li", { text: tr("round.no_points") })]));
    $("round-scores").replaceChildren(...scoreList(round.scores, null));
  }

  function showEnd(data) {
    const humans = humanSeats();
    const winners = data.winners;
    let text;
    if (humans.length === 1 && winners.includes(data.seats[humans[0]].side)) text = tr("end.you_win");
    else if (winners.length === 1) text = tr("end.wins", { who: sideName(winners[0]) });
    else if (winners.length > 1) text = tr("end.share", { who: listOf(winners.map(sideName)) });
    else text = tr("play.over");
    $("end-winner").textContent = text;
    $("end-scores").replaceChildren(...scoreList(data.scores, winners).sort((a, b) =>
      data.scores[Number(b.dataset.side)] - data.scores[Number(a.dataset.side)]));
  }

  function continueRound() {
    if (!P.data || !P.stored) return;
    P.stored.seenRounds = (P.data.rounds || []).length;
    storeTable();
    refreshOverlays();
    goOn(P.data);
  }

  // Tell the server that the people at this screen have seen the round's end:
  // the next round (and its clock) starts once every person has.
  async function goOn(data) {
    const pause = data["break"];
    const stored = P.stored;
    if (!pause || !stored) return;
    for (const seat of pause.waiting) {
      const token = stored.tokens[String(seat)];
      if (!token) continue;
      try {
        await request("POST", `/api/tables/${encodeURIComponent(stored.id)}/continue`,
          { round: pause.round }, token);
      } catch (error) {
        // the poll sees the break still on, and the overlay offers Continue again
      }
    }
    kick();
  }

  function showCurtainSeat() {
    const seat = Number($("curtain").dataset.seat);
    if (!P.stored || !(String(seat) in P.stored.tokens)) return;
    P.stored.seat = seat;
    storeTable();
    $("curtain").hidden = true;
    document.body.classList.remove("curtained");
    // Nothing of the previous seat's view stays on screen: read the new seat's.
    P.gen += 1;
    P.data = null;
    P.log = [];
    P.logLength = 0;
    P.keys = {};
    P.awaiting = 0;
    $("hand").replaceChildren();
    $("moves").replaceChildren();
    $("log").replaceChildren();
    $("play").dataset.ready = "0";
    if (P.abort) P.abort.abort();
    pollLoop(P.gen);
  }

  // ---- wiring -------------------------------------------------------------------------------------

  function wire() {
    for (const button of document.querySelectorAll("[data-lang]")) {
      button.addEventListener("click", () => setLanguage(button.dataset.lang));
    }
    $("start").addEventListener("click", start);
    $("new-game").addEventListener("click", () => {
      if (P.data && P.data.is_over) leaveTable();
      else $("confirm").hidden = false;
    });
    $("confirm-no").addEventListener("click", () => { $("confirm").hidden = true; });
    $("confirm-yes").addEventListener("click", () => { $("confirm").hidden = true; leaveTable(); });
    $("round-continue").addEventListener("click", continueRound);
    $("end-new-game").addEventListener("click", leaveTable);
    $("curtain-show").addEventListener("click", showCurtainSeat);
    // A kiosk: no context menu on a long press, no pinch zoom.
    document.addEventListener("contextmenu", (event) => event.preventDefault());
    document.addEventListener("gesturestart", (event) => event.preventDefault());
    setInterval(renderTimer, 250);
    if (window.ResizeObserver) {
      let pending = null;
      new ResizeObserver(() => {
        clearTimeout(pending);
        pending = setTimeout(() => {
          const box = tableBox();
          if (P.data && P.data.family !== "dice" && box && (!P.box || box.w !== P.box.w || box.h !== P.box.h)) kick();
        }, 150);
      }).observe($("table"));
    }
  }

  function boot() {
    wire();
    setLanguage(lang);
    const stored = load(TABLE_KEY);
    if (stored && typeof stored.id === "string" && stored.tokens && typeof stored.tokens === "object"
        && String(stored.seat) in stored.tokens) {
      openTable(stored);
      loadMenu();
    } else {
      showScreen("setup");
      loadMenu();
    }
  }

  // For the browser test and people debugging a kiosk: what the page holds now.
  window.PintasKiosk = {
    state: () => ({ stored: P.stored, data: P.data, offline, lang }),
    describe,
  };

  boot();
})();
