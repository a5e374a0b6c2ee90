import { FLOW_STEPS } from '@shop/domain';
import { useEffect, useRef, useState } from 'react';
import { Link, Redirect } from 'wouter';
import type { AddKind } from '../../../shared/api/cart.ts';
import { useConfig } from '../../../shared/config/config-store.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths, withSearch } from '../../../shared/paths.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { useCartAdd } from '../hooks/use-cart-add.ts';
import { ADD_KIND_FLOW, isAddKind, readSavedForm } from '../utils/add-request.ts';
import styles from './cart.module.css';
import { CartList } from './cart-list.tsx';
import { PoliteModal } from './polite-modal.tsx';

/** Where the visitor fixes a form the server refused: the start of its wizard. */
function formHref(kind: AddKind): string {
  if (kind !== 'product') {
    const flow = ADD_KIND_FLOW[kind];
    return paths.flowStep(flow, FLOW_STEPS[flow][0] ?? 'step1');
  }
  const productId = (readSavedForm('product')?.form as { product_id?: unknown } | undefined)?.product_id;
  return typeof productId === 'number' ? paths.productStep(1, productId) : paths.services();
}

function CartAdd({ kind }: { kind: AddKind }) {
  const t = useT();
  const { phone } = useConfig();
  const { state, retry } = useCartAdd(kind);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [politeOpen, setPoliteOpen] = useState(true);

  // The page changed under the visitor's feet: move focus to its heading.
  useEffect(() => {
    if (state.status !== 'posting') headingRef.current?.focus();
  }, [state.status]);

  if (state.status === 'posting') {
    return (
      <div className={styles.cart} role="status" aria-busy="true">
        <progress aria-label={t('cart.adding')} />
        <p className={styles.status}>{t('cart.adding')}</p>
      </div>
    );
  }

  return (
    <div className={styles.cart}>
      {state.status === 'added' && (
        <p role="status" className={styles.status}>
          {t('cart.added', { name: state.item?.product_name ?? '' })}
        </p>
      )}
      {state.status === 'failed' && (
        <div role="alert" className={styles.alert}>
          <p>{t('cart.addFailed')}</p>
          <Button onClick={retry}>{t('cart.retry')}</Button>
        </div>
      )}
      {state.status === 'rejected' && (
        <div role="alert" className={styles.alert}>
          <p>{state.message}</p>
          {state.errors.length > 0 && (
            <ul>
              {state.errors.map((error) => (
                <li key={error.path}>{error.message}</li>
              ))}
            </ul>
          )}
          <Link href={formHref(kind)} className={styles.secondaryLink}>
            {t('cart.backToForm')}
          </Link>
        </div>
      )}
      {state.status === 'refused' && politeOpen && state.message && (
        <PoliteModal html={state.message} phone={phone} onClose={() => setPoliteOpen(false)} />
      )}
      <CartList headingRef={headingRef} />
    </div>
  );
}

/** cart/add/{ns|qpropiedades|certidao|ipredial|product} (spec 2): adds the saved form, then the cart list. */
export default function CartAddPage({ params }: { params: { kind?: string } }) {
  const kind = params.kind ?? '';
  if (!isAddKind(kind)) return <Redirect to={withSearch(paths.services(), window.location.search)} replace />;
  // A new kind is a new page: its own add state.
  return <CartAdd key={kind} kind={kind} />;
}
