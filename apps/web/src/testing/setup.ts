import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearSnackbars } from '../shared/ui/snackbar-store.ts';
import './dialog-polyfill.ts';

// Testing Library without vitest globals does not clean up by itself (STACK.md gotcha 9).
afterEach(() => {
  cleanup();
  clearSnackbars();
  window.history.replaceState(null, '', '/');
});
