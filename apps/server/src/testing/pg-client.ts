import pg from 'pg';

/** Runs `run` on one new connection to `url` (a maintenance or test database), then closes it. */
export async function withPgClient<T>(
  url: string | undefined,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
