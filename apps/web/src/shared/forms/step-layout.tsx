import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import { useHydrated } from '../hooks/use-hydrated.ts';
import { useT } from '../i18n/use-t.ts';
import { Button } from '../ui/button.tsx';
import styles from './step-layout.module.css';

export interface StepLayoutProps {
  title: string;
  /** 'Paso X de N' (translated); omit both to hide the progress line. */
  current?: number;
  total?: number;
  /** Called on Next (the form's submit); validate there and move on. */
  onNext: () => void;
  /** Called on Back; without it no Back button is shown (first step). */
  onBack?: (() => void) | undefined;
  nextLabel?: string | undefined;
  /** A price line shown above the fields (e.g. the all-in price). */
  price?: ReactNode;
  /** True while something is being sent: Next is disabled. */
  busy?: boolean;
  children?: ReactNode;
}

/**
 * One wizard step: progress, a heading that takes focus when the step appears
 * (screen readers announce the new step), the fields, Back and Next. Next
 * submits the form, so Enter in a field moves on too; on a server-rendered step
 * it is disabled until the page has hydrated.
 */
export function StepLayout({
  title,
  current,
  total,
  onNext,
  onBack,
  nextLabel,
  price,
  busy = false,
  children,
}: StepLayoutProps) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  // On a server-rendered step, Next waits for the page to hydrate: before, the
  // form would be sent natively (a reload that keeps nothing; ADR 009).
  const hydrated = useHydrated();

  // A new step (or a new title) moves focus to the heading, so it is announced.
  // biome-ignore lint/correctness/useExhaustiveDependencies: title is the trigger, not an input
  useEffect(() => {
    heading.current?.focus();
  }, [title]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onNext();
  };

  return (
    <section className={styles.step}>
      <form noValidate onSubmit={submit}>
        {current !== undefined && total !== undefined ? (
          <p className={styles.progress}>{t('forms.progress', { current, total })}</p>
        ) : null}
        <h1 ref={heading} tabIndex={-1} className={styles.title}>
          {title}
        </h1>
        {price ? <div className={styles.price}>{price}</div> : null}
        {children}
        <div className={styles.actions}>
          {onBack ? (
            <Button variant="secondary" onClick={onBack}>
              {t('forms.back')}
            </Button>
          ) : null}
          <Button type="submit" disabled={busy || !hydrated} aria-busy={busy || undefined}>
            {nextLabel ?? t('forms.next')}
          </Button>
        </div>
      </form>
    </section>
  );
}
