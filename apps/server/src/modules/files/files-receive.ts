/** Reading a multipart upload's body: its fields and files, sniffed, before anything is stored. */

import type { Multipart } from '@fastify/multipart';
import { UPLOAD_MAX_FILES } from '@shop/domain';
import { AppError, invalidField as bad } from '../../http/app-error.ts';
import { type AllowedType, sniffType } from './file-type.ts';

/** One file of a multipart upload, read and sniffed, not stored yet. */
interface ReceivedFile {
  bytes: Buffer;
  type: AllowedType;
  filename: string;
}

/**
 * What @fastify/multipart and busboy raise while a body is read: its limits
 * (413) and malformed bodies (no boundary, a truncated part, a bad header: 400).
 * Our own AppErrors pass through.
 */
function readError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('too_large', 'fileTooLarge');
  if (code === 'FST_FILES_LIMIT') return new AppError('too_large', 'tooManyFiles');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return bad('', 'too_many');
  return new AppError('invalid_data', 'malformedRequest');
}

/** Reads every part (bounded by the multipart limits: 5 files of 10 MB, 10 small fields) before anything is stored; the back office reads its result documents with it too. */
export async function receive(parts: AsyncIterable<Multipart>) {
  const fields = new Map<string, string>();
  const files: ReceivedFile[] = [];
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields.set(part.fieldname, String(part.value));
        continue;
      }
      if (files.length >= UPLOAD_MAX_FILES) throw new AppError('too_large', 'tooManyFiles');
      // toBuffer() throws FST_REQ_FILE_TOO_LARGE past the fileSize limit (10 MB).
      const bytes = await part.toBuffer();
      const type = sniffType(bytes.subarray(0, 16));
      if (!type) throw new AppError('unsupported', 'fileType');
      files.push({ bytes, type, filename: part.filename });
    }
  } catch (err) {
    throw readError(err);
  }
  if (files.length === 0)
    throw new AppError('invalid_data', 'noFiles', [{ path: 'files', message: 'required' }]);
  return { fields, files };
}
