import { useCallback } from 'react';

/**
 * A ref for a page's heading (with tabIndex={-1}) that takes the focus when it
 * appears, even after a loading state: screen readers announce the page, and
 * the next Tab starts from it (the 3-D Secure and success pages, reached from a
 * gateway by a full page load, where no route change moves the focus).
 */
export function useHeadingFocus<T extends HTMLElement>(): (element: T | null) => void {
  return useCallback((element: T | null) => {
    element?.focus();
  }, []);
}
