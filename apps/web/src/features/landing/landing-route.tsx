import type { LandingData, LandingFolder } from '@shop/domain';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { useT } from '../../shared/i18n/use-t.ts';
import { LandingNotFound, LandingPage } from './components/landing-page.tsx';
import { fetchLanding, pageLanding, releasePageLanding } from './utils/landing-data.ts';

type State = { status: 'ready'; data: LandingData | null } | { status: 'loading' } | { status: 'failed' };

/**
 * RegistroPropiedad/{url_municipio} and NotaSimpleRegistroPropiedad/{url_municipio}
 * (spec 2), a lazy route module. The renders of the hydration use the data the
 * server rendered the page with (however often React redoes them); a
 * client-side visit asks POST municipio/.
 */
export default function LandingRoute({ folder, url }: { folder: LandingFolder; url: string }) {
  const t = useT();
  const query = new URLSearchParams(useSearch()).get('q') ?? '';
  const [state, setState] = useState<State>(() => {
    const page = pageLanding();
    if (page && (page.data === null || page.data.url === url)) return { status: 'ready', data: page.data };
    return url ? { status: 'loading' } : { status: 'ready', data: null };
  });

  // Mounted: from now on a landing route asks for its data.
  useEffect(releasePageLanding, []);

  useEffect(() => {
    if (state.status !== 'loading') return;
    let live = true;
    fetchLanding(folder, url).then(
      (data) => live && setState({ status: 'ready', data }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [folder, url, state.status]);

  if (state.status === 'loading') return <p aria-busy="true">{t('common.loading')}</p>;
  if (state.status === 'failed') return <p role="alert">{t('errors.generic')}</p>;
  if (state.data === null) return <LandingNotFound folder={folder} query={query} />;
  return <LandingPage landing={state.data} />;
}
