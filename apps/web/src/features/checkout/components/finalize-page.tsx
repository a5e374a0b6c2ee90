import { optionsToFinalize } from '@shop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { ApiError } from '../../../shared/api/api-error.ts';
import { pedido, updatePedido } from '../../../shared/api/followups.ts';
import { pedidos } from '../../../shared/api/orders.ts';
import { useConfig } from '../../../shared/config/config-store.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import { useProductDefinition } from '../../../shared/product-options/get-product-definition.ts';
import { OptionField } from '../../../shared/product-options/option-field.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { showSnackbar } from '../../../shared/ui/snackbar-store.ts';
import { findOrderItem } from './find-order-item.ts';
import styles from './followups.module.css';
import { Loading } from './loading.tsx';
import { LoginToContinue } from './login-to-continue.tsx';

/** The item's order: found among the customer's orders, then read again with `toFinalize=1` (spec 7). */
async function itemToFinalize(itemId: number) {
  const found = findOrderItem(await pedidos(), itemId);
  if (!found) return null;
  const order = await pedido(found.order.order_id, true);
  return order ? findOrderItem([order], itemId) : null;
}

/**
 * checkout/finalize/{item_id}: an item paid with early checkout (spec 4) still
 * lacks answers the operator needs; the customer gives them here
 * (updatepedido). Uploads are not asked here (the incident form takes files).
 */
export default function FinalizePage() {
  const t = useT();
  const config = useConfig();
  const [, navigate] = useLocation();
  const itemId = Number(useParams<{ itemId?: string }>().itemId);
  const valid = Number.isInteger(itemId) && itemId > 0;
  usePageTitle(t('followups.finalizeTitle'));
  const query = useQuery({
    queryKey: ['finalize', itemId],
    queryFn: () => itemToFinalize(itemId),
    enabled: valid && config.loggedIn,
  });
  const found = query.data ?? null;
  const definition = useProductDefinition(found?.item.product_id ?? null);
  const [values, setValues] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');

  const answers = Object.fromEntries((found?.item.options ?? []).map((o) => [o.option_id, o.value]));
  const missing = definition ? optionsToFinalize(definition, answers).filter((o) => o.type !== 'file') : [];
  const send = useMutation({
    mutationFn: () =>
      updatePedido(
        itemId,
        missing.map((option) => ({ option_id: option.option_id, value: values[option.option_id] ?? '' })),
      ),
    onSuccess: () => {
      showSnackbar({ message: t('followups.finalized') });
      navigate(paths.customerOrders());
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.gaveUp) return;
      setErrors(error.fieldErrors);
      setFailure(Object.keys(error.fieldErrors).length ? '' : error.message);
    },
  });

  const page = (body: React.ReactNode) => (
    <section className={styles.page} aria-labelledby="finalize-title">
      <h1 id="finalize-title">{t('followups.finalizeTitle')}</h1>
      {body}
      <p>
        <Link href={paths.customerOrders()}>{t('followups.backToOrders')}</Link>
      </p>
    </section>
  );

  if (!config.loggedIn) {
    return page(<LoginToContinue back={paths.checkoutFinalize(itemId)} />);
  }
  if (valid && (query.isPending || (found && definition === undefined))) return <Loading />;
  if (!valid || !found || query.isError) return page(<p role="alert">{t('followups.notFound')}</p>);
  if (!found.item.pendingTramitation || missing.length === 0)
    return page(<p>{t('followups.finalizeNothing')}</p>);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const blank: Record<string, string> = {};
    missing.forEach((option, index) => {
      if ((values[option.option_id] ?? '').trim() === '')
        blank[`options.${index}.value`] = t('validation.required');
    });
    setErrors(blank);
    setFailure('');
    if (Object.keys(blank).length === 0) send.mutate();
  };

  return page(
    <form onSubmit={onSubmit} noValidate>
      <p>{t('followups.finalizeIntro', { product: found.item.product_name, order: found.order.order_id })}</p>
      <p>{t('followups.finalizeWhy')}</p>
      {failure && <p role="alert">{failure}</p>}
      <div className={styles.fields}>
        {missing.map((option, index) => (
          <OptionField
            key={option.option_id}
            option={option}
            productId={found.item.product_id}
            value={values[option.option_id] ?? ''}
            onChange={(value) => setValues((current) => ({ ...current, [option.option_id]: value }))}
            error={errors[`options.${index}.value`]}
          />
        ))}
      </div>
      <div className={styles.buttons}>
        <Button type="submit" disabled={send.isPending}>
          {t('followups.finalizeSubmit')}
        </Button>
      </div>
    </form>,
  );
}
