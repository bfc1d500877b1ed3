import { PGlite } from '@electric-sql/pglite';
import { readFileSync, mkdtempSync } from 'node:fs';
import { randomUUID, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os'; import { join } from 'node:path';
const db = new PGlite(join(mkdtempSync(join(tmpdir(), 'pgm-')), 'db')); await db.waitReady;
for (const s of readFileSync('drizzle/0000_init.sql', 'utf8').split('--> statement-breakpoint')) await db.exec(s);
const src = readFileSync('/tmp/kadr-perf/micro.mjs', 'utf8'); const FULL = src.slice(src.indexOf('`') + 1, src.indexOf('`;'));
const NOLOCK = FULL.replace('for key share of p', '');
const args = (k) => { const d = Array.from({ length: k }, (_, i) => `web_x${Math.floor(Math.random() * 1000)}`); return [d, d.map(() => randomUUID()), d.map(() => randomBytes(32).toString('hex')), new Date().toISOString()]; };
for (let i = 0; i < 40; i++) await db.query(FULL, args(50));
const ONLY2 = `with input as (select * from unnest($1::varchar[], $2::uuid[], $3::varchar[]) as t(device_uid, session_id, hash)),
opened as (insert into sessions (id, profile_id, device_uid, created_at) select i.session_id, 1, i.device_uid, $4::timestamptz from input i returning id),
stored as (insert into refresh_tokens (hash, session_id, created_at) select i.hash, i.session_id, $4::timestamptz from input i join opened o on o.id = i.session_id)
select id from opened`;
const ONLY1 = `insert into sessions (id, profile_id, device_uid, created_at) select s, 1, d, $4::timestamptz from unnest($1::varchar[], $2::uuid[], $3::varchar[]) as t(d, s, h)`;
const SEL = `select d.device_uid, d.profile_id from devices d join profiles p on p.id = d.profile_id where d.device_uid = any($1::varchar[]) and $2::uuid[] is not null and $3::varchar[] is not null and $4::timestamptz is not null`;
for (const [name, q] of [['full', FULL], ['nolock', NOLOCK], ['sessions+tokens', ONLY2], ['sessions only', ONLY1], ['select', SEL], ['full', FULL]]) {
  for (const k of [1, 50]) {
    const N = k === 1 ? 300 : 60; const t = performance.now();
    for (let i = 0; i < N; i++) await db.query(q, args(k));
    const ms = (performance.now() - t) / N; console.log(name.padEnd(16), k, ms.toFixed(2), 'ms/stmt', (ms / k * 1000).toFixed(0), 'us/row');
  }
}
