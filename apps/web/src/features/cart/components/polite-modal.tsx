import { useConfig } from '../../../shared/config/config-store.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { sanitizeHtml } from '../utils/safe-html.ts';
import styles from './edit-dialogs/edit-dialog.module.css';

export interface PoliteModalProps {
  /** The HTML to show (a server message); reduced to safe formatting first. */
  html: string;
  /** The support phone; when given, the 'need help? call us' line is shown. */
  phone?: string | undefined;
  onClose: () => void;
}

/** 'Need help? Call us' with the site name and the phone as a tel: link. */
function NeedHelp({ site, phone }: { site: string; phone: string }) {
  const t = useT();
  const [before = '', after = ''] = t('politeModal.needHelp', { site, phone: '\u0000' }).split('\u0000');
  return (
    <p className={styles.help}>
      {before}
      <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
      {after}
    </p>
  );
}

/** The polite modal (spec 2): HTML content, a close button and, with a phone, how to call us. */
export function PoliteModal({ html, phone, onClose }: PoliteModalProps) {
  const { portal_name } = useConfig();
  const t = useT();
  return (
    <Dialog open onClose={onClose} title={portal_name} closeLabel={t('common.close')}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised to text formatting and safe links */}
      <div className={styles.html} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
      {phone ? <NeedHelp site={portal_name} phone={phone} /> : null}
      <div className={styles.buttons}>
        <Button autoFocus onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </Dialog>
  );
}
