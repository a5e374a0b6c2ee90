import type { ConsentChoice } from '@shop/domain';
import { useState } from 'react';
import {
  ACCEPT_ALL,
  getConsent,
  REJECT_ALL,
  setConsent,
  setConsentSettingsOpen,
} from '../../shared/consent/consent-store.ts';
import { Checkbox } from '../../shared/forms/checkbox.tsx';
import { useT } from '../../shared/i18n/use-t.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import styles from './consent.module.css';
import { restoreFocusAfterConsent } from './consent-focus.ts';

const LEVELS = ['functionality', 'tracking', 'targeting'] as const;

/** The cookie settings (spec 9's four levels; strictly necessary always on), from the banner or the footer. */
export default function ConsentSettings() {
  const t = useT();
  const [choice, setChoice] = useState<ConsentChoice>(() => getConsent() ?? REJECT_ALL);
  // Opened from the banner, the dialog's opener is gone once it closes: the focus goes back before the banner.
  const choose = (next: ConsentChoice) => {
    setConsent(next);
    restoreFocusAfterConsent();
  };
  return (
    <Dialog
      open
      onClose={() => {
        setConsentSettingsOpen(false);
        restoreFocusAfterConsent();
      }}
      title={t('consent.settingsTitle')}
      closeLabel={t('common.close')}
    >
      <Checkbox
        label={`${t('consent.levels.strictlyNecessary')} (${t('consent.always')})`}
        hint={t('consent.levels.strictlyNecessaryText')}
        checked
        disabled
        readOnly
      />
      {LEVELS.map((level) => (
        <Checkbox
          key={level}
          name={level}
          label={t(`consent.levels.${level}`)}
          hint={t(`consent.levels.${level}Text`)}
          checked={choice[level]}
          onChange={(event) => setChoice({ ...choice, [level]: event.target.checked })}
        />
      ))}
      <div className={styles.actions}>
        <Button variant="secondary" className={styles.choice} onClick={() => choose(REJECT_ALL)}>
          {t('consent.rejectAll')}
        </Button>
        <Button variant="secondary" className={styles.choice} onClick={() => choose(ACCEPT_ALL)}>
          {t('consent.acceptAll')}
        </Button>
        <Button onClick={() => choose(choice)}>{t('consent.save')}</Button>
      </div>
    </Dialog>
  );
}
