import type { AppDb } from '../client.ts';
import { seedReference } from './reference.ts';

/** Seeds reference data, stores and the product catalogue. Idempotent. */
export async function seed(db: AppDb): Promise<void> {
  await seedReference(db);
}
