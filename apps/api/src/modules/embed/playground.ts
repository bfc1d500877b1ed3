import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { notFoundHandler } from '../../http/error-handler';
import { packageRoot } from '../../paths';
import { exampleChannels, exampleTitles } from './queries';

/** Where the playground is served (docs/decisions/036-embed-playground.md). */
export const PLAYGROUND_PATH = '/embed/playground/';

/** The page, its script and styles: static files beside this module (no inline script, a strict CSP). */
const ASSETS = join(packageRoot, 'src', 'modules', 'embed', 'playground');

const SDK_BUILD = join('dist', 'embed-player.global.js');

/**
 * The SDK's script-tag build in the workspace package (`pnpm --filter @kadr/embed-player build`). A
 * deployment without the package's folder (docs/deployment.md names what it needs) gets a path that
 * does not exist: the page then says the SDK is not built, the api still starts.
 */
export function embedPlayerScript(): string {
  try {
    const pkg = createRequire(import.meta.url).resolve('@kadr/embed-player/package.json');
    return join(dirname(pkg), SDK_BUILD);
  } catch {
    return join(packageRoot, 'node_modules', '@kadr', 'embed-player', SDK_BUILD);
  }
}

/** A catalogue item the page offers as a config to try. */
export interface PlaygroundExample {
  /** The config's path, e.g. `/embed/v1/config/film/42.json`. */
  path: string;
  label: string;
}

/**
 * A few published films, a series and a channel, as the config routes would serve them (routes.ts):
 * titles with a vendor, a channel whose title (if any) has one.
 */
export async function playgroundExamples(db: Db): Promise<PlaygroundExample[]> {
  const titles = await exampleTitles(db);
  const channels = await exampleChannels(db);
  return [
    ...titles.map(({ id, type, title }) =>
      type === 'film'
        ? { path: `/embed/v1/config/film/${id}.json`, label: `Фильм: ${title}` }
        : { path: `/embed/v1/config/series/${id}.json`, label: `Сериал: ${title}` },
    ),
    ...channels.map(({ id, name }) => ({
      path: `/embed/v1/config/channel/${id}.json`,
      label: `Канал: ${name}`,
    })),
  ];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page with the catalogue's examples, the first one filled in, and the notice when the SDK is not built. */
export function playgroundPage(template: string, examples: PlaygroundExample[], sdkBuilt: boolean): string {
  const options = examples
    .map(({ path, label }) => `<option value="${escapeHtml(path)}">${escapeHtml(label)}</option>`)
    .join('');
  return template
    .replace('<!--examples-->', options || '<option value="">Каталог пуст: введите адрес сами</option>')
    .replace('{{configUrl}}', escapeHtml(examples[0]?.path ?? '/embed/v1/config/film/1.json'))
    .replace('id="sdk-missing" hidden', sdkBuilt ? 'id="sdk-missing" hidden' : 'id="sdk-missing"');
}

/**
 * The embed playground (docs/decisions/036): a page where a partner tries every command of
 * @kadr/embed-player and sees every event its frame sends. A development tool, registered with the
 * sandbox providers (off in production unless SANDBOX_PROVIDERS). Nothing here is cached for long:
 * the page, its script and the SDK change with every build.
 */
export const embedPlaygroundRoutes: FastifyPluginAsync<{ db: Db; sdkScript: string }> = async (
  app,
  { db, sdkScript },
) => {
  const hidden = { schema: { hide: true } };
  const template = readFileSync(join(ASSETS, 'index.html'), 'utf8');
  const assets = {
    'playground.js': {
      type: 'text/javascript; charset=utf-8',
      body: readFileSync(join(ASSETS, 'playground.js')),
    },
    'playground.css': { type: 'text/css; charset=utf-8', body: readFileSync(join(ASSETS, 'playground.css')) },
  };
  const fresh = (reply: FastifyReply) => reply.header('cache-control', 'no-cache');

  app.get(PLAYGROUND_PATH.slice(0, -1), hidden, async (_request, reply) =>
    reply.redirect(PLAYGROUND_PATH, 302),
  );
  app.get(PLAYGROUND_PATH, hidden, async (_request, reply) =>
    fresh(reply)
      .type('text/html; charset=utf-8')
      .send(playgroundPage(template, await playgroundExamples(db), existsSync(sdkScript))),
  );
  for (const [name, { type, body }] of Object.entries(assets))
    app.get(`${PLAYGROUND_PATH}${name}`, hidden, async (_request, reply) =>
      fresh(reply).type(type).send(body),
    );

  // The SDK as it is built now (read per request: a rebuild shows without restarting the api), and its
  // source map beside it under the name the script's sourceMappingURL gives.
  // Not built: the usual 404 (the page says what to run).
  const sdk = (file: string, type: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (!existsSync(file)) return notFoundHandler(request, reply);
    return fresh(reply).type(type).send(readFileSync(file));
  };
  app.get(
    `${PLAYGROUND_PATH}embed-player.global.js`,
    hidden,
    sdk(sdkScript, 'text/javascript; charset=utf-8'),
  );
  app.get(
    `${PLAYGROUND_PATH}embed-player.global.js.map`,
    hidden,
    sdk(`${sdkScript}.map`, 'application/json; charset=utf-8'),
  );
};
