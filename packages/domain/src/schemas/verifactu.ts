import * as z from 'zod/mini';

/**
 * VERI*FACTU in the back office (/admin/api/verifactu/*): the answer to
 * re-sending a rejected record as a subsanación (a new record in the chain).
 */
export const VerifactuResendAnswerSchema = z.object({
  ok: z.literal(true),
  record: z.object({
    id: z.number(),
    seq: z.number(),
    num_serie: z.string(),
    status: z.string(),
    corrects_record_id: z.nullable(z.number()),
  }),
});
export type VerifactuResendAnswer = z.infer<typeof VerifactuResendAnswerSchema>;
