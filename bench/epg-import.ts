// The XMLTV guide import (issue 13, `epg:import`) on a generated guide of 100 channels × 7 days, into
// PostgreSQL, beside reading and checking the file alone (docs/decisions/030-xmltv-import.md):
// - reading alone (saxes stream, checks, per-channel guides) beside saxes alone with every event
//   ignored (the floor) — each in a child process of its own, so its peak memory is its own; also a
//   provider-sized file of 600 channels of which 100 are kept;
// - the import into a fresh PostgreSQL database (127.0.0.1:5432) holding the 100 channels: first
//   (every programme new), again (nothing changes), and an updated file (every start 5 minutes later:
//   every programme replaced);
// - the command itself (`node apps/api/dist/epg-import.js`, process start and migrations check included).
// Run after `pnpm --filter @kadr/api run build`: node bench/epg-import.ts
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client as PgClient } from 'pg';
import type * as Api from '../apps/api/src/exports.ts';
import { freshPostgres } from '../e2e/support/postgres.ts';
import { prng } from './lib/generate-catalogue.ts';
import { table, writeSection } from './lib/report.ts';

const CHANNELS = Number(process.env.BENCH_EPG_CHANNELS ?? 100);
const PROVIDER_CHANNELS = Number(process.env.BENCH_EPG_PROVIDER_CHANNELS ?? 600);
const DAYS = 7;
const root = join(import.meta.dirname, '..');
const api = (await import(pathToFileURL(join(root, 'apps/api/dist/app.js')).href)) as typeof Api;

const xmltvId = (i: number) => `ch${String(i).padStart(3, '0')}.bench.kadr.tv`;

/** What a reading child reports. */
interface Reading {
  ms: number;
  /** CPU of the reading alone (user + system). */
  cpuS: number;
  read: number;
  heapMb: number;
  maxRssMb: number;
}

/** Child modes: read one file, report on stdout. `--bare`: saxes alone, every event ignored (the floor). */
if (process.argv[2] === '--read' || process.argv[2] === '--bare') {
  const [, , mode, file, keepCount] = process.argv;
  const cpu = process.cpuUsage();
  const started = performance.now();
  let read = 0;
  if (mode === '--bare') {
    const { SaxesParser } = await import(
      pathToFileURL(join(root, 'apps/api/node_modules/saxes/saxes.js')).href
    );
    const parser = new SaxesParser({ xmlns: false, position: true });
    parser.on('opentag', () => {});
    parser.on('text', () => {});
    const decoder = new TextDecoder('utf-8', { fatal: true });
    for await (const chunk of createReadStream(file!, { highWaterMark: 256 * 1024 }))
      parser.write(decoder.decode(chunk, { stream: true }));
    parser.close();
  } else {
    const keep = new Set(Array.from({ length: Number(keepCount) }, (_, i) => xmltvId(i)));
    const result = await api.readGuide(file!, (id) => keep.has(id));
    read = result.file.programmes.length;
    globalThis.gc?.();
    // Held until the heap is measured.
    if (result.guides.length === 0) read = -1;
  }
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const reading: Reading = {
    ms,
    cpuS: (used.user + used.system) / 1e6,
    read,
    heapMb: process.memoryUsage().heapUsed / 2 ** 20,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(JSON.stringify(reading));
  process.exit(0);
}

const TITLES = [
  'Новости',
  'Утро на Кадре',
  'Ёлки-палки',
  'Большой эфир',
  'Тёмные аллеи',
  'Всё о здоровье',
  'Футбол. Чемпионат России',
  'Вечерний разговор',
  'Мультфильмы',
  'Док. кино',
];
const WORDS =
  'съёмочная группа проехала весь север страны чтобы рассказать о людях которые живут там где зимой солнце не встаёт над горизонтом ещё неделю'.split(
    ' ',
  );

/** Writes a guide of `channels` channels × DAYS days from 2030-01-13 (Moscow time), 15–120 minute programmes. */
async function writeGuide(path: string, channels: number, shiftMinutes = 0): Promise<number> {
  const out = createWriteStream(path);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const pad = (n: number) => String(n).padStart(2, '0');
  const xmltvTime = (ms: number) => {
    const d = new Date(ms + 3 * 3600_000);
    return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}00 +0300`;
  };
  await write(
    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE tv SYSTEM "xmltv.dtd">\n<tv generator-info-name="kadr-bench">\n',
  );
  for (let c = 0; c < channels; c++)
    await write(
      `  <channel id="${xmltvId(c)}">\n    <display-name lang="ru">Канал ${c + 1}</display-name>\n  </channel>\n`,
    );
  const from = Date.parse('2030-01-13T00:00:00+03:00') + shiftMinutes * 60_000;
  const to = from + DAYS * 86_400_000;
  let count = 0;
  for (let c = 0; c < channels; c++) {
    const random = prng(c + 1);
    for (let t = from; t < to; ) {
      const stop = t + (15 + Math.floor(random() * 22) * 5) * 60_000;
      const words = Array.from(
        { length: 25 + Math.floor(random() * 15) },
        () => WORDS[Math.floor(random() * WORDS.length)],
      );
      await write(
        `  <programme start="${xmltvTime(t)}" stop="${xmltvTime(stop)}" channel="${xmltvId(c)}">\n` +
          `    <title lang="ru">${TITLES[Math.floor(random() * TITLES.length)]}</title>\n` +
          `    <desc lang="ru">${words.join(' ')}.</desc>\n` +
          `    <category lang="ru">Познавательное</category>\n` +
          `    <icon src="https://img.kadr.example/epg/${c}/${count}.jpg"/>\n` +
          '  </programme>\n',
      );
      count++;
      t = stop;
    }
  }
  await write('</tv>\n');
  out.end();
  await once(out, 'finish');
  return count;
}

const dir = mkdtempSync(join(tmpdir(), 'kadr-bench-epg-'));
const guide = join(dir, 'guide.xml');
const updated = join(dir, 'guide-updated.xml');
const provider = join(dir, 'provider.xml');
const programmes = await writeGuide(guide, CHANNELS);
await writeGuide(updated, CHANNELS, 5);
const providerProgrammes = await writeGuide(provider, PROVIDER_CHANNELS);
const mb = (path: string) => (statSync(path).size / 2 ** 20).toFixed(1);
const load = [loadavg()[0]!.toFixed(2)];

function readInChild(file: string, keep: number | 'bare'): Reading {
  const args = keep === 'bare' ? ['--bare', file] : ['--read', file, String(keep)];
  const run = spawnSync(process.execPath, ['--expose-gc', import.meta.filename, ...args], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Reading;
}

const rows: (string | number)[][] = [];
const readRow = (what: string, file: string, keep: number | 'bare') => {
  const r = readInChild(file, keep);
  console.log(what, r);
  rows.push([
    what,
    mb(file),
    keep === 'bare' ? '' : r.read,
    (r.ms / 1000).toFixed(2),
    r.cpuS.toFixed(2),
    '',
    Math.round(r.heapMb),
    Math.round(r.maxRssMb),
  ]);
  return r;
};
readRow(`saxes alone, events ignored (the floor): ${CHANNELS} channels × ${DAYS} days`, guide, 'bare');
const readSmall = readRow(`read and check alone: ${CHANNELS} channels × ${DAYS} days`, guide, CHANNELS);
readRow(
  `saxes alone, events ignored (the floor): ${PROVIDER_CHANNELS} channels × ${DAYS} days`,
  provider,
  'bare',
);
const readSome = readRow(
  `read and check alone: ${PROVIDER_CHANNELS} channels × ${DAYS} days, texts of ${CHANNELS} kept`,
  provider,
  CHANNELS,
);
const readAll = readRow(
  `read and check alone: ${PROVIDER_CHANNELS} channels × ${DAYS} days, texts of all kept`,
  provider,
  PROVIDER_CHANNELS,
);

/** CPU seconds the database's client backends have used so far (/proc, ticks of 10 ms). */
async function backendCpuSeconds(client: PgClient): Promise<number> {
  const { rows: backends } = await client.query(
    `select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  );
  let ticks = 0;
  for (const { pid } of backends) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // a backend that ended meanwhile, or a database on another machine: not counted
    }
  }
  return ticks / 100;
}

let firstImport: { cpu: number; pgCpu: number } | undefined;
const pg = await freshPostgres('kadr_bench_epg');
if (!pg) {
  console.log('PostgreSQL does not answer at 127.0.0.1:5432: only the reading rows');
} else {
  const database = await api.createDatabase({ databaseUrl: pg.url, dataDir: '' });
  const client = new PgClient({ connectionString: pg.url });
  try {
    await api.migrateDatabase(database);
    await client.connect();
    await client.query(
      `insert into channels (key, name, logo_url, search_text, xmltv_id)
       select 'bench-' || i, 'Канал ' || (i + 1), '/media/images/channels/x.svg', 'канал',
              'ch' || lpad(i::text, 3, '0') || '.bench.kadr.tv'
       from generate_series(0, $1::int - 1) as i`,
      [CHANNELS],
    );
    const importRow = async (what: string, file: string) => {
      const cpu = process.cpuUsage();
      const pgBefore = await backendCpuSeconds(client);
      const summary = await api.importGuideFile(database.db, file, { now: new Date('2030-01-15T12:00:00Z') });
      const used = process.cpuUsage(cpu);
      const pgCpu = (await backendCpuSeconds(client)) - pgBefore;
      const p = summary.programmes;
      console.log(what, p, Math.round(summary.durationMs), 'ms');
      firstImport ??= { cpu: (used.user + used.system) / 1e6, pgCpu };
      rows.push([
        `${what}: ${p.created} new, ${p.updated} updated, ${p.unchanged} unchanged, ${p.deleted} deleted`,
        mb(file),
        summary.imported.reduce((n, c) => n + c.programmes, 0),
        (summary.durationMs / 1000).toFixed(2),
        ((used.user + used.system) / 1e6).toFixed(2),
        pgCpu.toFixed(2),
        '',
        '',
      ]);
    };
    await importRow('import into PostgreSQL, first', guide);
    await importRow('import again, the same file', guide);
    await importRow('import the updated file (every start 5 min later)', updated);
    const started = performance.now();
    const cli = spawnSync(process.execPath, [join(root, 'apps/api/dist/epg-import.js'), updated], {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: pg.url, NODE_ENV: 'production' },
    });
    if (cli.status !== 0) throw new Error(cli.stderr);
    console.log(
      cli.stdout
        .split('\n')
        .filter((l) => !l.includes('channels:'))
        .join('\n'),
    );
    rows.push([
      'the command, the updated file again (`node apps/api/dist/epg-import.js`, process start included)',
      mb(updated),
      programmes,
      ((performance.now() - started) / 1000).toFixed(2),
      '',
      '',
      '',
      '',
    ]);
  } finally {
    await client.end().catch(() => {});
    await database.close();
    await pg.drop();
  }
}
rmSync(dir, { recursive: true, force: true });
load.push(loadavg()[0]!.toFixed(2));

const importCpu = firstImport
  ? ` The first import used ${firstImport.cpu.toFixed(2)} CPU s here (reading included) and ${firstImport.pgCpu.toFixed(2)} in PostgreSQL.`
  : '';
writeSection(
  'epg-import',
  'XMLTV guide import (bench/epg-import.ts)',
  `Method: \`node bench/epg-import.ts\` (after \`pnpm --filter @kadr/api run build\`). Generated guides,
Moscow time (+0300), 7 days from 2030-01-13, programmes of 15–120 minutes each with a Russian title,
a description of 25–40 words, a category and an icon: ${CHANNELS} channels (${programmes} programmes)
and a provider-sized file of ${PROVIDER_CHANNELS} channels (${providerProgrammes} programmes).
Reading rows, each in a child process of its own: \`readGuide\` from the built bundle (the saxes
stream, every check, the per-channel guides), beside saxes alone on the same file with every event
ignored; heap after a GC with the result still held, and the child's peak RSS. Import rows:
\`importGuideFile\` into a fresh PostgreSQL database on 127.0.0.1:5432 holding ${CHANNELS} channels with
their xmltv_id (reading included, one transaction); CPU of this process and of the database's
backends. Load average (1 min) ${load[0]} before, ${load[1]} after: the 2 cores are shared with other
sessions, so wall times move with their load; CPU times much less.

${table(['what', 'file MB', 'programmes', 'wall s', 'CPU s', 'PostgreSQL CPU s', 'heap MB', 'peak RSS MB'], rows)}

Reading ${CHANNELS} channels: ${readSmall.cpuS.toFixed(2)} CPU s.${importCpu} The heap follows the programmes kept more than the file: ${Math.round(readSome.heapMb)} MB with the texts of ${CHANNELS} of ${PROVIDER_CHANNELS} channels kept, ${Math.round(readAll.heapMb)} MB with all of them (the others' times stay, for the overlap check), ${Math.round(readSmall.heapMb)} MB for the ${CHANNELS}-channel file.`,
);
