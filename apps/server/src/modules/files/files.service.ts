import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { allOptionsOf, UPLOAD_MAX_FILES } from '@shop/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../../env.ts';
import { CartError } from '../cart/api-errors.ts';
import { isOfferedBy } from '../catalog/catalog-snapshot.ts';
import { requireSession } from '../session/session.service.ts';
import { ALLOWED_TYPES, type AllowedType, safeFileName, sniffType } from './file-type.ts';
import {
  countUploads,
  type FileRow,
  findFile,
  insertFiles,
  isOrderOwnedBy,
  isQuoteOwnedBy,
  itemProduct,
  type NewFile,
  type Requester,
} from './files.repository.ts';
import { type FileStorage, localStorage } from './storage.ts';

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
  /** Stores the files of a multipart upload for the quote or order `target` (pushFilesToPedido). */
  upload(
    request: FastifyRequest,
    target: string | undefined,
    parts: AsyncIterable<Multipart>,
  ): Promise<UploadedFile[]>;
  /** A stored file the request's session owns; 404 otherwise. */
  download(request: FastifyRequest, id: number): Promise<Download>;
}

/** Where stored files live: FILES_DIR, else `${DATA_DIR}/files`. */
export function filesRoot(env: Env): string {
  return env.FILES_DIR ?? path.join(env.DATA_DIR, 'files');
}

type Owner = { quoteId: number } | { orderId: string };

/** Uploads one quote or order may hold: bounds what an anonymous session can store. */
export const MAX_UPLOADS_PER_OWNER = 40;

const MAX_INT = 2_147_483_647;
const ID = /^[1-9]\d{0,14}$/;

const bad = (path: string, message: string) => new CartError(400, 'validation', [{ path, message }]);

/** Multipart limits raised by @fastify/multipart while the parts are read. */
function limitError(err: unknown): CartError | null {
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new CartError(413, 'file_too_large');
  if (code === 'FST_FILES_LIMIT') return new CartError(413, 'too_many_files');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return bad('', 'too_many');
  return null;
}

export function createFilesService(app: FastifyInstance, storage: FileStorage): FilesService {
  const db = app.db;
  const requester = (request: FastifyRequest): Requester => {
    const { session } = requireSession(request);
    return { sessionId: session.id, customerId: session.customerId };
  };

  /**
   * The owner of the upload: without an id, the session's open quote (created if
   * needed, so a wizard can upload before its first item); a quote id of the
   * session's open quote while the item is in the cart; an order id of the
   * session or its customer afterwards. Anything else is "not found".
   */
  async function ownerOf(request: FastifyRequest, target: string | undefined): Promise<Owner> {
    const { session } = requireSession(request);
    if (target === undefined || target === '') return { quoteId: await app.cart.openQuote(request) };
    if (!ID.test(target)) throw bad('order_id', 'invalid_id');
    const asNumber = Number(target);
    if (
      asNumber <= MAX_INT &&
      asNumber === session.quoteId &&
      (await isQuoteOwnedBy(db, asNumber, requester(request)))
    ) {
      return { quoteId: asNumber };
    }
    if (await isOrderOwnedBy(db, target, requester(request))) return { orderId: target };
    throw new CartError(404, 'not_found');
  }

  /** The file options a field may name: the item's product's, else those of any product the store sells. */
  async function fileOptionIds(request: FastifyRequest, productId: number | null): Promise<Set<number>> {
    const { store } = requireSession(request);
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

  async function checkFields(request: FastifyRequest, owner: Owner, fields: Map<string, string>) {
    const optionId = fields.get('option_id');
    if (optionId === undefined || optionId === '') throw bad('option_id', 'required');
    if (!ID.test(optionId) || Number(optionId) > MAX_INT) throw bad('option_id', 'invalid_id');
    const itemId = fields.get('item_id');
    let productId: number | null = null;
    if (itemId !== undefined && itemId !== '') {
      if (!ID.test(itemId) || Number(itemId) > MAX_INT) throw bad('item_id', 'invalid_id');
      productId = await itemProduct(db, owner, Number(itemId));
      if (productId === null) throw bad('item_id', 'invalid_id');
    }
    if (!(await fileOptionIds(request, productId)).has(Number(optionId)))
      throw bad('option_id', 'invalid_option');
    return { optionId: Number(optionId), itemId: itemId ? Number(itemId) : null };
  }

  return {
    async upload(request, target, parts) {
      const owner = await ownerOf(request, target);
      const held = await countUploads(db, owner);
      const fields = new Map<string, string>();
      const stored: (Omit<NewFile, 'optionId' | 'itemId'> & { storageKey: string })[] = [];
      try {
        for await (const part of parts) {
          if (part.type === 'field') {
            fields.set(part.fieldname, String(part.value));
            continue;
          }
          if (stored.length >= UPLOAD_MAX_FILES) throw new CartError(413, 'too_many_files');
          if (held + stored.length >= MAX_UPLOADS_PER_OWNER) throw new CartError(413, 'owner_file_limit');
          // toBuffer() throws FST_REQ_FILE_TOO_LARGE past the fileSize limit (10 MB): nothing is kept.
          const bytes = await part.toBuffer();
          const type = sniffType(bytes.subarray(0, 16));
          if (!type) throw new CartError(415, 'file_type');
          const storageKey = `uploads/${randomUUID()}`;
          await storage.put(storageKey, bytes);
          stored.push({
            storageKey,
            originalName: safeFileName(part.filename, type),
            contentType: type,
            sizeBytes: bytes.length,
            sha256: createHash('sha256').update(bytes).digest('hex'),
            kind: 'upload',
            ...('quoteId' in owner ? { quoteId: owner.quoteId } : { orderId: owner.orderId }),
          });
        }
        if (stored.length === 0)
          throw new CartError(400, 'no_files', [{ path: 'files', message: 'required' }]);
        const { optionId, itemId } = await checkFields(request, owner, fields);
        const rows = await insertFiles(
          db,
          stored.map((file) => ({ ...file, optionId, itemId })),
        );
        return rows.map((row: FileRow) => ({
          id: row.id,
          name: row.originalName,
          size: row.sizeBytes,
          content_type: row.contentType,
        }));
      } catch (err) {
        // All or nothing: bytes already written for this request go too.
        await Promise.all(stored.map((file) => storage.delete(file.storageKey).catch(() => {})));
        throw limitError(err) ?? err;
      }
    },

    async download(request, id) {
      const file = await findFile(db, id);
      const who = requester(request);
      const owned =
        file !== null &&
        ((file.quoteId !== null && (await isQuoteOwnedBy(db, file.quoteId, who))) ||
          (file.orderId !== null && (await isOrderOwnedBy(db, file.orderId, who))));
      if (!file || !owned || !(ALLOWED_TYPES as readonly string[]).includes(file.contentType)) {
        throw new CartError(404, 'not_found');
      }
      const stream = await storage.get(file.storageKey);
      if (!stream) {
        request.log.error({ fileId: id }, 'stored file has no bytes');
        throw new CartError(404, 'not_found');
      }
      return {
        stream,
        name: file.originalName,
        contentType: file.contentType as AllowedType,
        size: file.sizeBytes,
      };
    },
  };
}

/** The file storage (local folder under FILES_DIR) and the upload service. */
export const filesPlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    app.decorate('files', createFilesService(app, localStorage(filesRoot(env))));
  },
  { name: 'files', dependencies: ['database', 'catalog', 'sessions', 'cart'] },
);
