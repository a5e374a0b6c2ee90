import { defaultOfficialChannel, formatEuros } from '@shop/domain';
import { useConfig } from '../config/config-store.ts';
import { useT } from '../i18n/use-t.ts';

/**
 * What the shop is (issue 18 item 6): a private service that requests the
 * documents on the customer's behalf, not the registry, with a link to the
 * official channel and its fee (store setting `official_channel`). In the
 * footer of every page and in each product's intro.
 */
export function OfficialNotice({ className }: { className?: string }) {
  const t = useT();
  const { store_id, language, official_channel } = useConfig();
  const channel = official_channel ?? defaultOfficialChannel(store_id);
  const fee = t('identity.fee', { fee: formatEuros(channel.fee_cents, language) });
  // One text node on each side of the link: what the server renders is what the hydration finds.
  return (
    <p className={className} data-testid="official-notice">
      {`${t('identity.private')} ${t('identity.official')} `}
      <a href={channel.url} rel="noopener">
        {channel.name}
      </a>
      {` ${fee}${channel.fee_note ? ` ${channel.fee_note}` : ''}`}
    </p>
  );
}
