/** Upload limits (issue 4): PDF, JPEG, PNG; 10 MB per file. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const ALLOWED_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type AllowedType = (typeof ALLOWED_TYPES)[number];

const EXTENSIONS: Record<AllowedType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/**
 * The real type from the first bytes. The browser's declared type and the file
 * name are not trusted: a renamed HTML file must not be served back as a PDF.
 */
export function sniffType(head: Uint8Array): AllowedType | null {
  const starts = (sig: number[]) => sig.every((b, i) => head[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  return null;
}

export function extensionFor(type: AllowedType): string {
  return EXTENSIONS[type];
}

/** A name safe to put in Content-Disposition: letters, digits, dot, dash, underscore. */
export function safeFileName(original: string, type: AllowedType): string {
  const lastSegment = original.split(/[\\/]/).pop() ?? '';
  const base = lastSegment
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 80);
  return `${base || 'document'}.${extensionFor(type)}`;
}
