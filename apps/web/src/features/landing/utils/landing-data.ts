import type { LandingData, LandingFolder } from '@shop/domain';

/** The element the server writes a landing page's data into, beside the configuration. */
export const LANDING_DATA_ID = 'landing-data';

type Primed = { data: LandingData | null };
let primed: Primed | 'used' | undefined;

/** The server renders one page at a time: it hands the page's data here before rendering. */
export function primeLanding(data: LandingData | null): void {
  primed = { data };
}

/**
 * The data the page arrived with: the landing route's renders use it until the
 * route has mounted (releasePageLanding), so a render React throws away and
 * redoes during the hydration (a click or a keystroke before it ends) finds
 * the same data and hydrates the same markup; later navigations ask POST
 * municipio/. Undefined when there is none.
 */
export function pageLanding(): Primed | undefined {
  if (primed === undefined && typeof document !== 'undefined') {
    const text = document.getElementById(LANDING_DATA_ID)?.textContent;
    primed = text ? { data: JSON.parse(text) as LandingData | null } : 'used';
  }
  return primed === undefined || primed === 'used' ? undefined : primed;
}

/** The landing route has mounted: the page's data is used (the server primes every render afresh). */
export function releasePageLanding(): void {
  if (typeof document !== 'undefined') primed = 'used';
}

/** POST municipio/ (spec 7): null when the municipality is unknown (404). */
export async function fetchLanding(folder: LandingFolder, url: string): Promise<LandingData | null> {
  // The API client (and the schemas it validates with) load only for a visit inside the app:
  // a page the server rendered carries its data, so its hydration needs neither (ADR 009).
  const [{ postMunicipio }, { ApiError }] = await Promise.all([
    import('../../../shared/api/landing.ts'),
    import('../../../shared/api/api-error.ts'),
  ]);
  try {
    const answer = await postMunicipio(folder, url);
    return answer.landing;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
