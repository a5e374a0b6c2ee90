import { type Billing, billingSchemaFor } from '@shop/domain';
import { useId, useMemo } from 'react';
import { useConfig } from '../../../shared/config/config-store.ts';
import { Checkbox } from '../../../shared/forms/checkbox.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useSchemaForm } from '../../../shared/forms/use-schema-form.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import styles from './checkout.module.css';

/** The billing fields in the order of spec 3 "Customer profile", with their autocomplete tokens. */
const FIELDS = [
  ['name', 'billing.name', 'organization'],
  ['tax_id', 'billing.taxId', 'off'],
  ['address', 'billing.address', 'street-address'],
  ['postcode', 'billing.postcode', 'postal-code'],
  ['city', 'billing.city', 'address-level2'],
  ['province', 'billing.province', 'address-level1'],
  ['email', 'billing.email', 'email'],
  ['phone', 'billing.phone', 'tel'],
] as const;

/** The billing paths a 400 answer may carry (checkout `form.billing.*`, clientupdate `data.billing.*`). */
export const BILLING_FIELD_NAMES: readonly string[] = [
  'billing',
  ...FIELDS.map(([name]) => `billing.${name}`),
];

const emptyBilling = (email: string): Billing => ({
  name: '',
  tax_id: '',
  address: '',
  city: '',
  postcode: '',
  province: '',
  email,
  phone: '',
});

/**
 * The billing-data form (react-hook-form over the domain's `billingSchemaFor`
 * the store: Spanish NIF / NIE / CIF and postal code, or Portuguese NIF and
 * postal code), filled with the client's data when they have some.
 */
export function useBillingForm(saved: Billing | null | undefined, email: string) {
  const { store_id } = useConfig();
  const schema = useMemo(() => billingSchemaFor(store_id), [store_id]);
  return useSchemaForm<Billing>(schema, saved ?? emptyBilling(email), { values: saved ?? undefined });
}

/**
 * "Do you need the invoice in a company's name or with your tax details?": a
 * checkbox that opens the billing fields (a simplified invoice without them).
 * `required`: the order is over 400 € and no simplified invoice may be issued,
 * so the fields are open and the checkbox cannot close them.
 */
export function BillingSection({
  form,
  open,
  onOpenChange,
  required = false,
  label,
  hint,
  error,
}: {
  form: ReturnType<typeof useBillingForm>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  required?: boolean;
  label?: string;
  hint?: string;
  error?: string | null;
}) {
  const t = useT();
  const regionId = useId();
  const shown = open || required;
  return (
    <div className={styles.billing}>
      {required ? (
        <p className={styles.intro} role={error ? 'alert' : undefined}>
          {error ?? t('billing.requiredNote')}
        </p>
      ) : (
        <Checkbox
          label={label ?? t('billing.offer')}
          hint={hint ?? t('billing.offerHint')}
          error={error}
          checked={shown}
          aria-controls={regionId}
          aria-expanded={shown}
          onChange={(event) => onOpenChange(event.currentTarget.checked)}
        />
      )}
      <fieldset id={regionId} className={styles.billingFields} hidden={!shown}>
        <legend>{t('billing.legend')}</legend>
        {shown
          ? FIELDS.map(([name, label, autoComplete]) => (
              <TextField
                key={name}
                label={t(label)}
                type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
                autoComplete={autoComplete}
                error={form.errorOf(name)}
                {...form.register(name)}
              />
            ))
          : null}
      </fieldset>
    </div>
  );
}
