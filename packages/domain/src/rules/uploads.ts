/** Upload limits of issue 4, shared by the storefront's pre-check and the server: PDF, JPEG, PNG; 10 MB a file. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** Files one upload call may carry. */
export const UPLOAD_MAX_FILES = 5;

/** The accepted media types, and the file name endings the browser may report instead. */
export const UPLOAD_TYPES = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
} as const;

/** What a file input's `accept` attribute lists. */
export const UPLOAD_ACCEPT = Object.entries(UPLOAD_TYPES)
  .flatMap(([type, endings]) => [type, ...endings])
  .join(',');

/** Why a file is refused before it is sent; the i18n key `upload.<reason>` explains it. */
export type UploadProblem = 'too_large' | 'bad_type' | 'empty';

/**
 * The browser-side check of a chosen file: the declared type (or, when the
 * browser gives none, the name's ending) must be PDF, JPEG or PNG, and the size
 * 1 byte to 10 MB. The server checks again from the file's first bytes.
 */
export function checkUploadCandidate(file: {
  name: string;
  type: string;
  size: number;
}): UploadProblem | null {
  const type = file.type.trim().toLowerCase();
  const name = file.name.trim().toLowerCase();
  const known = Object.entries(UPLOAD_TYPES) as [string, readonly string[]][];
  const allowed = type
    ? known.some(([accepted]) => accepted === type)
    : known.some(([, endings]) => endings.some((ending) => name.endsWith(ending)));
  if (!allowed) return 'bad_type';
  if (file.size > UPLOAD_MAX_BYTES) return 'too_large';
  if (file.size <= 0) return 'empty';
  return null;
}

/** A file option's value: the uploaded file ids, comma-separated ('12,13'). */
export function uploadedFileIds(value: string): number[] {
  return value
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
}

/** A byte count as people read it: '850 B', '12 KB', '3,4 MB' (comma decimal, as prices). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}
