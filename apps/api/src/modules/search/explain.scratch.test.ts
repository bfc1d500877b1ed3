import { sql } from 'drizzle-orm';
import { it } from 'vitest';
import { createDatabase } from '../../db/client';
import { candidateQuery, setFuzzyThreshold } from './queries';
import { queryVariants } from './query-variants';
import { SearchService } from './service';

const url = process.env.SCRATCH_PG_URL;
it.skipIf(!url)('explains', async () => {
  const database = await createDatabase({ databaseUrl: url, dataDir: '' });
  const queries = (process.env.SCRATCH_QUERIES ?? 'тих|зимнее пут|зимнее путешествие чести|сибирскй сосед|vjhcrfz|morskaya semya|ничего такого нет|при|дом').split('|');
  for (const q of queries) {
    const plan = await database.db.transaction(async (tx) => {
      await setFuzzyThreshold(tx);
      const r = (await tx.execute(sql`explain (analyze, buffers, costs off) ${candidateQuery(queryVariants(q))}`)) as unknown as { rows: Array<Record<string, string>> };
      return r.rows.map((x) => x['QUERY PLAN']).join('\n');
    });
    if (process.env.SCRATCH_FULL) console.log(`=== ${q}\n${plan}`);
    else console.log(`=== ${q}: ${plan.split('\n').filter((l) => /Index Scan|Execution Time|Seq Scan|Heap Blocks|rows removed|Rows Removed/i.test(l)).map((l) => l.trim().slice(0, 140)).join(' | ')}`);
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
}, 120_000);
