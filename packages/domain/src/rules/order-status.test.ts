import { describe, expect, it } from 'vitest';
import {
  hasPortugueseOrderId,
  orderLanguage,
  orderStatusDisplay,
  type StatusDisplay,
} from './order-status.ts';
import { STATUS_WORDS, serverStatusWord } from './status-words.ts';

const labelOf = (shown: StatusDisplay) => shown.label;

const row = (
  status: string,
  panel: number | null = null,
  pendingTramitation = false,
  order_id = '1400000042',
) => ({
  order_id,
  status,
  panel_status_id: panel,
  pendingTramitation,
});

describe('order row status label (spec 4)', () => {
  it.each([
    ['closed', null, false, 'Abonado', 'status-refunded'],
    ['pending', null, false, 'Pendiente de Pago', 'status-pending-payment'],
    ['pending_payment', null, false, 'Pendiente de Pago', 'status-pending-payment'],
    ['canceled', null, false, 'Pendiente de Pago', 'status-pending-payment'],
    ['holded', null, false, 'Pendiente de Pago', 'status-pending-payment'],
    ['fraud', null, false, 'Pendiente de Pago', 'status-pending-payment'],
    ['processing', null, false, 'Pendiente de Pago', 'status-pending-payment'],
    ['payment_review', null, false, 'Pendiente de Pago', 'status-pending-payment'],
    ['holded', 60, false, 'Pendiente de Pago', 'status-pending-payment'],
    ['complete_incident', 60, false, 'Incidencia', 'status-incident'],
    ['complete_ready', 110, false, 'Listo', 'status-ready'],
    ['complete_ready', 120, false, 'Listo', 'status-ready'],
    ['complete_pending', 10, false, 'Pendiente de tramitar', 'status-pending-processing'],
    ['complete_in_progress', 30, true, 'Pendiente de tramitar', 'status-pending-processing'],
    ['complete_in_progress', null, true, 'Pendiente de tramitar', 'status-pending-processing'],
    ['complete_in_progress', 30, false, 'En tramitación', 'status-in-progress'],
    ['complete_pending', null, false, 'Pendiente de tramitar', 'status-pending-processing'],
    ['complete', 60, true, 'Incidencia', 'status-incident'],
    ['complete', 110, true, 'Listo', 'status-ready'],
    ['something_new', null, false, 'Pendiente de Pago', 'status-pending-payment'],
  ] as const)('%s / panel %s / pendingTramitation %s -> %s', (status, panel, pending, label, className) => {
    const shown = orderStatusDisplay(row(status, panel, pending));
    expect(labelOf(shown)).toBe(label);
    expect(shown.className).toBe(className);
  });

  it.each([
    ['closed', null, false, 'Reembolsado'],
    ['pending_payment', null, false, 'Pendente de pagamento'],
    ['complete_in_progress', 30, false, 'A processar'],
    ['complete_incident', 60, false, 'Incidência'],
    ['complete_ready', 110, false, 'Pronto'],
    ['complete_pending', 10, false, 'Pendente de tramitação'],
  ] as const)('Portuguese order: %s / panel %s -> %s', (status, panel, pending, label) => {
    for (const id of ['1600000042', '2600000001', '2800000123']) {
      expect(labelOf(orderStatusDisplay(row(status, panel, pending, id)))).toBe(label);
    }
  });

  it.each([
    ['1600000042', true],
    ['2600000001', true],
    ['2800000123', true],
    ['1400000042', false],
    ['100000042', false],
    ['1700000001', false],
    ['2100000016', false],
    ['6', false],
  ])('order id %s is Portuguese: %s', (id, pt) => {
    expect(hasPortugueseOrderId(id)).toBe(pt);
  });
});

describe('one status vocabulary per language (ADR 033)', () => {
  it('English stores (17 to 19) read English words, the rest their own language', () => {
    expect(orderLanguage('1700000001')).toBe('en');
    expect(orderLanguage('1900000001')).toBe('en');
    expect(orderLanguage('2100000016')).toBe('es');
    expect(orderLanguage('100000042')).toBe('es');
    expect(orderLanguage('2600000001')).toBe('pt');
    expect(orderStatusDisplay(row('complete_pending', 10, false, '1700000001')).label).toBe(
      'Awaiting processing',
    );
    expect(orderStatusDisplay(row('closed', null, false, '1800000001')).label).toBe('Refunded');
  });

  it('a just-paid order (complete_pending, no panel yet) reads as its items do', () => {
    const order = orderStatusDisplay(row('complete_pending', null));
    const item = orderStatusDisplay(row('complete_pending', 10));
    expect(order.label).toBe(item.label);
  });

  it('every language names every status, each word distinct within its language', () => {
    const keys = Object.keys(STATUS_WORDS.es).sort();
    for (const words of Object.values(STATUS_WORDS)) {
      expect(Object.keys(words).sort()).toEqual(keys);
      expect(new Set(Object.values(words)).size).toBe(keys.length);
    }
  });

  it('the back office reads the same words for the server statuses', () => {
    expect(serverStatusWord('es', 'complete_pending')).toBe('Pendiente de tramitar');
    expect(serverStatusWord('es', 'complete_in_progress')).toBe('En tramitación');
    expect(serverStatusWord('es', 'closed')).toBe('Abonado');
    expect(serverStatusWord('es', 'holded')).toBe('Retenido');
    expect(serverStatusWord('es', 'mystery')).toBe('mystery');
  });
});
