import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { REJECT_ALL, setConsent } from '../shared/consent/consent-store.ts';
import { clearSnackbars } from '../shared/ui/snackbar-store.ts';
import './dialog-polyfill.ts';

// Several component tests talk to a real server started as a child process; on a
// loaded 2-core machine its first answers can take over the 1 s default.
configure({ asyncUtilTimeout: 5_000 });

// Every visitor in these tests has already answered the cookie banner ('reject all'), so
// it covers nothing; the consent tests set their own choice.
beforeEach(() => {
  setConsent(REJECT_ALL);
});

// Testing Library without vitest globals does not clean up by itself (STACK.md gotcha 9).
afterEach(() => {
  cleanup();
  clearSnackbars();
  window.history.replaceState(null, '', '/');
});
