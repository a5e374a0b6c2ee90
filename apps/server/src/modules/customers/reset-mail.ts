import type { AppDb } from '../../db/client.ts';
import { escapeHtml } from '../../http/html.ts';
import { translate } from '../../http/translate.ts';
import type { StoreRow } from '../catalog/catalog.repository.ts';
import { queueMail } from '../mail/mail.service.ts';

/** The password reset e-mail (text and HTML, the store's language), queued in the caller's transaction. */
export async function sendPasswordResetMail(
  tx: AppDb,
  input: { store: StoreRow; to: string; link: string; minutes: number },
): Promise<void> {
  const { store, to, link, minutes } = input;
  const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) =>
    translate(store.language, key, vars);
  const site = store.portalName;
  const subject = t('mailPasswordReset.subject', { site });
  const body = t('mailPasswordReset.body', { site, minutes });
  const text = [
    t('mailPasswordReset.greeting'),
    '',
    body,
    '',
    link,
    '',
    t('mailPasswordReset.ignore'),
    '',
    site,
  ].join('\n');
  const html = `<p>${escapeHtml(t('mailPasswordReset.greeting'))}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(t('mailPasswordReset.action'))}</a></p>
<p>${escapeHtml(t('mailPasswordReset.ignore'))}</p>
<p>${escapeHtml(site)}</p>`;
  await queueMail(tx, { storeId: store.id, to, subject, text, html });
}
