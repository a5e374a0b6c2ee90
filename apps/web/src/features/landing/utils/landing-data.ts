import type { LandingData, LandingFolder, MunicipioAnswer } from '@shop/domain';
import { getConfig } from '../../../shared/config/config-store.ts';

/** The element the server writes a landing page's data into, beside the configuration. */
export const LANDING_DATA_ID = 'landing-data';

type Primed = { data: LandingData | null };
let primed: Primed | 'used' | undefined;

/** The server renders one page at a time: it hands the page's data here before rendering. */
export function primeLanding(data: LandingData | null): void {
  primed = { data };
}

/**
 * The data the page arrived with, once: the first landing render after a page
 * load (the hydration) uses what the server rendered; later navigations ask
 * POST municipio/. Undefined when there is none.
 */
export function takePageLanding(): Primed | undefined {
  if (primed === undefined && typeof document !== 'undefined') {
    const text = document.getElementById(LANDING_DATA_ID)?.textContent;
    primed = text ? { data: JSON.parse(text) as LandingData | null } : 'used';
  }
  if (primed === undefined || primed === 'used') return undefined;
  const taken = primed;
  // The server renders every page from a fresh prime; the browser uses its page's data once.
  if (typeof document !== 'undefined') primed = 'used';
  return taken;
}

/** POST municipio/ (spec 7): null when the municipality is unknown (404). */
export async function fetchLanding(folder: LandingFolder, url: string): Promise<LandingData | null> {
  // The API client (and the schemas it validates with) load only for a visit inside the app:
  // a page the server rendered carries its data, so its hydration needs neither (ADR 009).
  const [{ api }, { ApiError }] = await Promise.all([
    import('../../../shared/api/client.ts'),
    import('../../../shared/api/api-error.ts'),
  ]);
  try {
    const answer = await api.post<MunicipioAnswer>('municipio', { config: getConfig(), url, folder });
    return answer.landing;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
