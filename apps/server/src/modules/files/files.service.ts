import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { allOptionsOf, INCIDENT_OPTION, MAX_ID, UPLOAD_MAX_FILES } from '@shop/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../../env.ts';
import { AppError, invalidField, notFound } from '../../http/app-error.ts';
import type { Visitor } from '../cart/cart.service.ts';
import { isOfferedBy } from '../catalog/catalog-snapshot.ts';
import { hasOpenIncident } from '../incidents/incidents.repository.ts';
import type { Session } from '../session/session.service.ts';
import { ALLOWED_TYPES, type AllowedType, safeFileName, sniffType } from './file-type.ts';
import {
  deleteStaleUploads,
  type FileRow,
  findFile,
  insertUploadsCapped,
  isOrderOwnedBy,
  isQuoteOwnedBy,
  itemProduct,
  type Requester,
  uploadedBytesByAddress,
  uploadedBytesBySession,
} from './files.repository.ts';
import type { FileStorage } from './storage.ts';

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

type Owner = { quoteId: number } | { orderId: string };

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

const ID = /^[1-9]\d{0,9}$/;

const bad = invalidField;

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

export function createFilesService(
  app: FastifyInstance,
  storage: FileStorage,
  limits: UploadLimits,
): FilesService {
  const db = app.db;
  const requester = ({ session }: Visitor): Requester => ({
    sessionId: session.id,
    customerId: session.customerId,
  });

  /**
   * The owner of the upload: without an id, the session's open quote (created if
   * needed, so a wizard can upload before its first item); a quote id of the
   * session's open quote while the item is in the cart; an order id of the
   * session or its customer afterwards. Anything else is "not found".
   */
  async function ownerOf(visitor: Visitor, target: string | undefined): Promise<[Owner, Session]> {
    const { session } = visitor;
    if (target === undefined || target === '') {
      const open = await app.cart.openQuote(visitor);
      return [{ quoteId: open.quoteId }, open.session];
    }
    if (!ID.test(target)) throw bad('order_id', 'invalid_id');
    const asNumber = Number(target);
    if (
      asNumber <= MAX_ID &&
      asNumber === session.quoteId &&
      (await isQuoteOwnedBy(db, asNumber, requester(visitor)))
    ) {
      return [{ quoteId: asNumber }, session];
    }
    if (await isOrderOwnedBy(db, target, requester(visitor))) return [{ orderId: target }, session];
    throw notFound();
  }

  /** The file options a field may name: the item's product's, else those of any product the store sells. */
  async function fileOptionIds({ store }: Visitor, productId: number | null): Promise<Set<number>> {
    const catalog = await app.catalog.snapshot();
    const ids = new Set<number>();
    for (const product of catalog.products.values()) {
      if (!product.definition) continue;
      if (productId === null ? !isOfferedBy(product.row, store.id) : product.row.id !== productId) continue;
      for (const option of allOptionsOf(product.definition))
        if (option.type === 'file') ids.add(option.option_id);
    }
    return ids;
  }

  async function checkFields(visitor: Visitor, owner: Owner, fields: Map<string, string>) {
    const optionId = fields.get('option_id');
    if (optionId === undefined || optionId === '') throw bad('option_id', 'required');
    if (!ID.test(optionId) || Number(optionId) > MAX_ID) throw bad('option_id', 'invalid_id');
    const itemId = fields.get('item_id');
    // The incident form's files: for an order whose incident waits for the customer's form.
    if (
      Number(optionId) === INCIDENT_OPTION.files &&
      'orderId' in owner &&
      (itemId === undefined || itemId === '') &&
      (await hasOpenIncident(db, owner.orderId))
    ) {
      return { optionId: INCIDENT_OPTION.files, itemId: null };
    }
    let productId: number | null = null;
    if (itemId !== undefined && itemId !== '') {
      if (!ID.test(itemId) || Number(itemId) > MAX_ID) throw bad('item_id', 'invalid_id');
      productId = await itemProduct(db, owner, Number(itemId));
      if (productId === null) throw bad('item_id', 'invalid_id');
    }
    if (!(await fileOptionIds(visitor, productId)).has(Number(optionId)))
      throw bad('option_id', 'invalid_option');
    return { optionId: Number(optionId), itemId: itemId ? Number(itemId) : null };
  }

  return {
    async upload(visitor, target, parts, clientAddress) {
      // The whole body first: a malformed or oversized one is refused before anything is written.
      const { fields, files } = await receive(parts);
      const [owner, session] = await ownerOf(visitor, target);
      const { optionId, itemId } = await checkFields(visitor, owner, fields);

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
