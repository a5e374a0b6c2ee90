import { CONSENT_WAIT_MS, type ConsentChoice, consentModeOf, type RuntimeConfig } from '@shop/domain';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** The analytics host's loader (Google tag). */
export const GTAG_SRC = 'https://www.googletagmanager.com/gtag/js';
/** The pseudonymous visitor id (spec 3 storage keys), written only with the tracking consent. */
export const PSEUDO_USER_KEY = 'pseudoUserId';

/** gtag() as Google documents it: it queues its `arguments` in window.dataLayer. */
export function gtag(..._args: unknown[]): void {
  window.dataLayer ??= [];
  // biome-ignore lint/complexity/noArguments: gtag's queue holds Arguments objects, not arrays
  window.dataLayer.push(arguments);
}

/** The tag ids of a store: its analytics account, its tag id list and its optimize id (spec 3). */
export function tagIdsOf(
  config: Pick<RuntimeConfig, 'analytics_account' | 'tag_ids' | 'optimize_id'>,
): string[] {
  return [...new Set([config.analytics_account, ...config.tag_ids, config.optimize_id])].filter(
    (id): id is string => typeof id === 'string' && /^[A-Z]{1,4}-[A-Z0-9-]{4,20}$/i.test(id),
  );
}

let defaultsSet = false;
let loaded = false;

/** Consent Mode v2 defaults: everything denied, gtag waits 500 ms for an update (spec 9). */
export function setConsentDefaults(): void {
  if (defaultsSet) return;
  defaultsSet = true;
  gtag('consent', 'default', { ...consentModeOf(null), wait_for_update: CONSENT_WAIT_MS });
}

function pseudoUserId(): string {
  try {
    let id = localStorage.getItem(PSEUDO_USER_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(PSEUDO_USER_KEY, id);
    }
    return id;
  } catch {
    return '';
  }
}

/**
 * Applies the visitor's choice: the consent update, and with tracking or
 * targeting granted the Google tag itself (never before). The script loads
 * asynchronously; an unreachable host only fires its error event: the shop
 * works the same.
 */
export function applyConsent(config: RuntimeConfig, choice: ConsentChoice): void {
  setConsentDefaults();
  gtag('consent', 'update', consentModeOf(choice));
  const ids = tagIdsOf(config);
  if (loaded || ids.length === 0 || !(choice.tracking || choice.targeting)) return;
  loaded = true;
  const userId = choice.tracking ? pseudoUserId() : '';
  gtag('js', new Date());
  for (const id of ids) gtag('config', id, { send_page_view: false, ...(userId ? { user_id: userId } : {}) });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${GTAG_SRC}?id=${encodeURIComponent(ids[0] ?? '')}`;
  script.addEventListener('error', () => script.remove());
  document.head.append(script);
}

/** True once the tag was loaded (tracking or targeting consent). */
export function isAnalyticsOn(): boolean {
  return loaded;
}
