import { statusName } from './status-names.ts';

/** What each audited action means, in the back office's words (the order history and the audit log). */
const ACTIONS: Readonly<Record<string, string>> = {
  'order.paid': 'Pago recibido',
  'order.payment_pending': 'Pago pendiente (referencia o mandato emitido)',
  'order.payment_failed': 'Pago fallido o caducado',
  'order.payment_review': 'Pago en revisión',
  'order.pending': 'Devuelto a pendiente de tramitar',
  'order.in_progress': 'Pasado a en tramitación',
  'order.incident': 'Incidencia abierta y enviada al cliente',
  'order.incident_answered': 'El cliente respondió a la incidencia',
  'order.ready': 'Marcado como listo',
  'order.result_attached': 'Documento adjuntado y enviado al cliente',
  'order.credit_note': 'Factura rectificativa emitida y reembolso',
  'order.item_answers': 'El cliente completó o cambió sus respuestas',
  'order.located_recorded': 'Propiedades localizadas registradas y ofrecidas al cliente',
  'order.located_none': 'Ninguna propiedad localizada: cliente avisado',
  'order.late_refund_queued': 'Entregado fuera de plazo: se reembolsa la tarifa del servicio',
  'order.late_refund_waived': 'Reembolso por retraso no aplicado por decisión del operador',
  'mail.resend': 'Reenvió un correo',
  'calendar.holiday_added': 'Añadió un festivo al calendario',
  'calendar.holiday_removed': 'Quitó un festivo del calendario',
  'calendar.registry_hours': 'Cambió el horario de un registro',
  'store.settings': 'Cambió los ajustes de la tienda',
  'catalog.publish': 'Publicó una nueva versión del producto',
  'operator.login': 'Inició sesión',
  'operator.logout': 'Cerró sesión',
  'operator.create': 'Creó un operador',
  'operator.update': 'Cambió un operador',
  'operator.totp_enrolled': 'Activó la verificación en dos pasos',
  'operator.second_factor': 'Completó la verificación en dos pasos',
};

/** The actions that have words (a test checks every action the server records is among them). */
export const ACTIONS_WITH_WORDS: readonly string[] = Object.keys(ACTIONS);

/** An audited action in words; an action without words yet reads as a change with its code. */
export function actionWords(action: string): string {
  return ACTIONS[action] ?? `Cambio registrado (${action})`;
}

/** Who did it: an operator's e-mail, the customer, the payments or the command line. */
export function actorWords(actor: string): string {
  if (actor === 'system') return 'Sistema (pagos)';
  if (actor === 'cli') return 'Línea de órdenes';
  if (actor.startsWith('customer:')) return 'Cliente';
  return actor;
}

const statusOf = (value: unknown): string | null => {
  const status = (value as { status?: unknown } | null | undefined)?.status;
  return typeof status === 'string' ? statusName(status) : null;
};

/** The status move a history entry records, in words ('de Pendiente de pago a Pendiente de tramitar (10)'). */
export function moveWords(data: Record<string, unknown>): string | null {
  const from = statusOf(data.before);
  const to = statusOf(data.after);
  if (!from || !to || from === to) return null;
  return `de ${from} a ${to}`;
}
