import { fileURLToPath } from 'node:url';

/**
 * The storefront's server-rendering module as source: tests render with the
 * same components as the build (vitest transforms the TSX), no build needed.
 */
export const SSR_SOURCE_ENTRY = fileURLToPath(
  new URL('../../../web/src/ssr/entry-server.tsx', import.meta.url),
);
