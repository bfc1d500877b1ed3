import pg from 'pg';

/** The local PostgreSQL server the journeys and benchmarks use when it answers (trust auth, CI's machine). */
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh PostgreSQL database for one run, or null where no server answers; `drop()` removes it. */
export async function freshPostgres(prefix: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 1000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `${prefix}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
