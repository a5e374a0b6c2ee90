import { pageHeadOf, pageTitleText } from '@shop/domain';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useConfig } from '../shared/config/config-store.ts';
import { useT } from '../shared/i18n/use-t.ts';

/** The page's `<meta name="description">`, created when the host page has none. */
function setDescription(doc: Document, text: string): void {
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'description';
    doc.head.append(meta);
  }
  meta.content = text;
}

/**
 * Title and meta description of the current route (spec 2 "Page titles"), from
 * the same domain table the server renders the host page with (pageHeadOf).
 * A generic product's page sets its own title (its definition's name); an
 * embedded shop leaves its host page's head alone.
 */
export function useRouteHead(): void {
  const [location] = useLocation();
  const { store_id, portal_name, embedded } = useConfig();
  const t = useT();
  useEffect(() => {
    if (embedded) return;
    const head = pageHeadOf(location, store_id);
    if (head.product !== null || head.title === null) return;
    document.title = pageTitleText(t(head.title), portal_name);
    setDescription(document, t(head.description));
  }, [location, store_id, portal_name, embedded, t]);
}
