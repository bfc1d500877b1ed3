import { sql } from 'drizzle-orm';
import { it } from 'vitest';
import { createDatabase } from '../../db/client';
import { candidateQuery, lookupWords, type ReadingPlan } from './queries';
import { queryVariants } from './query-variants';
import { planOf, questionsOf } from './service';

const url = process.env.SCRATCH_PG_URL;
it.skipIf(!url)(
  'explains',
  async () => {
    const database = await createDatabase({ databaseUrl: url, dataDir: '' });
    for (const q of (process.env.SCRATCH_QUERIES ?? 'тих').split('|')) {
      const variants = queryVariants(q);
      const lookups = await lookupWords(database.db, questionsOf(variants));
      const plans = variants.map((v) => planOf(v, lookups)).filter((p): p is ReadingPlan => p !== null);
      if (plans.length === 0) {
        console.log(`=== ${q}: no plans`);
        continue;
      }
      const r = (await database.db.execute(
        sql`explain (analyze, buffers) ${candidateQuery(plans)}`,
      )) as unknown as { rows: Array<Record<string, string>> };
      console.log(`=== ${q}\n${r.rows.map((x) => x['QUERY PLAN'].slice(0, 200)).join('\n')}`);
    }
    await database.close();
  },
  300_000,
);
