/** What the form schemas' cross-field checks share: how they add an issue, and when they run (internal to the schemas, not exported from the package). */
export type Ctx = { value: unknown; issues: unknown[] };
const pathOf = (issue: unknown) => (issue as { path?: PropertyKey[] }).path;
/** Adds a form-level issue, unless the field already has one (a wrong type, too long). */
export function issue(ctx: Ctx, path: string, message: string): void {
  if (ctx.issues.some((i) => pathOf(i)?.length === 1 && pathOf(i)?.[0] === path)) return;
  ctx.issues.push({ code: 'custom', message, path: [path], input: ctx.value });
}
/** Blank, or not text at all (a field whose own check failed). */
export const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/**
 * The form-level rules run even when a field's own check failed, so one answer
 * lists every problem (a Nota Simple with a blank address and a blank known
 * owner reports both). They then see the raw input: `blank` and `issue` cope.
 */
export const everyObject = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
};
