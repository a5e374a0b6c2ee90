import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { SERVER_DIR } from '../../paths.ts';
import { orderReadyPayload } from './order-ready-push.ts';
import { PUSH_WORKER_FILE } from './push-worker.routes.ts';

const SOURCE = readFileSync(path.join(SERVER_DIR, 'src/modules/push', PUSH_WORKER_FILE), 'utf8');
const SCOPE = 'https://shop.example/app/';

type Handler = (event: Record<string, unknown>) => void;

/** The worker script run in a sandbox with a fake ServiceWorkerGlobalScope; records what it does. */
function loadWorker(windows: { url: string; focused?: boolean }[] = []) {
  const handlers = new Map<string, Handler>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const clients = windows.map((w) => ({ ...w, focus: async () => Object.assign(w, { focused: true }) }));
  const self = {
    location: new URL(`${SCOPE}push-worker.js`),
    registration: {
      scope: SCOPE,
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
    },
    clients: {
      claim: async () => undefined,
      matchAll: async () => clients,
      openWindow: async (url: string) => {
        opened.push(url);
      },
    },
    skipWaiting: () => undefined,
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
  };
  runInNewContext(SOURCE, { self, URL });
  /** Fires an event and waits for what it handed to waitUntil. */
  const fire = async (type: string, event: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = [];
    handlers.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  return { handlers, shown, opened, fire };
}

const pushData = (text: string) => ({ text: () => text, json: () => JSON.parse(text) });

describe('the push service worker (ADR 031)', () => {
  it('listens to install, activate, push and notificationclick only (no fetch handler)', () => {
    expect([...loadWorker().handlers.keys()].sort()).toEqual([
      'activate',
      'install',
      'notificationclick',
      'push',
    ]);
  });

  it.each(['es', 'pt', 'en'] as const)('shows the server’s payload as written (%s)', async (language) => {
    const payload = orderReadyPayload(language, '1400000007', '/app');
    const worker = loadWorker();
    await worker.fire('push', { data: pushData(payload) });
    expect(worker.shown).toHaveLength(1);
    const parsed = JSON.parse(payload);
    expect(worker.shown[0]?.title).toBe(parsed.title);
    if (language === 'es') {
      expect(worker.shown[0]?.title).toBe('Tu pedido 1400000007 está listo');
      expect(worker.shown[0]?.options.body).toBe('Ya puedes descargar tu documento en Mis pedidos.');
    }
    expect(worker.shown[0]?.options).toMatchObject({
      body: parsed.body,
      tag: 'order-1400000007',
      data: { url: 'https://shop.example/app/customer/orders' },
    });
  });

  it('a push without JSON still shows a notification (the text as its body)', async () => {
    const worker = loadWorker();
    await worker.fire('push', { data: pushData('hola') });
    expect(worker.shown[0]).toMatchObject({ title: 'shop.example', options: { body: 'hola' } });
  });

  it('a click opens the order page; an open tab on it is focused instead', async () => {
    let closed = false;
    const notification = {
      data: { url: 'https://shop.example/app/customer/orders' },
      close: () => {
        closed = true;
      },
    };
    const fresh = loadWorker([{ url: 'https://shop.example/app/servicios' }]);
    await fresh.fire('notificationclick', { notification });
    expect(closed).toBe(true);
    expect(fresh.opened).toEqual(['https://shop.example/app/customer/orders']);

    const tab = { url: 'https://shop.example/app/customer/orders', focused: false };
    const open = loadWorker([tab]);
    await open.fire('notificationclick', { notification });
    expect(open.opened).toEqual([]);
    expect(tab.focused).toBe(true);
  });

  it('never opens another origin: a foreign url opens the shop instead', async () => {
    const worker = loadWorker();
    await worker.fire('push', {
      data: pushData(JSON.stringify({ title: 't', body: 'b', url: 'https://evil.example/x' })),
    });
    expect(worker.shown[0]?.options.data).toEqual({ url: SCOPE });
  });
});
