import {
  type AdminStoreDetail,
  eurosText,
  type PaymentMethod,
  parseEuros,
  type StoreSettingsBody,
} from '@shop/domain';

/** The methods as the back office names them (the codes stay visible: they are the runtime config's). */
export const METHOD_NAMES: Record<PaymentMethod, string> = {
  cc: 'Tarjeta',
  stripe: 'Tarjeta (Stripe)',
  monei: 'Tarjeta (Monei)',
  bizum: 'Bizum',
  paypal: 'PayPal',
  bank: 'Transferencia bancaria',
  multibanco: 'Multibanco',
  moneimultibanco: 'Multibanco (Monei)',
  mbway: 'MB WAY',
};

/** The form's values: texts as typed, the official fee in euros. */
export interface SettingsValues {
  phone: string;
  payment_methods: PaymentMethod[];
  wallets: boolean;
  ns_copy: string;
  own_channel: boolean;
  channel_name: string;
  channel_url: string;
  channel_fee: string;
  channel_note: string;
}

export function formValues(store: AdminStoreDetail): SettingsValues {
  const channel = store.official_channel ?? store.official_channel_default;
  return {
    phone: store.phone,
    payment_methods: store.methods.filter((m) => m.listed).map((m) => m.method),
    wallets: store.wallets,
    ns_copy: store.ns_copy ?? '',
    own_channel: store.official_channel !== null,
    channel_name: channel.name,
    channel_url: channel.url,
    channel_fee: eurosText(channel.fee_cents),
    channel_note: channel.fee_note ?? '',
  };
}

/**
 * The body of PUT /stores/{id}/settings; an empty `nsCopy` and an unticked
 * own channel mean the defaults. The fee is parsed as euros (null: not a price;
 * the server then refuses it by field).
 */
export function settingsBody(values: SettingsValues): StoreSettingsBody {
  const fee = parseEuros(values.channel_fee);
  return {
    phone: values.phone,
    // One checkbox ticked comes back as a string, none as false.
    payment_methods: [values.payment_methods].flat().filter((m): m is PaymentMethod => typeof m === 'string'),
    wallets: values.wallets,
    ns_copy: values.ns_copy.trim() === '' ? null : values.ns_copy,
    official_channel: values.own_channel
      ? {
          name: values.channel_name,
          url: values.channel_url,
          fee_cents: fee ?? -1,
          ...(values.channel_note.trim() ? { fee_note: values.channel_note } : {}),
        }
      : null,
  };
}
