import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../../env.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Visitor } from '../cart/cart.service.ts';
import type { Session } from '../session/session.service.ts';
import { ALLOWED_TYPES, type AllowedType, safeFileName } from './file-type.ts';
import {
  deleteStaleUploads,
  type FileRow,
  findFile,
  insertUploadsCapped,
  isOrderOwnedBy,
  isQuoteOwnedBy,
  uploadedBytesByAddress,
  uploadedBytesBySession,
} from './files.repository.ts';
import { receive } from './files-receive.ts';
import type { FileStorage } from './storage.ts';
import { checkFields, ownerOf, requester } from './upload-target.ts';

declare module 'fastify' {
  interface FastifyInstance {
    files: FilesService;
  }
}

/** One stored upload as the answer lists it. */
export interface UploadedFile {
  id: number;
  name: string;
  size: number;
  content_type: string;
}

export interface Download {
  stream: Readable;
  name: string;
  contentType: AllowedType;
  size: number;
}

export interface FilesService {
  /**
   * Stores the files of a multipart upload for the quote or order `target`
   * (pushFilesToPedido); answers them and the session as it is afterwards (an
   * upload before the first item stores the session and its quote).
   */
  upload(
    visitor: Visitor,
    target: string | undefined,
    parts: AsyncIterable<Multipart>,
    clientAddress: string,
  ): Promise<{ files: UploadedFile[]; session: Session }>;
  /** A stored file the session (or its customer) owns; 404 otherwise. */
  download(visitor: Visitor, id: number, log: FastifyBaseLogger): Promise<Download>;
  /** Any stored file, for the back office (the route checks the operator); 404 when it has no bytes. */
  readForOperator(id: number, log: FastifyBaseLogger): Promise<Download>;
  /**
   * Stores bytes the shop itself produced or an operator sent (a result document)
   * and answers the storage key; the caller inserts the `files` row in its own
   * transaction and calls `discard(key)` if that fails.
   */
  putBytes(folder: 'results' | 'documents', data: Buffer): Promise<string>;
  discard(storageKey: string): Promise<void>;
  /** Removes uploads made before `before` that no cart item and no order refers to (rows and bytes); answers how many. */
  removeStaleUploads(before: Date): Promise<number>;
}

/** Where stored files live: FILES_DIR, else `${DATA_DIR}/files`. */
export function filesRoot(env: Pick<Env, 'FILES_DIR' | 'DATA_DIR'>): string {
  return env.FILES_DIR ?? path.join(env.DATA_DIR, 'files');
}

/** Uploads one quote or order may hold: bounds what an anonymous session can store. */
export const MAX_UPLOADS_PER_OWNER = 40;
/**
 * Bounds of what uploads may take: bytes one session may upload in all, bytes one
 * client address may upload in a day, and what must stay free on the files' disk
 * (env UPLOAD_QUOTA_SESSION_BYTES, UPLOAD_QUOTA_ADDRESS_BYTES, UPLOAD_DISK_RESERVE_BYTES).
 */
export interface UploadLimits {
  sessionBytes: number;
  addressBytes: number;
  diskReserveBytes: number;
}

export function createFilesService(
  app: FastifyInstance,
  storage: FileStorage,
  limits: UploadLimits,
): FilesService {
  const db = app.db;
  return {
    async upload(visitor, target, parts, clientAddress) {
      // The whole body first: a malformed or oversized one is refused before anything is written.
      const { fields, files } = await receive(parts);
      const [owner, session] = await ownerOf(app, visitor, target);
      const { optionId, itemId } = await checkFields(app, visitor, owner, fields);

      const incoming = files.reduce((sum, file) => sum + file.bytes.length, 0);
      const [bySession, byAddress] = await Promise.all([
        uploadedBytesBySession(db, session.id),
        uploadedBytesByAddress(db, clientAddress, new Date(Date.now() - 24 * 3600 * 1000)),
      ]);
      if (bySession + incoming > limits.sessionBytes || byAddress + incoming > limits.addressBytes) {
        throw new AppError('throttled', 'uploadQuota');
      }
      const free = await storage.freeBytes();
      if (free !== null && free - incoming < limits.diskReserveBytes)
        throw new AppError('unavailable', 'storageFull');

      const rows = files.map((file) => ({
        storageKey: `uploads/${randomUUID()}`,
        originalName: safeFileName(file.filename, file.type),
        contentType: file.type,
        sizeBytes: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        kind: 'upload' as const,
        optionId,
        sessionId: session.id,
        clientAddress,
        ...('quoteId' in owner
          ? { quoteId: owner.quoteId, quoteItemId: itemId }
          : { orderId: owner.orderId, orderItemId: itemId }),
      }));
      try {
        await Promise.all(
          rows.map((row, i) => storage.put(row.storageKey, files[i]?.bytes ?? Buffer.alloc(0))),
        );
        // The 40-file cap is counted inside the transaction that inserts, holding the owner's row:
        // concurrent uploads to one quote are counted one after the other.
        const inserted = await insertUploadsCapped(db, owner, rows, MAX_UPLOADS_PER_OWNER);
        if (inserted === null) throw new AppError('too_large', 'ownerFileLimit');
        const answer = inserted.map((row: FileRow) => ({
          id: row.id,
          name: row.originalName,
          size: row.sizeBytes,
          content_type: row.contentType,
        }));
        return { files: answer, session };
      } catch (err) {
        // All or nothing: bytes already written for this request go too.
        await Promise.all(rows.map((row) => storage.delete(row.storageKey).catch(() => {})));
        throw err;
      }
    },

    async download(visitor, id, log) {
      const file = await findFile(db, id);
      const who = requester(visitor);
      const owned =
        file !== null &&
        ((file.quoteId !== null && (await isQuoteOwnedBy(db, file.quoteId, who))) ||
          (file.orderId !== null && (await isOrderOwnedBy(db, file.orderId, who))));
      if (!file || !owned || !(ALLOWED_TYPES as readonly string[]).includes(file.contentType)) {
        throw notFound();
      }
      const stream = await storage.get(file.storageKey);
      if (!stream) {
        log.error({ fileId: id }, 'stored file has no bytes');
        throw notFound();
      }
      return {
        stream,
        name: file.originalName,
        contentType: file.contentType as AllowedType,
        size: file.sizeBytes,
      };
    },

    async readForOperator(id, log) {
      const file = await findFile(db, id);
      if (!file) throw notFound();
      const stream = await storage.get(file.storageKey);
      if (!stream) {
        log.error({ fileId: id }, 'stored file has no bytes');
        throw notFound();
      }
      return {
        stream,
        name: file.originalName,
        contentType: file.contentType as AllowedType,
        size: file.sizeBytes,
      };
    },

    async putBytes(folder, data) {
      const key = `${folder}/${randomUUID()}`;
      await storage.put(key, data);
      return key;
    },

    async discard(storageKey) {
      await storage.delete(storageKey).catch(() => {});
    },

    async removeStaleUploads(before) {
      const keys = await deleteStaleUploads(db, before);
      await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
      return keys.length;
    },
  };
}

/** The upload service over the app's file storage (`app.storage`: FILES_DIR or the S3 bucket). */
export const filesPlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    app.decorate(
      'files',
      createFilesService(app, app.storage, {
        sessionBytes: env.UPLOAD_QUOTA_SESSION_BYTES,
        addressBytes: env.UPLOAD_QUOTA_ADDRESS_BYTES,
        diskReserveBytes: env.UPLOAD_DISK_RESERVE_BYTES,
      }),
    );
  },
  { name: 'files', dependencies: ['database', 'catalog', 'sessions', 'cart', 'storage'] },
);
