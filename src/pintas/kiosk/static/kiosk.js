// The kiosk's touch page: the setup screen, the play screen and its overlays,
// written against the JSON API of docs/kiosk.md. No framework and no build
// step: the browser runs this file as it is. Nothing here writes a style
// attribute or inline script (the server's Content-Security-Policy forbids
// them): styles are classes of kiosk.css, and sizes are set through
// element.style from script.
"use strict";

(function () {
  const I18N = window.PintasI18n;
  const TABLE_KEY = "pintas.kiosk.table";
  const LANG_KEY = "pintas.kiosk.lang";
  // The difficulty dial (the server's "strengths"); seats of older tables may
  // still name the strength words random, greedy, suit and search.
  const STRENGTHS = ["beginner", "casual", "club", "expert", "master"];
  const DEFAULT_STRENGTH = "club";
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
  const POLL_WAIT = 20;
  const RETRY_MS = 1000;
  const SOCKET_TRIES = 3; // sockets that may fail before the page keeps to the long poll
  // Other people's connections change with time, not with the table: with
  // other people at the table, the page reads it at least this often.
  const PRESENCE_MS = 10000;
  const TOAST_MS = 6000;
  // The largest tile the server draws in a picture (pintas.svg's default
  // sizes), and how many of them, at most, the page wants across the short
  // side of the table: the page asks for a smaller picture and scales it up.
  const PICTURE_CAP = { domino: 48, caminos: 40 };
  const TILES_ACROSS = { domino: 6, caminos: 7 };
  // A tap target on the table is at least this wide and high (CSS pixels).
  const TARGET = 64;

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

  function sum(values) {
    return values.reduce((a, b) => a + b, 0);
  }

  // ---- language ----------------------------------------------------------------------

  let lang = I18N.initial(location.search, load(LANG_KEY), navigator.languages || [navigator.language]);

  function tr(key, values) {
    return I18N.t(lang, key, values);
  }

  function number(n) {
    return Number(n).toLocaleString(lang);
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

  function tablePath(stored, tail) {
    return `/api/tables/${encodeURIComponent(stored.id)}${tail || ""}`;
  }

  let offline = false;
  function setOffline(value) {
    if (offline === value) return;
    offline = value;
    $("reconnecting").hidden = !value;
    document.body.classList.toggle("is-offline", value);
    if (P.data) renderPlay(); // no moves while the server is away
  }

  // Send a request until the server answers (a 4xx is an answer too), showing
  // "reconnecting" meanwhile; null if the page has moved on (``live`` false).
  async function untilAnswered(send, live) {
    while (live()) {
      try {
        const answer = await send();
        setOffline(false);
        return answer;
      } catch (error) {
        setOffline(true);
        await sleep(RETRY_MS);
      }
    }
    return null;
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
      syncModal();
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
    invite: false, // the other people's seats open, filled by invitation links
    watch: false, // spectators allowed (a link to watch the table)
    starting: false,
    error: null, // a refusal of the server to show, or null
    joinError: null, // why the invitation link the page was opened by took no seat, or null
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
    S.error = null;
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

  // Re-rendering the setup replaces its buttons: keep the keyboard's place.
  function keepingFocus(render) {
    const focused = document.activeElement;
    const id = focused && focused.dataset ? focused.dataset.testid : null;
    render();
    if (id && !document.body.contains(focused)) {
      const again = document.querySelector(`[data-testid="${id}"]`);
      if (again) again.focus();
    }
  }

  function choiceRow(label, testid, choices, current, choose) {
    const buttons = choices.map(([value, text, id]) =>
      el("button", {
        type: "button", class: "choice", "data-testid": `${testid}-${id === undefined ? value : id}`,
        "aria-pressed": String(value === current), text,
        onclick: () => { choose(value); fitSeats(); keepingFocus(renderSetup); },
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
        onclick: () => { chooseGame(game.name); keepingFocus(renderSetup); },
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
        TARGETS[game.name].map((n) => [n, number(n)]), S.target,
        (value) => { S.target = value; }));
    }
    if ("rounds" in game.options) {
      rows.push(choiceRow(tr("setup.rounds"), "opt-rounds", ROUNDS.map((n) => [n, String(n)]),
        S.rounds, (value) => { S.rounds = value; }));
    }
    if (S.seats.filter((who) => who === "human").length > 1) {
      rows.push(choiceRow(tr("setup.online"), "opt-invite",
        [[false, tr("setup.here"), "here"], [true, tr("setup.invite"), "link"]], S.invite,
        (value) => { S.invite = value; }));
    }
    rows.push(choiceRow(tr("setup.spectators"), "opt-spectators",
      [[false, tr("setup.no_spectators"), "no"], [true, tr("setup.allow_spectators"), "yes"]], S.watch,
      (value) => { S.watch = value; }));
    $("options").replaceChildren(...rows);
    $("options-block").hidden = rows.length === 0;

    const kinds = ["human", ...STRENGTHS];
    $("seats").replaceChildren(...S.seats.map((who, seat) =>
      el("div", { class: "seat-row", "data-seat": seat }, [
        el("div", { class: "seat-name", id: `seat-name-${seat}`, text: tr("seat.name", { n: seat + 1 }) }),
        el("div", { class: "choices", role: "group", "aria-labelledby": `seat-name-${seat}` }, kinds.map((kind) =>
          el("button", {
            type: "button", class: "choice" + (kind === "human" ? " human" : ""),
            "data-testid": `seat-${seat}-${kind}`, "aria-pressed": String(who === kind),
            text: tr("player." + kind),
            onclick: () => { S.seats[seat] = kind; S.error = null; keepingFocus(renderSetup); },
          }))),
      ])));

    const timers = [[null, tr("timer.off"), "off"], ...S.menu.timers.map((n) => [n, tr("timer.seconds", { n })])];
    $("timers").replaceChildren(...timers.map(([value, text, id]) =>
      el("button", {
        type: "button", class: "choice", "data-testid": "timer-" + (id || value),
        "aria-pressed": String(value === S.timer), text,
        onclick: () => { S.timer = value; keepingFocus(renderSetup); },
      })));
    const noHuman = !S.seats.includes("human");
    const error = noHuman ? tr("setup.need_human") : S.error || S.joinError;
    $("setup-error").hidden = !error;
    $("setup-error").textContent = error || "";
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
    if (S.invite && S.seats.filter((who) => who === "human").length > 1) body.invite = true;
    if (S.watch) body.spectators = true;
    // ?seed=N repeats a deal (for demonstrations and the screenshots of the docs);
    // an online table deals from the server's seeds only.
    const seed = new URLSearchParams(location.search).get("seed");
    if (seed !== null && /^\d{1,18}$/.test(seed) && S.menu.seeds && !body.invite) body.seed = Number(seed);
    return body;
  }

  async function start() {
    if (S.starting || !S.seats.includes("human")) return;
    S.starting = true;
    S.error = null;
    S.joinError = null;
    renderSetup();
    const body = tableRequest();
    const answer = await untilAnswered(() => request("POST", "/api/tables", body), () => true);
    S.starting = false;
    if (answer.status !== 201) {
      const message = answer.body && answer.body.message ? answer.body.message : String(answer.status);
      const code = answer.body ? answer.body.error : null;
      S.error = code === "too_many_tables" ? tr("setup.too_many", { message }) : message;
      renderSetup();
      return;
    }
    const seats = Object.keys(answer.body.tokens).map(Number).sort((a, b) => a - b);
    const made = answer.body;
    openTable({
      id: made.id, tokens: made.tokens, seat: seats[0], seenRounds: 0, seenTimedOut: 0,
      // the codes to pass on: each open seat's invitation, the spectators'
      invitations: made.invitations
        ? Object.fromEntries(Object.entries(made.invitations).map(([seat, inv]) => [seat, inv.code])) : null,
      spectators: made.spectators ? made.spectators.code : null,
    });
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
    busy: false, // a move (or a continue) is on its way
    awaiting: 0, // the version our move made: its buttons stay off until the page has it
    receivedAt: 0,
    box: null, // the box the table picture was asked for: {w, h, scale}
    keys: {},
    selected: null, // the hand tile chosen to play, or null
    dice: [], // the indices of the rolled dice chosen to keep
    selectedAt: null, // the version and seat the choices above belong to
    breakRound: 0, // the round whose break the round window shows (0: none)
    socket: null, // the WebSocket that says when the table shown changes, or null
    socketFailures: 0, // sockets that failed: after SOCKET_TRIES, the long poll alone
  };

  // Nothing of a table stays on the play screen once another is shown.
  function clearPlay() {
    for (const id of ["scores", "table", "hand", "moves", "log"]) $(id).replaceChildren();
    $("turn").textContent = "";
    $("facts").textContent = "";
    const play = $("play");
    for (const name of ["version", "revision", "family", "seat", "toMove", "over", "break", "spectator"]) delete play.dataset[name];
    play.dataset.ready = "0";
  }

  function openTable(stored) {
    closeSocket();
    clearPlay();
    P.stored = stored;
    storeTable();
    P.data = null;
    P.log = [];
    P.logLength = 0;
    P.busy = false;
    P.awaiting = 0;
    P.keys = {};
    P.breakRound = 0;
    clearChoices();
    P.gen += 1;
    showScreen("play");
    renderPlay();
    pollLoop(P.gen);
  }

  function leaveTable() {
    P.gen += 1;
    if (P.abort) P.abort.abort();
    closeSocket();
    // a spectator leaves the kiosk's own table (if any) where it was
    if (!(P.stored && P.stored.watch)) save(TABLE_KEY, null);
    if (location.pathname !== "/") history.replaceState(null, "", "/" + location.search);
    P.stored = null;
    P.data = null;
    P.breakRound = 0;
    setOffline(false);
    S.starting = false;
    showScreen("setup");
    renderSetup();
    if (!S.menu) loadMenu();
  }

  // "New game": every seat this screen holds leaves the table (the computer
  // plays them from then on, and the table no longer counts against those
  // this kiosk may open), best effort: the setup screen comes back at once,
  // whatever the server answers.
  function abandonTable() {
    const stored = P.stored;
    if (stored) {
      for (const token of Object.values(stored.tokens)) {
        try {
          fetch(tablePath(stored), {
            method: "DELETE", keepalive: true, cache: "no-store",
            headers: { Authorization: "Bearer " + token },
          }).catch(() => {});
        } catch (error) {
          // a page without fetch's keepalive still goes back to the setup
        }
      }
    }
    leaveTable();
  }

  // A spectator's table is not kept: its link (the code in the fragment) opens it again.
  function storeTable() {
    if (P.stored && !P.stored.watch) save(TABLE_KEY, P.stored);
  }

  function isWatching() {
    return Boolean(P.stored && P.stored.watch);
  }

  // The token of the table shown: the seat's, or a spectator's code.
  function tokenOf(stored) {
    return stored.watch || stored.tokens[String(stored.seat)];
  }

  function humanSeats() {
    return P.stored ? Object.keys(P.stored.tokens).map(Number).sort((a, b) => a - b) : [];
  }

  function clearChoices() {
    P.selected = null;
    P.dice = [];
    P.selectedAt = null;
  }

  // Ask for the table now instead of waiting for the long poll.
  function kick() {
    P.kicked = true;
    if (P.abort) P.abort.abort();
    if (P.wake) P.wake();
  }

  // The box the table picture is asked for: the table's box divided by a
  // scale, so that the server's largest tile, scaled up, fills a table that
  // holds few tiles; the picture is a vector drawing and scales cleanly.
  function tableBox(family) {
    const node = $("table");
    if (!node || node.clientWidth < 50 || node.clientHeight < 50) return null;
    const width = node.clientWidth;
    const height = node.clientHeight;
    const cap = PICTURE_CAP[family] || 48;
    const scale = Math.max(1, Math.min(width, height) / (cap * (TILES_ACROSS[family] || 6)));
    // Whole tens: small changes of layout do not ask for a new picture.
    const w = Math.max(20, Math.floor(width / scale / 10) * 10);
    const h = Math.max(20, Math.floor(height / scale / 10) * 10);
    return { w, h, width, height };
  }

  function revisionOf(data) {
    return data.revision === undefined ? data.version : data.revision;
  }

  function closeSocket() {
    if (P.socket) P.socket.close();
    P.socket = null;
  }

  // Wait on the table's WebSocket until the table is past `revision`: true
  // then, false if kicked meanwhile, null if the socket failed (the long poll
  // waits instead). The socket says only the table's new revision; the page
  // then reads the table as ever.
  function socketWait(stored, revision, signal) {
    return new Promise((resolve) => {
      let socket = P.socket;
      if (!socket || socket.tableId !== stored.id) {
        closeSocket();
        const url = new URL(tablePath(stored, stored.watch ? "/watch/socket" : "/socket"), window.location.href);
        url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
        try {
          socket = new WebSocket(url.href);
        } catch (error) {
          resolve(null);
          return;
        }
        socket.tableId = stored.id;
        socket.revision = -1;
        socket.addEventListener("open", () => socket.send(JSON.stringify({ token: tokenOf(stored), after: revision })));
        socket.addEventListener("message", (event) => {
          try {
            socket.revision = Math.max(socket.revision, JSON.parse(event.data).revision);
          } catch (error) { socket.close(); }
        });
        P.socket = socket;
      }
      if (socket.revision > revision) { resolve(true); return; }
      const presence = othersAt(P.data) ? setTimeout(() => done(false), PRESENCE_MS) : null;
      function done(value) {
        clearTimeout(presence);
        socket.removeEventListener("message", heard);
        socket.removeEventListener("close", closed);
        signal.removeEventListener("abort", aborted);
        resolve(value);
      }
      function heard() { if (socket.revision > revision) done(true); }
      function closed() {
        if (P.socket === socket) P.socket = null;
        P.socketFailures += 1;
        done(null);
      }
      function aborted() { done(false); }
      socket.addEventListener("message", heard);
      socket.addEventListener("close", closed);
      signal.addEventListener("abort", aborted);
    });
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
      if (!P.kicked && P.data && typeof WebSocket === "function" && P.socketFailures < SOCKET_TRIES) {
        const controller = new AbortController();
        P.abort = controller;
        const woke = await socketWait(stored, revisionOf(P.data), controller.signal);
        if (P.abort === controller) P.abort = null;
        if (gen !== P.gen) return;
        if (woke !== null) {
          P.kicked = true; // moved on (or kicked): read the table now
          continue;
        }
      }
      const immediate = P.kicked || !P.data;
      P.kicked = false;
      const query = new URLSearchParams({ since: String(P.logLength) });
      const family = P.data ? P.data.family : null;
      const box = family === "dice" || stored.watch ? null : tableBox(family || "domino");
      if (stored.watch) {
        // a spectator's answer has no pictures: the page draws the line itself
      } else if (box && family) {
        query.set("width", String(box.w));
        query.set("height", String(box.h));
      } else if (!P.data) {
        // the first answer tells the family; tile games then ask again with the box
        query.set("width", String(box ? box.w : 600));
        query.set("height", String(box ? box.h : 400));
      }
      if (!immediate) {
        query.set("after", String(revisionOf(P.data)));
        query.set("wait", String(POLL_WAIT));
      }
      const controller = new AbortController();
      P.abort = controller;
      let answer;
      try {
        answer = await request("GET", tablePath(stored, (stored.watch ? "/watch?" : "?") + query), null,
          tokenOf(stored), controller.signal);
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
        if (seat === P.stored.seat) apply(answer.body, family ? box : null);
      } else if ([401, 403, 404, 410].includes(answer.status)) {
        const watching = Boolean(stored.watch);
        leaveTable();
        toast(tr(answer.status === 410 ? "play.table_damaged" : watching ? "watch.bad" : "play.table_gone"));
        return;
      } else {
        await sleep(RETRY_MS);
      }
    }
  }

  function apply(data, box) {
    if (data.spectator) {
      // what a seat's answer has and a spectator's has not: nothing to do, no secrets
      data = { ...data, seat: null, your_turn: false, legal_moves: [], moves: [], timed_out: [],
        winners: data.winners || [], connections: null, timer: null };
    }
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
    if (data.family !== "dice" && !box && !data.spectator) P.kicked = true; // draw the table at its real size
    const at = data.version + "|" + data.seat;
    if (P.selectedAt !== at) {
      clearChoices();
      P.selectedAt = at;
    }
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

  function isTeam(side) {
    return sideSeats(side).length === 2;
  }

  function sideName(side) {
    const seats = sideSeats(side);
    if (seats.length === 2) return tr("team.name", { a: seats[0] + 1, b: seats[1] + 1 });
    return seatName(seats.length ? seats[0] : side);
  }

  // A seat's name, and its team's when it plays in one.
  function seatAndTeam(seat) {
    const data = P.data;
    const side = data && data.seats[seat] ? data.seats[seat].side : null;
    if (side === null || !isTeam(side)) return seatName(seat);
    return tr("seat.of_team", { who: seatName(seat), team: sideName(side) });
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

  function roundText(data, round) {
    const rules = data.view.rules;
    if (!round) return "";
    return rules && rules.rounds ? tr("play.round_of", { n: round, m: rules.rounds }) : tr("play.round", { n: round });
  }

  // ---- events, told in the page's language ------------------------------------------------

  function reasonText(reason) {
    return reason ? tr("reason." + reason) : "";
  }

  function sixes(values) {
    const count = (values || []).filter((v) => v === 6).length;
    return tr("dice.sixes." + Math.min(6, Math.max(2, count)));
  }

  // One event of a log in words. ``before``: the event just before it (a
  // doom is told with the roll that made it).
  function describe(ev, family, before) {
    const who = ev.seat === null || ev.seat === undefined ? tr("nobody") : seatName(ev.seat);
    const v = {
      who, tile: ev.tile, points: ev.points === undefined ? ev.points : number(ev.points),
      count: ev.count, why: reasonText(ev.reason), kind: ev.kind, path: ev.path,
      total: ev.total === undefined ? ev.total : number(ev.total),
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
      if (ev.kind === "doom") {
        const roll = before && before.kind === "rolled" ? before.values : null;
        return tr("ev.dice.doom", { ...v, why: roll ? sixes(roll) : reasonText("doom") });
      }
      const known = ["rolled", "roll_out", "kept", "hot_dice", "banked", "final_round", "turn_end", "game_end"];
      if (known.includes(ev.kind)) return tr("ev.dice." + ev.kind, { ...v, dice });
    }
    return tr("ev.unknown", v);
  }

  // ---- how a round's points were counted -------------------------------------------------

  // "a + b + c = n", in the page's numbers.
  function sumText(values, total) {
    const parts = values.map(number);
    const whole = total === undefined ? sum(values) : total;
    return parts.length > 1 ? `${parts.join(" + ")} = ${number(whole)}` : number(whole);
  }

  function countingStep(step) {
    const name = (seat) => seatAndTeam(seat);
    const others = (list) => (Array.isArray(list) ? list : [list]);
    switch (step.key) {
      case "block_tie":
        return tr("count.block_tie", { pips: number(step.pips) });
      case "muggins_out":
        return tr("count.muggins_out", { who: name(step.winner), sum: sumText(others(step.others), step.total), points: number(step.points) });
      case "muggins_lowest":
        return tr("count.muggins_lowest", { who: name(step.winner), sum: sumText(others(step.others), step.total), points: number(step.points) });
      case "muggins_each":
        return tr("count.muggins_each");
      case "muggins_each_seat": {
        const all = Array.isArray(step.others) ? sum(step.others) : step.others;
        return tr("count.muggins_each_seat", {
          who: name(step.seat), others: number(all), own: number(step.own), diff: number(step.diff), points: number(step.points),
        });
      }
      case "capicua_out":
      case "capicua_lowest":
        return tr("count." + step.key, { who: name(step.winner), sum: sumText(others(step.others), step.total), points: number(step.points) })
          + (step.doubled ? " " + tr("count.capicua_doubled") : "");
      case "dominican_out":
        return tr("count.dominican_out", { who: name(step.winner), sum: sumText(others(step.others), step.total) });
      case "capicua_bonus":
        return tr("count.capicua_bonus", { points: number(step.points) });
      case "dominican_blocker": {
        const every = step.every || [];
        const tie = every[step.blocker] === every[step.next];
        return tr(tie ? "count.dominican_blocker_tie" : "count.dominican_blocker", {
          blocker: name(step.blocker), next: name(step.next),
          a: number(every[step.blocker]), b: number(every[step.next]),
          who: name(step.winner), sum: sumText(every, step.total),
        });
      }
      case "dominican_lowest":
        return tr("count.dominican_lowest", { who: name(step.winner), sum: sumText(step.every || [], step.total) });
      case "caminos_tiles":
        return tr("count.caminos_tiles", {
          list: (step.tiles || []).map((n, seat) => tr("count.caminos_seat", { who: seatName(seat), n: number(n ? -n : 0) })).join(" · "),
        });
      default:
        return null;
    }
  }

  // The round's end in a sentence: who went out, or that the game was blocked.
  function roundReason(round, family) {
    const end = (round.events || []).find((ev) => ev.kind === "round_end");
    if (!end) return "";
    const who = end.seat === null || end.seat === undefined ? null : seatAndTeam(end.seat);
    if (family === "caminos") {
      if (end.reason === "blocked") return tr("round.why.passed");
      return who ? tr("round.why.out", { who }) : "";
    }
    switch (end.reason) {
      case "domino": return who ? tr("round.why.domino", { who }) : "";
      case "block": return tr("round.why.blocked");
      case "block_tie": return tr("round.why.block_tie");
      default: return who ? tr("ev.domino.round_end", { who, why: reasonText(end.reason) }) : "";
    }
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

  // A die as SVG markup; ``label`` null: a picture inside a control that names it.
  function dieSvg(value, kept, label) {
    const pips = (PIPS[value] || []).map(([x, y]) => `<circle class="pip" cx="${x}" cy="${y}" r="9"/>`).join("");
    const named = label === null ? 'aria-hidden="true"' : `role="img" aria-label="${label === undefined ? value : label}"`;
    return `<svg class="die${kept ? " kept" : ""}" data-die="${value}" viewBox="0 0 100 100" ${named}>`
      + `<rect class="die-body" x="4" y="4" width="92" height="92" rx="16"/>${pips}</svg>`;
  }

  // A tile's picture (from the server) as a node; ``shown`` names it for
  // assistive technology (null: hidden from it, for a control that names it).
  function tilePicture(tile, pictures, shown) {
    const picture = pictures && pictures.tiles ? pictures.tiles[tile] : null;
    const node = el("span", {
      class: "tile-picture" + (picture ? "" : " tile-text"), html: picture || null, text: picture ? null : tile,
    });
    const svg = node.querySelector("svg");
    if (svg) {
      svg.removeAttribute("width");
      svg.removeAttribute("height");
      for (const title of svg.querySelectorAll("title")) title.remove();
      if (shown === null) svg.setAttribute("aria-hidden", "true");
      else svg.setAttribute("aria-label", shown || tile);
    } else if (shown === null) {
      node.setAttribute("aria-hidden", "true");
    }
    return node;
  }

  function tileNode(tile, pictures, extra) {
    return el("span", { class: "tile" + (extra ? " " + extra : ""), "data-tile": tile },
      [tilePicture(tile, pictures, tile)]);
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
    play.dataset.revision = String(revisionOf(data));
    play.dataset.family = data.family;
    play.dataset.seat = data.seat === null ? "" : String(data.seat);
    play.dataset.spectator = data.spectator ? "1" : "0";
    play.dataset.toMove = data.to_move === null ? "" : String(data.to_move);
    play.dataset.over = data.is_over ? "1" : "0";
    play.dataset.break = data.break ? String(data.break.round) : "";
    $("bar-title").textContent = gameTitle(data);
    renderScores(data);
    renderStatus(data);
    renderTable(data);
    if (data.spectator) renderHandSizes(data);
    else renderHand(data);
    $("moves-block").hidden = Boolean(data.spectator);
    if (!data.spectator) renderMoves(data);
    renderLog(data);
    renderTimer();
    renderPresence(data);
    renderShare(data);
  }

  // ---- online tables: spectators, the other people, the links to pass on ---------------------

  // The rows of tiles a spectator's table shows, as the page writes them
  // ("6|4"): the line, or each path from its back through its centre to its
  // front. A spectator's answer has no pictures: the page shows them in text.
  function watchedRows(data) {
    const view = data.view;
    const text = (tile) => (Array.isArray(tile) ? tile.join("|") : String(tile));
    if (data.family === "domino") return [(view.line || []).map(text)];
    return (view.paths || []).map((path) =>
      [...(path.back || []).slice().reverse(), path.centre, ...(path.front || [])].filter(Boolean).map(text));
  }

  // A spectator's table: the line (or the paths), each tile as text.
  function renderWatchedTable(data) {
    const rows = watchedRows(data);
    const key = ["watch", lang, rows.map((row) => row.join(",")).join(";")].join("|");
    if (P.keys.table === key) return;
    P.keys.table = key;
    const shown = rows.filter((row) => row.length);
    $("table").replaceChildren(el("div", {
      class: "watch-line", "data-testid": "watch-line", role: "img", "aria-label": tr("play.table_label"),
    }, shown.length ? shown.map((row) => el("div", { class: "watch-row" }, row.map((tile) => tileNode(tile, null, ""))))
      : [el("div", { class: "table-note", text: tr("play.empty_line") })]));
  }

  // A spectator sees no hand: how many tiles each seat holds, as tile backs.
  function renderHandSizes(data) {
    const sizes = data.view.hand_sizes || [];
    const key = ["watch", lang, sizes.join(",")].join("|");
    $("hand-block").hidden = sizes.length === 0;
    if (P.keys.hand === key) return;
    P.keys.hand = key;
    $("hand-label").textContent = tr("watch.hands");
    $("hand").replaceChildren(el("div", { class: "watch-hands" }, sizes.map((n, seat) =>
      el("div", { class: "watch-hand", "data-seat": seat, "data-count": n, "aria-label": tr("play.tiles_of", { who: seatName(seat), n }) }, [
        el("span", { class: "watch-seat", "aria-hidden": "true", text: seatName(seat) }),
        ...Array.from({ length: n }, () => el("span", { class: "tile back", "aria-hidden": "true" })),
      ]))));
  }

  // Whether other people (not this screen's) sit at the table.
  function othersAt(data) {
    return Boolean(data && data.connections && data.seats.some((seat) =>
      seat.player === "human" && !seat.left && !(String(seat.seat) in P.stored.tokens)));
  }

  // Each other person's connection: connected, away, or invited and not come yet.
  function renderPresence(data) {
    const node = $("presence");
    const connections = data.connections || [];
    const items = [];
    for (const seat of data.seats) {
      if (String(seat.seat) in P.stored.tokens || seat.player !== "human" || seat.left) continue;
      const state = seat.open ? "open" : connections[seat.seat];
      if (state !== "connected" && state !== "away" && state !== "open") continue;
      items.push(el("li", { "data-seat": seat.seat, "data-state": state, text: tr("presence." + state, { who: seatName(seat.seat) }) }));
    }
    node.hidden = items.length === 0;
    const key = items.map((item) => item.textContent).join("|");
    if (node.dataset.key !== key) {
      node.dataset.key = key;
      node.replaceChildren(...items);
    }
  }

  // A link the creator passes on: the code rides in the fragment (after #),
  // which a browser never sends, so no server or proxy log holds it.
  function pageLink(kind, id, code) {
    return `${location.origin}/${kind}/${encodeURIComponent(id)}#${code}`;
  }

  // The creator's links: each open seat's invitation, and the spectators' link.
  function renderShare(data) {
    const stored = P.stored;
    const rows = [];
    for (const [seat, code] of Object.entries(stored.invitations || {})) {
      const open = data.seats[Number(seat)] && data.seats[Number(seat)].open;
      if (open && !data.is_over) rows.push(["invite-" + seat, tr("share.invite", { who: seatName(seat) }), pageLink("join", stored.id, code), code]);
    }
    if (stored.spectators && !data.is_over) rows.push(["watch", tr("share.watch"), pageLink("watch", stored.id, stored.spectators), null]);
    const key = [lang, ...rows.map((row) => row.join(" "))].join("|");
    const node = $("share");
    node.hidden = rows.length === 0;
    if (node.dataset.key === key) return;
    node.dataset.key = key;
    $("share-links").replaceChildren(...rows.map(([id, label, link, code]) => el("li", { "data-testid": "share-" + id }, [
      el("div", { class: "share-text" }, [
        el("span", { class: "share-label", text: label + (code ? " (" + tr("share.code", { code }) + ")" : "") }),
        el("span", { class: "share-link", "data-testid": "share-link-" + id, text: link }),
      ]),
      el("button", {
        type: "button", class: "share-copy", text: tr("share.copy"), "aria-label": tr("share.copy") + ": " + label,
        onclick: () => copyText(link),
      }),
    ])));
  }

  function copyText(text) {
    if (!navigator.clipboard) return;
    navigator.clipboard.writeText(text).then(() => toast(tr("share.copied")), () => {});
  }

  // The page opened by an invitation link: use the code once, keep the
  // seat's token as any table's, and show the table.
  async function joinTable(id, code) {
    showScreen("setup");
    toast(tr("join.joining"));
    const answer = await untilAnswered(() => request("POST",
      `/api/tables/${encodeURIComponent(id)}/join/${encodeURIComponent(code)}`), () => true);
    history.replaceState(null, "", "/" + location.search); // the code is spent: out of the address bar
    if (answer.status === 200) {
      openTable({ id: answer.body.id, tokens: { [String(answer.body.seat)]: answer.body.token },
        seat: answer.body.seat, seenRounds: 0, seenTimedOut: 0 });
      return;
    }
    const reason = answer.status === 410 ? "join.spent" : answer.status === 429 ? "join.too_many" : "join.bad";
    S.joinError = tr(reason);
    renderSetup();
    toast(tr(reason));
  }

  // "Rematch" at the game's end: the same seats at a new table, each seat's
  // token the same; every seat that asks is sent to the same table.
  async function rematch() {
    const stored = P.stored;
    if (!stored || stored.watch || P.busy) return;
    const gen = P.gen;
    P.busy = true;
    $("end-rematch").disabled = true;
    const answer = await untilAnswered(() => request("POST", tablePath(stored, "/rematch"), null, tokenOf(stored)),
      () => gen === P.gen);
    P.busy = false;
    $("end-rematch").disabled = false;
    if (!answer || gen !== P.gen) return;
    if (answer.status !== 200) {
      const message = answer.body && answer.body.message ? answer.body.message : String(answer.status);
      $("end-error").textContent = tr("end.rematch_failed", { message });
      $("end-error").hidden = false;
      return;
    }
    openTable({ ...stored, id: answer.body.id, seenRounds: 0, seenTimedOut: 0 });
  }

  function renderScores(data) {
    const humans = humanSeats();
    const toMoveSide = data.to_move === null ? null : data.seats[data.to_move].side;
    const sizes = data.view.hand_sizes || null;
    $("scores").replaceChildren(...data.scores.map((score, side) => {
      const seats = sideSeats(side);
      const you = humans.length === 1 && seats.includes(humans[0]);
      // the tiles left in each hand, seat by seat: "Player 1: 7 tiles · Player 3: 6 tiles"
      let tiles = null;
      if (sizes) {
        tiles = seats.length === 1 ? tr("play.tiles", { n: sizes[seats[0]] })
          : seats.map((s) => tr("play.tiles_of", { who: seatName(s), n: sizes[s] })).join(" · ");
      }
      return el("div", {
        class: "score" + (side === toMoveSide && !data.is_over && !data.break ? " to-move" : "")
          + (data.winners.includes(side) ? " winner" : "") + (you ? " you" : ""),
        "data-testid": "score-" + side, "data-side": side, "data-score": score,
      }, [
        el("span", { class: "score-head" }, [
          el("span", { class: "score-name", text: sideName(side) + (you ? " · " + tr("seat.you") : "") }),
          el("span", { class: "score-points", text: number(score) }),
        ]),
        tiles === null ? null : el("span", { class: "score-tiles", "data-testid": "score-tiles-" + side, text: tiles }),
      ]);
    }));
  }

  // The round the page shows: the ended one while its window is up.
  function shownRound(data) {
    const ended = windowRound(data);
    return ended ? ended.round : data.view.round;
  }

  function renderStatus(data) {
    let turn;
    const fault = data.fault || null;
    if (fault) turn = tr("play.fault");
    else if (data.is_over) turn = tr("play.over");
    else if (data.break) turn = tr("play.break");
    else if (data.your_turn) turn = tr("play.your_turn");
    else if (data.to_move !== null && (data.spectator || String(data.to_move) in P.stored.tokens)) turn = tr("play.turn_of", { who: seatName(data.to_move) });
    else turn = tr("play.thinking", { who: seatName(data.to_move) });
    const node = $("turn");
    if (node.textContent !== turn) node.textContent = turn;
    node.classList.toggle("mine", Boolean(data.your_turn) && !fault);
    $("fault").hidden = !fault;
    $("fault").textContent = fault || "";
    $("notice").hidden = !data.chosen_seed || data.is_over;
    const view = data.view;
    const facts = [];
    if (data.spectator) facts.push(tr("watch.label") + (data.delay ? " · " + tr("watch.delay", { n: data.delay }) : ""));
    const round = roundText(data, shownRound(data));
    if (round) facts.push(round);
    if (view.rules && view.rules.target) facts.push(tr("play.target", { n: number(view.rules.target) }));
    if (data.family === "caminos" && view.pile_size) facts.push(tr("play.pile", { n: view.pile_size }));
    if (data.family === "domino" && view.boneyard_size) facts.push(tr("play.boneyard", { n: view.boneyard_size }));
    $("facts").textContent = facts.join(" · ");
  }

  // ---- the table -------------------------------------------------------------------------------

  function renderTable(data) {
    const node = $("table");
    node.dataset.family = data.family;
    if (data.family === "dice") {
      renderDice(data);
      return;
    }
    if (data.spectator) {
      renderWatchedTable(data);
      return;
    }
    const picture = data.pictures ? data.pictures.table : "";
    const empty = data.family === "domino" && data.view.line.length === 0;
    const hint = data.family === "caminos" && data.view.phase === "reveal";
    const key = [lang, picture, empty, hint].join("|");
    if (P.keys.table === key) {
      renderTargets(data);
      return;
    }
    P.keys.table = key;
    // A new picture (a move, or the table's box changed) brings new targets:
    // a target the keyboard was on is focused again in the new layer.
    keepingPlace(node, () => {
      const frame = el("div", { class: "table-picture", html: picture });
      const svg = frame.querySelector("svg");
      if (svg) {
        // the picture names itself in English: the page says what it shows
        svg.setAttribute("aria-label", tr("play.table_label"));
        for (const title of svg.querySelectorAll("title")) title.remove();
      }
      node.replaceChildren(...[
        frame,
        el("div", { class: "targets", "data-testid": "targets" }),
        empty ? el("div", { class: "table-note", text: tr("play.empty_line") }) : null,
        hint ? el("div", { class: "table-note top", text: tr("play.reveal_hint") }) : null,
      ].filter(Boolean));
      P.keys.targets = null;
      renderTargets(data);
    });
  }

  // Where something lies on the table: a box relative to the table's own box.
  function boxOf(node, table) {
    const r = node.getBoundingClientRect();
    return { x: r.left - table.left, y: r.top - table.top, w: r.width, h: r.height };
  }

  function centre(box) {
    return { x: box.x + box.w / 2, y: box.y + box.h / 2 };
  }

  // Redraw what ``node`` holds with ``render``, keeping the keyboard's place:
  // a control focused in it before (named by its data-focus) is focused again.
  function keepingPlace(node, render) {
    const active = document.activeElement;
    const place = active && node.contains(active) ? active.dataset.focus : null;
    render();
    if (place && !node.contains(active)) {
      const again = [...node.querySelectorAll("[data-focus]")].find((n) => n.dataset.focus === place);
      if (again && !again.disabled) again.focus();
    }
  }

  // The open ends of the line as the picture lays them out, whichever way it
  // turns: for each end, the half of the end tile that shows the open number
  // (the whole tile for a double), and the way the line would grow from it.
  function lineEnds(picture, table) {
    const tiles = [...picture.querySelectorAll("g.tile[data-index]")]
      .sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index));
    if (tiles.length === 0) return [];
    const bodyOf = (tile) => boxOf(tile.querySelector(".tile-body") || tile, table);
    const numbers = ((picture.querySelector("g.line") || { dataset: {} }).dataset.ends || "").split(" ").map(Number);
    const halves = (b) => (b.w >= b.h
      ? [{ x: b.x, y: b.y, w: b.w / 2, h: b.h }, { x: b.x + b.w / 2, y: b.y, w: b.w / 2, h: b.h }]
      : [{ x: b.x, y: b.y, w: b.w, h: b.h / 2 }, { x: b.x, y: b.y + b.h / 2, w: b.w, h: b.h / 2 }]);
    const unit = (dx, dy) => (Math.abs(dx) >= Math.abs(dy) ? { x: Math.sign(dx) || 1, y: 0 } : { x: 0, y: Math.sign(dy) || 1 });
    if (tiles.length === 1) {
      const b = bodyOf(tiles[0]);
      if (b.w >= b.h) {
        const [left, right] = halves(b);
        return [
          { end: "L", number: numbers[0], box: left, toward: { x: -1, y: 0 } },
          { end: "R", number: numbers[1], box: right, toward: { x: 1, y: 0 } },
        ];
      }
      // a double stands alone: the line grows from its sides
      const side = b.w;
      const y = b.y + (b.h - side) / 2;
      return [
        { end: "L", number: numbers[0], box: { x: b.x - side, y, w: side, h: side }, toward: { x: -1, y: 0 } },
        { end: "R", number: numbers[1], box: { x: b.x + b.w, y, w: side, h: side }, toward: { x: 1, y: 0 } },
      ];
    }
    const ends = [];
    for (const [end, tile, next, open] of [["L", tiles[0], tiles[1], numbers[0]],
      ["R", tiles[tiles.length - 1], tiles[tiles.length - 2], numbers[1]]]) {
      const b = bodyOf(tile);
      const n = centre(bodyOf(next));
      const [a, z] = tile.dataset.tile && tile.dataset.tile.split("|")[0] === tile.dataset.tile.split("|")[1]
        ? [b, b] : halves(b);
      const da = Math.hypot(centre(a).x - n.x, centre(a).y - n.y);
      const dz = Math.hypot(centre(z).x - n.x, centre(z).y - n.y);
      const far = da >= dz ? a : z;
      const c = centre(b);
      const toward = far === b ? unit(c.x - n.x, c.y - n.y) : unit(centre(far).x - c.x, centre(far).y - c.y);
      ends.push({ end, number: open, box: far, toward });
    }
    return ends;
  }

  // A tap target over ``box``: at least TARGET pixels each way, pushed out
  // along ``toward`` when it grows, kept inside the table.
  function targetBox(box, toward, table) {
    const w = Math.max(TARGET, box.w);
    const h = Math.max(TARGET, box.h);
    const c = centre(box);
    let x = c.x - w / 2 + (toward ? toward.x * (w - box.w) / 2 : 0);
    let y = c.y - h / 2 + (toward ? toward.y * (h - box.h) / 2 : 0);
    x = Math.min(Math.max(0, x), Math.max(0, table.width - w));
    y = Math.min(Math.max(0, y), Math.max(0, table.height - h));
    return { x, y, w, h };
  }

  function place(node, box) {
    node.style.left = `${box.x.toFixed(1)}px`;
    node.style.top = `${box.y.toFixed(1)}px`;
    node.style.width = `${box.w.toFixed(1)}px`;
    node.style.height = `${box.h.toFixed(1)}px`;
  }

  function endName(end) {
    return tr(end === "L" ? "move.end_L" : "move.end_R");
  }

  // The move a target makes, its words for assistive technology.
  function moveLabel(move, data) {
    const view = data.view;
    switch (move.kind) {
      case "play": {
        if (!view.line || view.line.length === 0) return tr("move.lead_tile", { tile: move.tile });
        const open = view.ends ? view.ends[move.end === "L" ? 0 : 1] : "";
        return tr(move.end === "L" ? "move.play_L" : "move.play_R", { tile: move.tile, n: open });
      }
      case "place":
        return tr("move.place_on", { tile: move.tile, path: move.path, side: tr("move." + move.side) });
      case "reveal": return tr("move.reveal_tile", { tile: move.tile });
      case "keep":
        return move.points === undefined ? tr("move.keep_dice", { dice: move.dice.join(" ") })
          : tr("move.keep_for", { dice: move.dice.join(" "), points: number(move.points) });
      default: return null;
    }
  }

  // The glowing places of the table where the chosen hand tile may go (or, with
  // no tile chosen, the line's two ends, marked): buttons over the picture.
  function renderTargets(data) {
    const table = $("table");
    const layer = table.querySelector(".targets");
    const picture = table.querySelector(".table-picture svg");
    if (!layer) return;
    const blocked = movesBlocked() || !data.your_turn;
    const chosen = blocked ? [] : data.moves.filter((m) => m.tile && m.tile === P.selected);
    const size = [table.clientWidth, table.clientHeight].join("x");
    const key = [P.keys.table, size, P.selected, blocked, data.legal_moves.join(","), lang].join("|");
    if (P.keys.targets === key) return;
    P.keys.targets = key;
    const frame = table.getBoundingClientRect();
    const bounds = { width: frame.width, height: frame.height };
    const nodes = [];
    const button = (move, box, extra, text) => {
      const node = el("button", {
        type: "button", class: "target " + extra, "data-play": move.move, "data-testid": "target",
        "data-focus": "play:" + move.move,
        "aria-label": moveLabel(move, data), text: text || null,
        onclick: () => playMove(move.move),
      });
      place(node, box);
      return node;
    };
    if (data.family === "domino" && picture) {
      const line = data.view.line || [];
      if (line.length === 0) {
        for (const move of chosen) {
          nodes.push(button(move, targetBox({ x: bounds.width / 2 - 80, y: bounds.height / 2 - 50, w: 160, h: 100 }, null, bounds),
            "lead", tr("move.lead_here")));
        }
      } else {
        for (const end of lineEnds(picture, frame)) {
          const move = chosen.find((m) => m.end === end.end);
          const box = targetBox(end.box, end.toward, bounds);
          if (move) {
            nodes.push(button(move, box, "end end-" + end.end));
          } else {
            const mark = el("span", { class: "end-mark end-" + end.end, "data-end": end.end, "aria-hidden": "true" });
            place(mark, box);
            nodes.push(mark);
          }
        }
      }
    } else if (data.family === "caminos" && picture) {
      for (const move of chosen) {
        if (move.kind === "place") {
          const slot = picture.querySelector(`.slot[data-path="${move.path}"][data-side="${move.side}"][data-takes]`);
          if (slot) nodes.push(button(move, targetBox(boxOf(slot, frame), { x: move.side === "back" ? -1 : 1, y: 0 }, bounds), "slot"));
        } else if (move.kind === "reveal") {
          nodes.push(button(move, targetBox({ x: bounds.width / 2 - 90, y: bounds.height / 2 - 40, w: 180, h: 80 }, null, bounds),
            "lead", tr("move.reveal_here")));
        }
      }
    }
    keepingPlace(layer, () => layer.replaceChildren(...nodes));
    layer.dataset.ends = data.family === "domino" ? "1" : "";
  }

  // What the dice on the table mean now, from the log: the dice of this turn's
  // last roll still on the table (none after hot dice), and how the turn
  // before ended (a doom roll, no scoring dice, a bank), which stays on the
  // table while the next player plays.
  function diceNow(data) {
    const view = data.view;
    const log = P.log;
    let end = -1;
    for (let i = log.length - 1; i >= 0; i -= 1) {
      if (log[i].kind === "turn_end") { end = i; break; }
    }
    const lastOf = (events, kind) => {
      for (let i = events.length - 1; i >= 0; i -= 1) if (events[i].kind === kind) return i;
      return -1;
    };
    // how the turn before ended
    let before = null;
    if (end >= 0) {
      let start = end - 1;
      while (start >= 0 && log[start].kind !== "turn_end") start -= 1;
      const events = log.slice(start + 1, end);
      const at = lastOf(events, "rolled");
      const after = at >= 0 ? events.slice(at + 1) : [];
      const how = after.find((ev) => ev.kind === "doom") || after.find((ev) => ev.kind === "roll_out")
        || events.find((ev) => ev.kind === "banked") || null;
      if (how) before = { event: how, roll: how.kind === "banked" || at < 0 ? null : events[at].values };
    }
    // this turn
    const turn = log.slice(end + 1);
    const at = lastOf(turn, "rolled");
    const after = at >= 0 ? turn.slice(at + 1) : [];
    if (view.phase === "keep") return { dice: view.last_roll.slice(), pick: true, before };
    if (at < 0) return { dice: [], before };
    const hot = after.find((ev) => ev.kind === "hot_dice");
    if (hot) return { dice: [], hot, before };
    // after a keep: the dice left from the roll, to be rolled again
    const left = turn[at].values.slice();
    for (const ev of after) {
      if (ev.kind !== "kept") continue;
      for (const value of ev.values || []) {
        const found = left.indexOf(value);
        if (found >= 0) left.splice(found, 1);
      }
    }
    return { dice: left, before };
  }

  function chosenDice(data) {
    return P.dice.map((i) => data.view.last_roll[i]).sort((a, b) => a - b);
  }

  // The keep the chosen dice make, if any.
  function chosenKeep(data) {
    const chosen = chosenDice(data).join(" ");
    if (!chosen) return null;
    return data.moves.find((m) => m.kind === "keep" && m.dice.slice().sort((a, b) => a - b).join(" ") === chosen) || null;
  }

  function diceBanner(now) {
    const banners = [];
    if (now.hot) {
      banners.push(el("p", {
        class: "dice-banner hot", "data-testid": "dice-banner", "data-mark": "hot",
        text: tr("dice.hot", { who: seatName(now.hot.seat) }),
      }));
    }
    const before = now.before;
    if (before) {
      const ev = before.event;
      const who = seatName(ev.seat);
      const points = number(ev.points);
      let text;
      if (ev.kind === "doom") text = tr("dice.doom", { why: sixes(before.roll), who, points });
      else if (ev.kind === "roll_out") text = tr("dice.roll_out", { who, points });
      else text = tr("dice.banked", { who, points });
      const dice = before.roll ? el("span", { class: "banner-dice" }, before.roll.map((v) => el("span", {
        class: "die-shown" + (ev.kind === "doom" && v === 6 ? " doomed" : ""), "data-die": v,
        html: dieSvg(v, false, tr("dice.die", { n: v })),
      }))) : null;
      banners.push(el("div", {
        class: "dice-banner" + (ev.kind === "banked" ? "" : " doom"), "data-testid": "last-turn",
        "data-mark": ev.kind === "banked" ? "bank" : ev.kind,
      }, [dice, el("span", { text })]));
    }
    return banners;
  }

  function renderDice(data) {
    const view = data.view;
    const now = diceNow(data);
    const blocked = movesBlocked() || !data.your_turn;
    const keep = chosenKeep(data);
    const key = ["dice", lang, data.version, revisionOf(data), P.logLength, P.dice.join(), blocked].join("|");
    if (P.keys.table === key) return;
    P.keys.table = key;
    const node = $("table");
    const canPick = now.pick && !blocked;
    const rolledFaces = now.dice.map((value, i) => {
      if (canPick) {
        const chosen = P.dice.includes(i);
        return el("button", {
          type: "button", class: "die-button" + (chosen ? " chosen" : ""), "data-index": i, "data-die": value,
          "data-focus": "die:" + i,
          "data-testid": "die", "aria-pressed": String(chosen), "aria-label": tr("dice.die", { n: value }),
          html: dieSvg(value, false, null), onclick: () => toggleDie(i),
        });
      }
      return el("span", { class: "die-shown", "data-die": value, html: dieSvg(value, false, tr("dice.die", { n: value })) });
    });
    const row = (label, faces, testid) => el("div", { class: "dice-row", "data-testid": testid }, [
      el("span", { class: "dice-label", text: label }),
      el("span", { class: "dice-faces" }, faces.length ? faces : [el("span", { class: "no-dice", text: tr("play.no_dice") })]),
    ]);
    let picker = null;
    if (canPick) {
      let preview;
      if (P.dice.length === 0) preview = tr("dice.pick");
      else if (!keep) preview = tr("dice.no_keep", { dice: chosenDice(data).join(" ") });
      else if (keep.points === undefined) preview = tr("dice.keep_preview", { dice: keep.dice.join(" ") });
      else {
        preview = tr("dice.keep_points", {
          dice: keep.dice.join(" "), points: number(keep.points), total: number(view.turn_total + keep.points),
        });
      }
      picker = el("div", { class: "dice-pick" }, [
        el("p", { class: "dice-preview", "data-testid": "keep-preview", "aria-live": "polite", text: preview }),
        el("button", {
          type: "button", class: "big primary keep-chosen", "data-testid": "keep-chosen", "data-focus": "keep",
          "data-keep": keep ? keep.move : null, disabled: !keep,
          text: tr("dice.keep_button"), onclick: () => { if (keep) playMove(keep.move); },
        }),
      ]);
    }
    keepingPlace(node, () => node.replaceChildren(el("div", { class: "dice-table" }, [
      ...diceBanner(now),
      row(tr("play.rolled"), rolledFaces, "rolled"),
      row(tr("play.kept"), view.pool.map((v) => el("span", { class: "die-shown", "data-die": v, html: dieSvg(v, true, tr("dice.die", { n: v })) })), "kept"),
      el("div", { class: "dice-foot" }, [
        el("div", { class: "dice-facts" }, [
          el("span", { class: "turn-total", text: tr("play.turn_total", { n: number(view.turn_total) }) }),
          // while dice are to be kept from the roll, none are to be rolled yet
          view.phase === "keep" ? null : el("span", { text: tr("play.dice_to_roll", { n: view.dice_to_roll }) }),
        ]),
        picker,
      ]),
    ])));
  }

  function toggleDie(index) {
    const data = P.data;
    if (!data || !data.your_turn || movesBlocked()) return;
    const at = P.dice.indexOf(index);
    if (at >= 0) P.dice.splice(at, 1);
    else P.dice.push(index);
    renderDice(data);
    renderMoves(data);
  }

  // ---- the hand --------------------------------------------------------------------------------

  // The width of a hand tile that fits the hand's row (upright: twice as high).
  function handTileWidth(count) {
    const block = $("hand-block");
    const room = Math.max(200, block.clientWidth - 8);
    const portrait = window.innerHeight > window.innerWidth;
    const most = portrait ? Math.min(68, window.innerHeight * 0.055) : Math.min(60, window.innerHeight * 0.075);
    const fit = (room - 10 * Math.max(0, count - 1)) / Math.max(1, count) - 8;
    return Math.max(48, Math.min(most, fit)); // a touch target; a long hand wraps
  }

  function renderHand(data) {
    const block = $("hand-block");
    const hand = data.view.hand;
    block.hidden = !hand;
    if (!hand) {
      if ($("hand").firstChild) $("hand").replaceChildren();
      P.keys.hand = null;
      return;
    }
    const blocked = movesBlocked() || !data.your_turn;
    const playable = new Set(blocked ? [] : data.moves.map((m) => m.tile).filter(Boolean));
    const width = Math.round(handTileWidth(hand.length));
    const key = [lang, hand.join(), [...playable].join(), data.seat, Boolean(data.pictures), P.selected, width, data.your_turn].join("|");
    if (P.keys.hand === key) return;
    P.keys.hand = key;
    $("hand").style.setProperty("--tile-w", `${width}px`);
    $("hand-label").textContent = isSoloHuman(data.seat) ? tr("play.hand") : tr("play.hand_of", { who: seatName(data.seat) });
    keepingPlace($("hand"), () => $("hand").replaceChildren(...hand.map((tile) => {
      if (playable.has(tile)) {
        const chosen = P.selected === tile;
        return el("button", {
          type: "button", class: "tile playable" + (chosen ? " chosen" : ""), "data-tile": tile,
          "data-focus": "tile:" + tile,
          "aria-pressed": String(chosen), "aria-label": tr("play.tile_choose", { tile }),
          onclick: () => chooseTile(tile),
        }, [tilePicture(tile, data.pictures, null)]);
      }
      // a tile that cannot be played now is a picture, not a control
      return tileNode(tile, data.pictures, data.your_turn ? "idle" : "");
    })));
  }

  function chooseTile(tile) {
    const data = P.data;
    if (!data || !data.your_turn || movesBlocked()) return;
    P.selected = P.selected === tile ? null : tile;
    P.keys.hand = null;
    P.keys.moves = null;
    renderHand(data);
    renderTargets(data);
    renderMoves(data);
    if (!keyboardUsed) return;
    // the keyboard goes on to the places the tile may go
    const target = P.selected ? document.querySelector("#table .target") : null;
    const again = document.querySelector(`#hand [data-tile="${tile}"]`);
    if (target) target.focus();
    else if (again) again.focus();
  }

  // ---- the moves --------------------------------------------------------------------------------

  function moveParts(move, data) {
    const view = data.view;
    switch (move.kind) {
      case "play": {
        if (!view.line || view.line.length === 0) return { word: tr("move.lead") };
        const open = view.ends ? view.ends[move.end === "L" ? 0 : 1] : null;
        return {
          word: endName(move.end), badge: open === null ? null : String(open),
          end: move.end, // coloured like that end's mark on the table
        };
      }
      case "place":
        return { word: tr("move.path", { n: move.path }), sub: tr("move." + move.side), side: move.side };
      case "reveal": return { word: tr("move.reveal") };
      case "draw": return { word: tr("move.draw"), wide: true };
      case "pass": return { word: tr("move.pass"), wide: true };
      case "roll": return { word: tr("move.roll", { n: view.dice_to_roll }), wide: true };
      case "bank": return { word: tr("move.bank", { n: number(view.turn_total) }), wide: true };
      case "keep": return { word: move.points === undefined ? tr("move.keep") : "+" + number(move.points), dice: move.dice };
      default: return { word: move.move };
    }
  }

  function movesBlocked() {
    return P.busy || Boolean(P.awaiting) || offline || Boolean(P.data && (P.data.break || P.data.fault));
  }

  function renderMoves(data) {
    const blocked = movesBlocked();
    $("play").dataset.ready = data.your_turn && !blocked ? "1" : "0";
    const keep = data.family === "dice" ? chosenKeep(data) : null;
    const key = [lang, data.version, data.seat, data.legal_moves.join(","), blocked, Boolean(data.pictures),
      P.selected, keep ? keep.move : ""].join("|");
    if (P.keys.moves === key) return;
    P.keys.moves = key;
    const block = $("moves-block");
    block.classList.toggle("waiting", !data.your_turn);
    $("moves-label").textContent = data.your_turn ? tr("play.moves") : (data.is_over ? "" : tr("play.wait"));
    $("moves").dataset.kind = data.moves.length && data.moves.every((m) => m.kind === "keep") ? "keep" : "";
    keepingPlace($("moves"), () => $("moves").replaceChildren(...data.moves.map((move) => {
      const parts = moveParts(move, data);
      const picture = move.tile ? el("span", { class: "move-tile" }, [tilePicture(move.tile, data.pictures, null)])
        : parts.dice ? el("span", { class: "move-dice", html: parts.dice.map((v) => dieSvg(v, true, null)).join("") }) : null;
      const chosen = (P.selected && move.tile === P.selected) || (keep && keep.move === move.move);
      return el("button", {
        type: "button", class: "move " + move.kind + (parts.wide ? " wide" : "")
          + (parts.end ? " end-" + parts.end : "") + (chosen ? " chosen" : ""),
        "data-move": move.move, "data-kind": move.kind, "data-focus": "move:" + move.move, disabled: blocked,
        "aria-label": moveLabel(move, data),
        onclick: () => playMove(move.move),
      }, [
        picture,
        el("span", { class: "move-words" }, [
          el("span", { class: "move-word", text: parts.word }),
          parts.sub ? el("span", { class: "move-sub", text: parts.sub }) : null,
          parts.badge ? el("span", { class: "move-badge", text: parts.badge }) : null,
        ]),
      ]);
    })));
  }

  function renderLog(data) {
    const cut = logCut(data);
    const key = [lang, data.seat, P.logLength, cut].join("|");
    if (P.keys.log === key) return;
    P.keys.log = key;
    const shown = cut === null ? P.log : P.log.slice(0, cut);
    const start = Math.max(0, shown.length - 12);
    const items = [];
    for (let i = start; i < shown.length; i += 1) {
      items.push(el("li", { class: "ev", "data-kind": shown[i].kind, text: describe(shown[i], data.family, shown[i - 1]) }));
    }
    $("log").replaceChildren(...items);
    trimLog();
  }

  // The lines the log's box cannot hold go, oldest first: no line is shown cut.
  function trimLog() {
    const log = $("log");
    const top = log.getBoundingClientRect().top;
    while (log.children.length > 1 && log.firstElementChild.getBoundingClientRect().top < top - 0.5) {
      log.firstElementChild.remove();
    }
  }

  // While a round's window is up, the log ends with that round: where the
  // next round's deal begins (null: the whole log).
  function logCut(data) {
    const ended = windowRound(data);
    if (!ended) return null;
    let seen = 0;
    for (let i = 0; i < P.log.length; i += 1) {
      if (P.log[i].kind === "round_end") seen += 1;
      if (seen >= ended.round && P.log[i].kind === "deal") return i;
    }
    return null;
  }

  function renderTimer() {
    const data = P.data;
    const node = $("timer");
    const clock = data && !data.is_over && !data.break ? data.timer : null;
    node.hidden = !clock;
    if (!clock) return;
    const left = Math.max(0, clock.remaining - (performance.now() - P.receivedAt) / 1000);
    const shown = Math.ceil(left);
    node.dataset.remaining = left.toFixed(1);
    node.dataset.seat = String(clock.seat);
    node.classList.toggle("low", left <= 5);
    node.classList.toggle("mine", clock.seat === data.seat);
    const text = tr("timer.seconds", { n: shown });
    if ($("timer-number").textContent !== text) $("timer-number").textContent = text;
    node.setAttribute("aria-label", tr("play.timer_of", { who: seatName(clock.seat) }));
    $("timer-fill").style.width = `${Math.min(100, (100 * left) / clock.seconds).toFixed(1)}%`;
  }

  // ---- moves ------------------------------------------------------------------------------------

  async function playMove(notation) {
    const data = P.data;
    if (!data || !data.your_turn || movesBlocked() || !data.legal_moves.includes(notation)) return;
    const stored = P.stored;
    const gen = P.gen;
    P.busy = true;
    renderPlay();
    // The version makes a repeated request harmless: if the first one got
    // through before the server fell, the second is refused as stale.
    const body = { move: notation, version: data.version };
    const answer = await untilAnswered(
      () => request("POST", tablePath(stored, "/moves"), body, stored.tokens[String(stored.seat)]),
      () => gen === P.gen);
    P.busy = false;
    if (gen !== P.gen) return;
    if (answer.status === 200) P.awaiting = answer.body.version;
    else if (answer.status === 422) toast(tr("play.refused"));
    else if (answer.status === 409 && answer.body && answer.body.error === "round_break") toast(tr("play.in_break"));
    clearChoices();
    kick();
    if (P.data) renderPlay();
  }

  // ---- overlays: the round's end, the game's end, the curtain ------------------------------

  // The ended round whose window is up now, or null: the round of a break
  // (the table waits for the people to go on), or the game's last round until
  // the person has seen it.
  function windowRound(data) {
    const stored = P.stored;
    if (!data || !stored) return null;
    const rounds = data.rounds || [];
    if (data.break) return rounds.find((r) => r.round === data.break.round) || null;
    if (!("break" in data)) {
      // a server without breaks: every round's window until Continue
      return rounds.length > (stored.seenRounds || 0) ? rounds[rounds.length - 1] : null;
    }
    if (data.is_over && rounds.length > (stored.seenRounds || 0)) return rounds[rounds.length - 1];
    return null;
  }

  function refreshOverlays() {
    const data = P.data;
    const stored = P.stored;
    const roundNode = $("round-overlay");
    const endNode = $("end-overlay");
    const curtain = $("curtain");
    if (!data || !stored) {
      roundNode.hidden = endNode.hidden = true;
      syncModal();
      return;
    }
    const rounds = data.rounds || [];
    const ended = windowRound(data);
    if (data.break) P.breakRound = data.break.round;
    else if (P.breakRound) {
      // the break ended (everybody went on, or its time ran out): the window goes
      P.breakRound = 0;
      if (!data.is_over && stored.seenRounds !== rounds.length) {
        stored.seenRounds = rounds.length;
        storeTable();
      }
    }
    if ("break" in data && !data.break && !data.is_over && (stored.seenRounds || 0) < rounds.length) {
      stored.seenRounds = rounds.length; // rounds gone on from while this page was away
      storeTable();
    }
    if (ended) {
      const opening = roundNode.hidden;
      showRound(ended, data);
      roundNode.hidden = false;
      endNode.hidden = true;
      curtain.hidden = true;
      document.body.classList.remove("curtained");
      syncModal(opening ? $("round-continue") : null);
      return;
    }
    roundNode.hidden = true;
    if (data.is_over) {
      const opening = endNode.hidden;
      showEnd(data);
      endNode.hidden = false;
      curtain.hidden = true;
      document.body.classList.remove("curtained");
      syncModal(opening ? $("end-new-game") : null);
      return;
    }
    endNode.hidden = true;
    const next = data.to_move;
    const behind = humanSeats().length > 1 && next !== null && next !== stored.seat && String(next) in stored.tokens;
    if (behind) {
      $("curtain-title").textContent = tr("curtain.title", { who: seatName(next) });
      curtain.dataset.seat = String(next);
    }
    const opening = behind && curtain.hidden;
    curtain.hidden = !behind;
    document.body.classList.toggle("curtained", behind);
    syncModal(opening ? $("curtain-show") : null);
  }

  // While a window is up, the page behind it is inert (no focus, no taps,
  // not read out); ``first`` takes the focus when the window opens.
  function syncModal(first) {
    const open = ["curtain", "round-overlay", "end-overlay", "confirm"].some((id) => !$(id).hidden);
    for (const id of ["bar", "screens"]) {
      if (open) $(id).setAttribute("inert", "");
      else $(id).removeAttribute("inert");
    }
    if (first && !first.disabled) first.focus();
  }

  function scoreList(scores, winners) {
    return scores.map((score, side) => el("div", {
      class: "final-score" + (winners && winners.includes(side) ? " winner" : ""), "data-side": side,
    }, [
      el("span", { class: "score-name", text: sideName(side) }),
      el("span", { class: "score-points", text: number(score) }),
    ]));
  }

  function showRound(round, data) {
    $("round-title").textContent = tr("round.title", { n: round.round });
    $("round-reason").textContent = roundReason(round, data.family);
    $("round-reason").hidden = !$("round-reason").textContent;
    const pips = round.pips || null;
    const caminos = data.family === "caminos";
    const humans = humanSeats();
    const key = [lang, round.round, data.pictures ? "p" : ""].join("|");
    if (P.keys.round !== key) {
      P.keys.round = key;
      $("round-hands").replaceChildren(...round.hands.map((hand, seat) => el("div", { class: "round-hand", "data-seat": seat }, [
        el("span", { class: "round-seat", text: seatName(seat) + (humans.length === 1 && humans[0] === seat ? " · " + tr("seat.you") : "") }),
        el("span", { class: "round-tiles" }, hand.length
          ? hand.map((tile) => tileNode(tile, data.pictures, "small"))
          : [el("span", { class: "round-none", text: tr("round.none") })]),
        caminos ? el("span", { class: "round-pips", "data-testid": "round-count", text: tr("play.tiles", { n: hand.length }) })
          : pips ? el("span", { class: "round-pips", "data-testid": "round-pips", "data-pips": pips[seat], text: tr("round.pips", { n: number(pips[seat]) }) }) : null,
      ])));
      let lines = [];
      if (round.counting && round.counting.length) {
        lines = round.counting.map((step) => {
          const text = countingStep(step);
          return text ? el("li", { "data-key": step.key, class: step.key === "muggins_each_seat" ? "sub" : null, text }) : null;
        }).filter(Boolean);
      }
      // the points scored, as the events tell them
      const scored = round.events.filter((ev) => ev.kind === "score")
        .map((ev) => el("li", { "data-kind": ev.kind, class: "scored", text: describe(ev, data.family) }));
      const all = lines.concat(scored);
      $("round-points").replaceChildren(...(all.length ? all : [el("li", { text: tr("round.no_points") })]));
      $("round-scores").replaceChildren(...scoreList(round.scores, null));
    }
    // the break: who is still to go on, and how long it may last
    const brk = data.break && data.break.round === round.round ? data.break : null;
    const mine = brk ? brk.waiting.filter((seat) => String(seat) in P.stored.tokens) : [];
    const others = brk ? brk.waiting.filter((seat) => !(String(seat) in P.stored.tokens)) : [];
    const button = $("round-continue");
    button.hidden = Boolean(brk) && mine.length === 0;
    button.disabled = P.busy;
    renderBreakClock();
    $("round-wait").dataset.others = others.join(",");
  }

  // The words under a break's window: who it waits for and the seconds left.
  function renderBreakClock() {
    const data = P.data;
    const node = $("round-wait");
    const brk = data && data.break ? data.break : null;
    if (!brk || $("round-overlay").hidden) {
      node.hidden = true;
      return;
    }
    const mine = brk.waiting.filter((seat) => String(seat) in P.stored.tokens);
    const others = brk.waiting.filter((seat) => !(String(seat) in P.stored.tokens));
    const parts = [];
    if (mine.length === 0 && others.length) parts.push(tr("round.waiting_for", { who: listOf(others.map(seatName)) }));
    if (brk.seconds !== null && brk.seconds !== undefined) {
      const left = Math.max(0, Math.ceil(brk.seconds - (performance.now() - P.receivedAt) / 1000));
      node.dataset.seconds = String(left);
      parts.push(tr("round.next_in", { n: left }));
    } else {
      delete node.dataset.seconds;
    }
    const text = parts.join(" · ");
    node.hidden = !text;
    if (node.textContent !== text) node.textContent = text;
  }

  // Continue on a round's end: during a break, every seat this screen holds
  // says it has seen the round; the game's last round only closes its window.
  async function continueRound() {
    const data = P.data;
    const stored = P.stored;
    if (!data || !stored || P.busy) return;
    if (!data.break) {
      stored.seenRounds = (data.rounds || []).length;
      storeTable();
      refreshOverlays();
      return;
    }
    const round = data.break.round;
    const gen = P.gen;
    P.busy = true;
    $("round-continue").disabled = true;
    for (const token of Object.values(stored.tokens)) {
      await untilAnswered(() => request("POST", tablePath(stored, "/continue"), { round }, token),
        () => gen === P.gen);
    }
    P.busy = false;
    if (gen !== P.gen) return;
    $("round-continue").disabled = false;
    kick();
  }

  function showEnd(data) {
    const humans = humanSeats();
    const winners = data.winners;
    const won = (seat) => winners.includes(data.seats[seat].side);
    const winnerNames = listOf(winners.map(sideName));
    const plural = winners.length > 1;
    let text;
    if (humans.length === 1) {
      const seat = humans[0];
      const team = isTeam(data.seats[seat].side);
      if (won(seat)) text = plural && !team ? tr("end.you_share") : tr(team ? "end.team_win" : "end.you_win");
      else if (winners.length) text = tr(team ? "end.team_lose" : (plural ? "end.you_lose_shared" : "end.you_lose"), { who: winnerNames });
      else text = tr("play.over");
    } else if (winners.length === 1) text = tr("end.wins", { who: winnerNames });
    else if (winners.length > 1) text = tr("end.share", { who: winnerNames });
    else text = tr("play.over");
    $("end-winner").textContent = text;
    $("end-winner").dataset.outcome = humans.length === 1 ? (won(humans[0]) ? "won" : "lost") : "";
    const people = $("end-people");
    people.hidden = humans.length < 2;
    people.replaceChildren(...(humans.length < 2 ? [] : humans.map((seat) => el("li", {
      class: won(seat) ? "won" : "lost", "data-seat": seat, "data-outcome": won(seat) ? "won" : "lost",
      text: tr(won(seat) ? "end.person_won" : "end.person_lost", { who: seatName(seat) }),
    }))));
    $("end-rematch").hidden = isWatching();
    $("end-error").hidden = true;
    $("end-scores").replaceChildren(...scoreList(data.scores, winners).sort((a, b) =>
      data.scores[Number(b.dataset.side)] - data.scores[Number(a.dataset.side)]));
  }

  function showCurtainSeat() {
    const seat = Number($("curtain").dataset.seat);
    if (!P.stored || !(String(seat) in P.stored.tokens)) return;
    P.stored.seat = seat;
    storeTable();
    $("curtain").hidden = true;
    document.body.classList.remove("curtained");
    syncModal();
    // Nothing of the previous seat's view stays on screen: read the new seat's.
    P.gen += 1;
    P.data = null;
    P.log = [];
    P.logLength = 0;
    P.keys = {};
    P.awaiting = 0;
    clearChoices();
    $("hand").replaceChildren();
    $("moves").replaceChildren();
    $("log").replaceChildren();
    $("play").dataset.ready = "0";
    if (P.abort) P.abort.abort();
    pollLoop(P.gen);
  }

  // ---- the keyboard -------------------------------------------------------------------------------

  // Whether the person uses the keyboard (then the focus follows what the
  // page redraws); a tap or a click sets it back.
  let keyboardUsed = false;

  function trapFocus(event) {
    if (event.key !== "Tab") return;
    const open = ["confirm", "round-overlay", "end-overlay", "curtain"].map($).find((node) => !node.hidden);
    if (!open) return;
    const focusable = [...open.querySelectorAll("button:not([disabled]):not([hidden])")].filter((b) => b.offsetParent !== null);
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!open.contains(document.activeElement)) {
      event.preventDefault();
      first.focus();
    } else if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  // After a move the page's buttons are new: a keyboard user's focus goes on
  // to the first thing to do (a hand tile or a move) when it is their turn.
  function refocus() {
    if (!keyboardUsed || !P.data || document.body.dataset.screen !== "play") return;
    const active = document.activeElement;
    if (active && active !== document.body && document.body.contains(active)) return;
    if (["curtain", "round-overlay", "end-overlay", "confirm"].some((id) => !$(id).hidden)) return;
    const first = document.querySelector("#hand button, #table button, #moves button:not([disabled])");
    if (first) first.focus();
  }

  // ---- wiring -------------------------------------------------------------------------------------

  function wire() {
    for (const button of document.querySelectorAll("[data-lang]")) {
      button.addEventListener("click", () => setLanguage(button.dataset.lang));
    }
    $("start").addEventListener("click", start);
    $("new-game").addEventListener("click", () => {
      if (P.data && P.data.is_over) abandonTable();
      else {
        $("confirm").hidden = false;
        syncModal($("confirm-no"));
      }
    });
    $("confirm-no").addEventListener("click", () => {
      $("confirm").hidden = true;
      syncModal();
      $("new-game").focus();
    });
    $("confirm-yes").addEventListener("click", () => { $("confirm").hidden = true; syncModal(); abandonTable(); });
    $("round-continue").addEventListener("click", continueRound);
    $("end-new-game").addEventListener("click", abandonTable);
    $("end-rematch").addEventListener("click", rematch);
    $("curtain-show").addEventListener("click", showCurtainSeat);
    document.addEventListener("keydown", (event) => {
      if (["Tab", "Enter", " ", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(event.key)) keyboardUsed = true;
      trapFocus(event);
    }, true);
    document.addEventListener("pointerdown", () => { keyboardUsed = false; }, true);
    // A kiosk: no context menu on a long press, no pinch zoom.
    document.addEventListener("contextmenu", (event) => event.preventDefault());
    document.addEventListener("gesturestart", (event) => event.preventDefault());
    setInterval(() => {
      renderTimer();
      renderBreakClock();
      refocus();
    }, 250);
    if (window.ResizeObserver) {
      let pending = null;
      new ResizeObserver(() => {
        clearTimeout(pending);
        pending = setTimeout(() => {
          const data = P.data;
          if (!data || data.spectator) return;
          // The hand is drawn again only if its tiles' size changed (its key
          // holds the size): equal tiles are not swapped for new ones. The
          // log is: it shows as many lines as its new height holds.
          P.keys.log = null;
          renderHand(data);
          renderLog(data);
          if (data.family === "dice") return;
          const box = tableBox(data.family);
          if (box && (!P.box || box.w !== P.box.w || box.h !== P.box.h)) kick();
          else renderTargets(data);
        }, 150);
      }).observe($("table"));
    }
  }

  // A link the page was opened by: /watch/ID#CODE or /join/ID#CODE, else null.
  function linkOf(place) {
    const path = /^\/(watch|join)\/([0-9A-Za-z_-]{1,64})$/.exec(place.pathname);
    const code = place.hash.slice(1);
    if (!path || !/^[0-9A-Za-z]{1,64}$/.test(code)) return null;
    return { kind: path[1], id: path[2], code };
  }

  function boot() {
    wire();
    setLanguage(lang);
    const link = linkOf(location);
    if (link && link.kind === "watch") {
      openTable({ id: link.id, tokens: {}, seat: null, watch: link.code, seenRounds: 0, seenTimedOut: 0 });
      loadMenu();
      return;
    }
    const stored = load(TABLE_KEY);
    if (link && !(stored && stored.id === link.id)) {
      joinTable(link.id, link.code);
      loadMenu();
      return;
    }
    // an invitation this screen used already: its table, as after a reload
    if (link) history.replaceState(null, "", "/" + location.search);
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
