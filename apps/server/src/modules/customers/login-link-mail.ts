import type { AppDb } from '../../db/client.ts';
import { escapeHtml } from '../../http/html.ts';
import { translate } from '../../http/translate.ts';
import type { StoreRow } from '../catalog/catalog.repository.ts';
import { queueMail } from '../mail/mail.service.ts';

/** The log-in link e-mail (text and HTML, in the store's language), queued in the caller's transaction. */
export async function sendLoginLinkMail(
  tx: AppDb,
  input: { store: StoreRow; to: string; link: string; minutes: number },
): Promise<void> {
  const { store, to, link, minutes } = input;
  const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) =>
    translate(store.language, key, vars);
  const site = store.portalName;
  const body = t('mailLoginLink.body', { site, minutes });
  const text = [
    t('mailLoginLink.greeting'),
    '',
    body,
    '',
    link,
    '',
    t('mailLoginLink.ignore'),
    '',
    site,
  ].join('\n');
  const html = `<p>${escapeHtml(t('mailLoginLink.greeting'))}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(t('mailLoginLink.action', { site }))}</a></p>
<p>${escapeHtml(t('mailLoginLink.ignore'))}</p>
<p>${escapeHtml(site)}</p>`;
  await queueMail(tx, { storeId: store.id, to, subject: t('mailLoginLink.subject', { site }), text, html });
}
