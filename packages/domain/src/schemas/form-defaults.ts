import * as z from 'zod/mini';

/** An object schema of one of the fixed forms (its `shape` names every field). */
export interface FormSchemaShape {
  shape: Readonly<Record<string, z.ZodMiniType>>;
}

/**
 * The blank form of a form schema, derived from the schema itself: each field's
 * default ('' for text, false for a flag, null for the urgent hours); '' for a
 * field without one (a required text, a choice not made yet); optional fields
 * without a default are left out. What a new visitor and a reset start from.
 */
export function blankForm(schema: FormSchemaShape): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const parsed = z.safeParse(field, undefined);
    if (!parsed.success) form[key] = '';
    else if (parsed.data !== undefined) form[key] = parsed.data;
  }
  return form;
}

/**
 * A form read from somewhere it may have aged or been tampered with (browser
 * storage, a cart item stored before a field existed): the blank form with every
 * field of `raw` that the schema accepts, or that has the blank field's type (a
 * half-typed answer is kept as typed). Unknown fields and values of another type
 * are dropped, so the result always has the form's shape.
 */
export function formFrom(schema: FormSchemaShape, raw: unknown): Record<string, unknown> {
  const form = blankForm(schema);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return form;
  for (const [key, value] of Object.entries(raw)) {
    const field = Object.hasOwn(schema.shape, key) ? schema.shape[key] : undefined;
    if (!field || value === undefined) continue;
    const blank = form[key];
    const sameType = blank !== undefined && blank !== null && typeof value === typeof blank;
    if (sameType || z.safeParse(field, value).success) form[key] = value;
  }
  return form;
}
