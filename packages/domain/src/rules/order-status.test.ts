import { describe, expect, it } from 'vitest';
import es from '../i18n/es.json';
import pt from '../i18n/pt.json';
import { hasPortugueseOrderId, orderStatusDisplay, type StatusDisplay } from './order-status.ts';

/** The label text of a display, from the catalogues. */
const labelOf = (shown: StatusDisplay) => ({ es, pt })[shown.labelLanguage].orders.status[shown.key];

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
    ['complete_pending', null, false, 'En tramitación', 'status-in-progress'],
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
