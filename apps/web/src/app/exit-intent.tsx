import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useConfig } from '../shared/config/config-store.ts';

// The dialog (and its text) is only downloaded the first time it is needed.
const ExitIntentDialog = lazy(() => import('./exit-intent-dialog.tsx'));

/** A device that is touched, or has no hovering pointer, never sees the dialog. */
function isTouchOnly(win: Window): boolean {
  return win.matchMedia?.('(hover: none) and (pointer: coarse)').matches ?? false;
}

/**
 * Exit intent (spec 2): when the mouse leaves the page through its top edge
 * (towards the tabs or the address bar), a dialog with the step's help text and
 * 'Continuar', once per URL, never after a touch. Embedded shops leave their
 * host page alone. The shown URLs live in memory only (no storage before consent).
 */
export function ExitIntent() {
  const { embedded } = useConfig();
  const [location] = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const shown = useRef(new Set<string>());
  const touched = useRef(false);

  useEffect(() => {
    if (embedded) return;
    const onTouch = () => {
      touched.current = true;
    };
    const onPointer = (event: PointerEvent) => {
      if (event.pointerType === 'touch' || event.pointerType === 'pen') touched.current = true;
    };
    const onMouseLeave = (event: MouseEvent) => {
      // The pointer left the page (the root element) at or above its top edge.
      if (event.clientY > 0) return;
      if (touched.current || isTouchOnly(window)) return;
      const url = window.location.pathname;
      if (shown.current.has(url) || document.querySelector('dialog[open]')) return;
      shown.current.add(url);
      setOpenOn(url);
    };
    document.addEventListener('touchstart', onTouch, { capture: true, passive: true });
    document.addEventListener('pointerdown', onPointer, true);
    const root = document.documentElement;
    root.addEventListener('mouseleave', onMouseLeave);
    return () => {
      document.removeEventListener('touchstart', onTouch, { capture: true });
      document.removeEventListener('pointerdown', onPointer, true);
      root.removeEventListener('mouseleave', onMouseLeave);
    };
  }, [embedded]);

  if (openOn === null) return null;
  return (
    <Suspense fallback={null}>
      <ExitIntentDialog path={location} onClose={() => setOpenOn(null)} />
    </Suspense>
  );
}
