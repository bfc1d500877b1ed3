import pg from 'pg';
import { it } from 'vitest';
import { queriesFrom } from '../../../../../bench/lib/generate-catalogue';
import { createDatabase } from '../../db/client';
import { findCandidates, lookupWords, type ReadingPlan } from './queries';
import { queryVariants } from './query-variants';
import { planOf, questionsOf, rank } from './service';

const url = process.env.SCRATCH_PG_URL;
it.skipIf(!url)(
  'profiles',
  async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query(
      "select title from contents where key like 'bench-%' order by md5(key) limit 300",
    );
    await c.end();
    const queries = queriesFrom(rows.map((r: { title: string }) => r.title)).slice(0, 600);
    const database = await createDatabase({ databaseUrl: url, dataDir: '' });
    const t = { lookup: 0, main: 0, js: 0, plan: 0 };
    let cands = 0;
    const slow: Array<[number, string]> = [];
    for (const q of queries) {
      const t0 = performance.now();
      const variants = queryVariants(q);
      const lookups = await lookupWords(database.db, questionsOf(variants));
      const t1 = performance.now();
      const plans = variants.map((v) => planOf(v, lookups)).filter((p): p is ReadingPlan => p !== null);
      const t2 = performance.now();
      const candidates = plans.length ? await findCandidates(database.db, plans) : [];
      const t3 = performance.now();
      rank(candidates, variants);
      const t4 = performance.now();
      t.lookup += t1 - t0;
      t.plan += t2 - t1;
      t.main += t3 - t2;
      t.js += t4 - t3;
      cands += candidates.length;
      slow.push([t4 - t0, q]);
    }
    const n = queries.length;
    console.log(
      `per query: lookup ${(t.lookup / n).toFixed(2)} plan ${(t.plan / n).toFixed(2)} main ${(t.main / n).toFixed(2)} rank ${(t.js / n).toFixed(2)} ms; candidates ${(cands / n).toFixed(0)}`,
    );
    console.log(
      slow
        .sort((a, b) => b[0] - a[0])
        .slice(0, 12)
        .map(([ms, q]) => `${ms.toFixed(1)} ${q}`)
        .join('\n'),
    );
    await database.close();
  },
  300_000,
);
