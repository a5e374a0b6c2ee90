import * as z from 'zod/mini';
import { toFieldErrors } from '../schemas/messages.ts';

/** The field errors of a parse as 'path: code' strings ([] when valid); for tests. */
export function errorsOf(schema: z.ZodMiniType, input: unknown): string[] {
  const result = z.safeParse(schema, input);
  return result.success ? [] : toFieldErrors(result.error.issues).map((e) => `${e.path}: ${e.message}`);
}
