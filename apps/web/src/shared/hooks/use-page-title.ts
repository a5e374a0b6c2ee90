import { useEffect } from 'react';
import { useConfig } from '../config/config-store.ts';

/**
 * Sets the document title to "{title} | {portal name}" (spec point 2, page
 * titles). An embedded shop leaves its host page's title alone.
 */
export function usePageTitle(title: string): void {
  const { portal_name, embedded } = useConfig();
  useEffect(() => {
    if (embedded) return;
    document.title = title ? `${title} | ${portal_name}` : portal_name;
  }, [title, portal_name, embedded]);
}
