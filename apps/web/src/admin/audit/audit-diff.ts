import { create } from 'jsondiffpatch';
import { format } from 'jsondiffpatch/formatters/jsonpatch';

/** One change between an audit entry's before and after, in the log's words. */
export interface Change {
  path: string;
  kind: 'añadido' | 'quitado' | 'cambiado' | 'movido';
  before?: unknown;
  after?: unknown;
}

// Array items are matched by their ids (options, values, order items), so a
// reordered or inserted option reads as such, not as every later one changed.
const differ = create({
  objectHash: (item: object, index?: number) => {
    const o = item as { option_id?: unknown; id?: unknown };
    return String(o.option_id ?? o.id ?? `#${index}`);
  },
  arrays: { detectMove: true },
});

/** The value at a JSON pointer (RFC 6901) of `root`. */
function at(root: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], root);
}

/** A pointer as the log shows it: '/options/2/price' -> 'options › 2 › price'. */
const readable = (pointer: string) => pointer.split('/').slice(1).join(' › ') || '(todo)';

/** What changed from `before` to `after` (jsondiffpatch, as JSON Patch operations), one line each. */
export function changesOf(before: unknown, after: unknown): Change[] {
  const delta = differ.diff(before, after);
  if (!delta) return [];
  return format(delta).map((op): Change => {
    switch (op.op) {
      case 'add':
        return { path: readable(op.path), kind: 'añadido', after: op.value };
      case 'remove':
        return { path: readable(op.path), kind: 'quitado', before: at(before, op.path) };
      case 'replace':
        return { path: readable(op.path), kind: 'cambiado', before: at(before, op.path), after: op.value };
      default:
        return { path: `${readable(op.from)} → ${readable(op.path)}`, kind: 'movido' };
    }
  });
}

/** A value for a cell: text as is, anything else as compact JSON. */
export const shown = (value: unknown): string =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
