import type { Language } from '../schemas/config.ts';

/**
 * The status vocabulary: the one word per status and language that the success
 * page, the orders page, the mails and the back office all show (ADR 033).
 * The first six are what a customer's order row reads (spec 4 "Order row
 * status": the Spanish and Portuguese words are the spec's); the last five
 * are the finer server statuses only operators see.
 */
export type StatusWordKey =
  | 'refunded'
  | 'pending_payment'
  | 'incident'
  | 'ready'
  | 'pending_processing'
  | 'in_progress'
  | 'processing'
  | 'payment_review'
  | 'canceled'
  | 'holded'
  | 'fraud';

export const STATUS_WORDS: Readonly<Record<Language, Readonly<Record<StatusWordKey, string>>>> = {
  es: {
    refunded: 'Abonado',
    pending_payment: 'Pendiente de Pago',
    incident: 'Incidencia',
    ready: 'Listo',
    pending_processing: 'Pendiente de tramitar',
    in_progress: 'En tramitación',
    processing: 'Pago en curso',
    payment_review: 'Pago en revisión',
    canceled: 'Cancelado',
    holded: 'Retenido',
    fraud: 'Fraude',
  },
  pt: {
    refunded: 'Reembolsado',
    pending_payment: 'Pendente de pagamento',
    incident: 'Incidência',
    ready: 'Pronto',
    pending_processing: 'Pendente de tramitação',
    in_progress: 'A processar',
    processing: 'Pagamento em curso',
    payment_review: 'Pagamento em análise',
    canceled: 'Cancelado',
    holded: 'Retido',
    fraud: 'Fraude',
  },
  en: {
    refunded: 'Refunded',
    pending_payment: 'Awaiting payment',
    incident: 'Information needed',
    ready: 'Ready',
    pending_processing: 'Awaiting processing',
    in_progress: 'In progress',
    processing: 'Payment in progress',
    payment_review: 'Payment under review',
    canceled: 'Cancelled',
    holded: 'On hold',
    fraud: 'Fraud',
  },
};

/** The word for a status in a language. */
export function statusWord(language: Language, key: StatusWordKey): string {
  return STATUS_WORDS[language][key];
}

const SERVER_STATUS_WORDS: Readonly<Record<string, StatusWordKey>> = {
  pending: 'pending_payment',
  pending_payment: 'pending_payment',
  processing: 'processing',
  payment_review: 'payment_review',
  complete_pending: 'pending_processing',
  complete_in_progress: 'in_progress',
  complete_incident: 'incident',
  complete_ready: 'ready',
  canceled: 'canceled',
  closed: 'refunded',
  holded: 'holded',
  fraud: 'fraud',
};

/** The vocabulary key of a server order status as operators see it; undefined for an unknown status. */
export function serverStatusWordKey(status: string): StatusWordKey | undefined {
  return SERVER_STATUS_WORDS[status];
}

/** The word operators read for a server order status (the status itself when unknown). */
export function serverStatusWord(language: Language, status: string): string {
  const key = serverStatusWordKey(status);
  return key ? statusWord(language, key) : status;
}
