import { pageTitleText } from '@shop/domain';
import { useEffect } from 'react';
import { useConfig } from '../config/config-store.ts';

/**
 * Sets the document title to "{title} | {portal name}" for a page whose title is
 * data (a generic product's name); every other route's title comes from the
 * route table (app/route-head.ts). An embedded shop leaves its host page's title alone.
 */
export function usePageTitle(title: string): void {
  const { portal_name, embedded } = useConfig();
  useEffect(() => {
    if (embedded) return;
    document.title = pageTitleText(title, portal_name);
  }, [title, portal_name, embedded]);
}
