// The embed playground (docs/decisions/036-embed-playground.md): a player made from the form with the
// SDK's script-tag build (window.KadrEmbedPlayer), every command behind a button, every event in the log,
// the state record after each event, and the partner code that makes the same player. Plain script, no
// framework, no inline code (the page's CSP allows scripts from this origin only).

/**
 * The events `on()` delivers: the frame's (EmbedEvents in packages/embed-player/src/protocol.ts, but
 * `reply`, which the SDK keeps to settle commands) and the SDK's own `ready`.
 */
const EVENTS = [
  'playerinitstart',
  'playerinitend',
  'advertsmodechange',
  'statechange',
  'castavailable',
  'castunavailable',
  'castrequest',
  'caststop',
  'currentprogramme',
  'ready',
];
/** Entries kept in the log (statechange comes often while playing). */
const LOG_LIMIT = 500;
const CONTAINER = 'kadr-player';

const $ = (id) => document.getElementById(id);
/** @type {any} the EmbedPlayer, or null */
let player = null;
/** The page listener that shows the frame's messages `on()` does not deliver (replies, unknown events). */
let rawListener = null;

/** Base64 of a text's UTF-8 bytes, as decodeLightConfig reads it (btoa alone takes Latin-1 only). */
function base64(text) {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const absolute = (url) => new URL(url, location.href).href;

/** `film-42` for `/embed/v1/config/film/42.json` (decision 033's content names), else null. */
function contentName(configUrl) {
  const match = /\/embed\/v1\/config\/(film|series|channel)\/(\d+)\.json$/.exec(configUrl.split('?')[0]);
  return match ? `${match[1]}-${match[2]}` : null;
}

/** Fills the light config's URLs with this api's flag and status for the config's content. */
function fillLight() {
  const name = contentName($('config-url').value.trim());
  const query = name ? `?content=${name}` : '';
  $('vlbeat').value = absolute(`/embed/v1/flag${query}`);
  $('vlunbeat').value = absolute(`/embed/v1/status${query}`);
}

/** The constructor's arguments from the form; throws an Error with a message for the page. */
function readSetup() {
  const configUrl = $('config-url').value.trim();
  if (!configUrl) throw new Error('Укажите адрес конфига.');
  const options = {};
  for (const name of ['messageFlag', 'targetOrigin', 'start', 'placeholder', 'playerUrl']) {
    const value = $(`opt-${name}`).value.trim();
    if (value) options[name] = value;
  }
  for (const name of ['saveStateOnChange', 'useControls', 'castInited', 'muted']) {
    const value = $(`opt-${name}`).value;
    if (value) options[name] = value === 'true';
  }
  for (const name of ['volume', 'commandTimeoutMs']) {
    const value = $(`opt-${name}`).value.trim();
    if (value === '') continue;
    const number = Number(value);
    if (!Number.isFinite(number)) throw new Error(`${name}: нужно число.`);
    options[name] = number;
  }
  const env = $('opt-env').value.trim();
  if (env) {
    let parsed;
    try {
      parsed = JSON.parse(env);
    } catch {
      throw new Error('env: это не JSON.');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error('env: нужен JSON-объект.');
    options.env = parsed;
  }
  let light;
  let lightJson;
  if ($('light-on').checked && $('vlbeat').value.trim()) {
    const config = { vlbeat: $('vlbeat').value.trim() };
    if ($('vlunbeat').value.trim()) config.vlunbeat = $('vlunbeat').value.trim();
    lightJson = JSON.stringify(config);
    light = base64(lightJson);
  }
  return { configUrl: absolute(configUrl), light, lightJson, options };
}

function status(text) {
  $('status').textContent = text;
}

function showState() {
  $('state').textContent = player ? JSON.stringify(player.getState(), null, 2) : 'Плеер не создан.';
}

function log(name, data, note) {
  const item = document.createElement('li');
  const time = document.createElement('time');
  time.textContent = new Date().toISOString().slice(11, 23);
  const event = document.createElement('strong');
  event.textContent = name;
  item.append(time, ' ', event);
  if (note) item.append(` (${note})`);
  const json = JSON.stringify(data);
  if (json !== undefined) {
    const code = document.createElement('code');
    code.textContent = json;
    item.append(' ', code);
  }
  // Follow the newest entry unless the reader scrolled up.
  const region = $('log-region');
  const follow = region.scrollHeight - region.scrollTop - region.clientHeight < 40;
  const list = $('log');
  list.append(item);
  while (list.children.length > LOG_LIMIT) list.firstElementChild.remove();
  if (follow) region.scrollTop = region.scrollHeight;
}

function destroy() {
  if (rawListener) window.removeEventListener('message', rawListener);
  rawListener = null;
  if (player) {
    player.destroy();
    player = null;
    status('Плеер удалён.');
  }
  showState();
}

function create(event) {
  event.preventDefault();
  destroy();
  let setup;
  try {
    setup = readSetup();
    player = new KadrEmbedPlayer.EmbedPlayer(CONTAINER, setup.configUrl, setup.light, setup.options);
  } catch (error) {
    status(`Плеер не создан: ${error.message}`);
    return;
  }
  const current = player;
  for (const name of EVENTS)
    current.on(name, (data) => {
      log(name, data);
      showState();
    });
  // What on() does not deliver, read as the SDK reads it: a message of this player's frame with the flag.
  const flag = current.options.messageFlag;
  rawListener = (message) => {
    const data = message.data;
    if (!current.frame || message.source !== current.frame.contentWindow) return;
    if (typeof data !== 'object' || data === null || data[flag] !== true) return;
    if (typeof data.event !== 'string' || EVENTS.includes(data.event)) return;
    log(
      data.event,
      data.data,
      data.event === 'reply' ? `ответ на команду №${data.replyTo}` : 'не из протокола',
    );
  };
  window.addEventListener('message', rawListener);
  current.ready.then(
    () => status('Кадр готов (ready).'),
    () => undefined,
  );
  status(`Плеер создан: кадр ${current.frame.src}`);
  showState();
}

/** The command buttons: each calls its method with the row's arguments. */
const COMMANDS = {
  play: () => player.play(),
  pause: () => player.pause(),
  setMuted: () => player.setMuted($('arg-muted').checked),
  setVolume: () => player.setVolume(Number($('arg-volume').value)),
  setTime: () => player.setTime(Number($('arg-time').value)),
  setQuality: () => player.setQuality($('arg-quality').value),
  setCaptions: () => player.setCaptions($('arg-captions').value.trim() || null),
  setCaptionsStyle: () => {
    const style = {};
    if ($('arg-captions-color').value.trim()) style.color = $('arg-captions-color').value.trim();
    if ($('arg-captions-background').value.trim())
      style.background = $('arg-captions-background').value.trim();
    if ($('arg-captions-size').value.trim()) style.size = Number($('arg-captions-size').value);
    return player.setCaptionsStyle(style);
  },
  requestFullscreen: () => player.requestFullscreen(),
  exitFullscreen: () => player.exitFullscreen(),
  requestCasting: () => player.requestCasting(),
  castReceiverAction: () => {
    const time = $('arg-cast-time').value.trim();
    return player.castReceiverAction($('arg-cast-action').value, time === '' ? undefined : Number(time));
  },
  stopCasting: () => player.stopCasting(),
  getCurrentProgramme: () => player.getCurrentProgramme(),
  restart: () => player.restart($('arg-restart').value.trim() || undefined),
};

function run(name) {
  const output = document.querySelector(`output[data-for="${name}"]`);
  if (!player) {
    output.textContent = 'Сначала создайте плеер.';
    return;
  }
  output.textContent = 'ждём ответа…';
  let result;
  try {
    result = COMMANDS[name]();
  } catch (error) {
    output.textContent = `ошибка: ${error.message}`;
    return;
  }
  Promise.resolve(result).then(
    (value) => {
      output.textContent = value === undefined ? 'выполнено' : `выполнено: ${JSON.stringify(value)}`;
      showState();
    },
    (error) => {
      output.textContent = `отклонено: ${error.message}`;
    },
  );
}

/** The partner code that makes the player the form describes: npm and script-tag variants. */
function showSnippet() {
  let setup;
  try {
    setup = readSetup();
  } catch (error) {
    $('code-npm').textContent = $('code-script').textContent = `// ${error.message}`;
    return;
  }
  const options = Object.keys(setup.options).length ? JSON.stringify(setup.options, null, 2) : '{}';
  const light = setup.light
    ? `// Лёгкий конфиг, base64 от ${setup.lightJson}\nconst light = '${setup.light}';\n`
    : 'const light = undefined; // без лёгкого конфига\n';
  const body = (make) =>
    `${light}const player = ${make}('${CONTAINER}', ${JSON.stringify(setup.configUrl)}, light, ${options});\n` +
    `player.on('statechange', (state) => console.log(state));\n`;
  $('code-npm').textContent =
    `// <div id="${CONTAINER}" style="width: 640px; height: 360px"></div> на странице\n` +
    `import { EmbedPlayer } from '@kadr/embed-player';\n\n${body('new EmbedPlayer')}`;
  $('code-script').textContent =
    `<div id="${CONTAINER}" style="width: 640px; height: 360px"></div>\n` +
    '<script src="https://unpkg.com/@kadr/embed-player/dist/embed-player.global.js"></script>\n' +
    `<script>\n${body('new KadrEmbedPlayer.EmbedPlayer')
      .split('\n')
      .map((line) => (line ? `  ${line}` : line))
      .join('\n')}</script>`;
}

function start() {
  const sdk = typeof window.KadrEmbedPlayer === 'object';
  if (!sdk) $('sdk-missing').hidden = false;
  $('setup').querySelector('button[type="submit"]').disabled = !sdk;
  $('example').addEventListener('change', () => {
    if (!$('example').value) return;
    $('config-url').value = $('example').value;
    fillLight();
    showSnippet();
  });
  $('config-url').addEventListener('change', fillLight);
  $('setup').addEventListener('input', showSnippet);
  $('setup').addEventListener('change', showSnippet);
  $('setup').addEventListener('submit', create);
  $('destroy').addEventListener('click', destroy);
  $('clear-log').addEventListener('click', () => $('log').replaceChildren());
  for (const button of document.querySelectorAll('button[data-command]'))
    button.addEventListener('click', () => run(button.dataset.command));
  fillLight();
  showSnippet();
}

start();
