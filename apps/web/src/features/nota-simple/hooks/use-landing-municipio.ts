import type { RuntimeConfig } from '@shop/domain';
import { useEffect } from 'react';
import { useConfig } from '../../../shared/config/config-store.ts';
import { updateFlowForm } from '../../../shared/wizard/flow-store.ts';

/** The configurations whose municipio was already filled in: once per page load, not on every visit to a step. */
const applied = new WeakSet<NonNullable<RuntimeConfig['municipio']>>();

/**
 * A landing page's call to action opens the wizard with `?municipio=`: the page's
 * configuration then carries the municipality (spec 3 `municipio`), which fills
 * the form's municipality and province (step 3 shows them, editable).
 */
export function useLandingMunicipio(): void {
  const { municipio } = useConfig();
  useEffect(() => {
    if (!municipio?.province || applied.has(municipio)) return;
    applied.add(municipio);
    updateFlowForm('nota-simple', { municipio: municipio.name, provincia: municipio.province });
  }, [municipio]);
}
