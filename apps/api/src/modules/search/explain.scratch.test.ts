import { sql } from 'drizzle-orm';
import { it } from 'vitest';
import { createDatabase } from '../../db/client';
import { candidateQuery, inSearchTransaction, wordNeighbours } from './queries';
import { queryVariants } from './query-variants';
import { alternativesOf, planOf, SearchService } from './service';

const url = process.env.SCRATCH_PG_URL;
it.skipIf(!url)('explains', async () => {
  const database = await createDatabase({ databaseUrl: url, dataDir: '' });
  const queries = (process.env.SCRATCH_QUERIES ?? 'тих').split('|');
  for (const q of queries) {
    const plan = await inSearchTransaction(database.db, async (tx) => {
      const variants = queryVariants(q);
      const words = variants.flatMap((v) => v.text.split(' ')).filter((w) => w.length >= 4);
      const prefix = process.env.SCRATCH_FULL ? 'explain (analyze, buffers) ' : 'explain (analyze, costs off) ';
      const n = (await tx.execute(sql`${sql.raw(prefix)} select q.w, v.word from unnest(array[${sql.join(words.length ? words.map((w) => sql`${w}`) : [sql`'x'`], sql`, `)}]::text[]) q(w) cross join lateral (select word from search_words where word % q.w order by similarity(word, q.w) desc limit 20) v`)) as unknown as { rows: Array<Record<string, string>> };
      const alternatives = alternativesOf(await wordNeighbours(tx, words));
      const r = (await tx.execute(sql`${sql.raw(prefix)} ${candidateQuery(variants.map((v) => planOf(v, alternatives)))}`)) as unknown as { rows: Array<Record<string, string>> };
      return [...n.rows, ...r.rows].map((x) => x['QUERY PLAN']).join('\n');
    });
    if (process.env.SCRATCH_FULL) console.log(`=== ${q}\n${plan}`);
    else console.log(`=== ${q}: ${plan.split('\n').filter((l) => /Index Scan|Execution Time|Seq Scan/i.test(l)).map((l) => l.trim().replace(/\(actual time=[\d.]+\.\./, '(').slice(0, 110)).join(' | ')}`);
  }
  const service = new SearchService(database.db);
  for (const q of queries) {
    const times: number[] = [];
    let n = 0;
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      const r = await service.hints(q);
      times.push(performance.now() - t0);
      n = r[0]?.id === 0 ? 0 : r.length;
      if (i === 0) console.log(q, '→', r.slice(0, 3).map((h) => h.title).join(' / '));
    }
    times.sort((a, b) => a - b);
    console.log(`${q}: median ${times[10]?.toFixed(1)} ms, max ${times[19]?.toFixed(1)} ms, ${n} hits`);
  }
  await database.close();
}, 300_000);
