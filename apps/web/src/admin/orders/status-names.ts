/** The server statuses as the operators call them (the panel statuses 10, 30, 60, 110/120 included). */
export const STATUS_NAMES: Readonly<Record<string, string>> = {
  pending_payment: 'Pendiente de pago',
  processing: 'Pago en curso',
  payment_review: 'Pago en revisión',
  complete_pending: 'Pendiente de tramitar (10)',
  complete_in_progress: 'En tramitación (30)',
  complete_incident: 'Incidencia (60)',
  complete_ready: 'Listo (110)',
  canceled: 'Cancelado',
  closed: 'Abonado',
  holded: 'Retenido',
  fraud: 'Fraude',
};

/** The panel targets an operator may choose, with the server status each leads to. */
export const PANEL_MOVES = [
  { to: 'pending', status: 'complete_pending', label: 'Pendiente (10)' },
  { to: 'in_progress', status: 'complete_in_progress', label: 'En tramitación (30)' },
  { to: 'incident', status: 'complete_incident', label: 'Incidencia (60)' },
  { to: 'ready', status: 'complete_ready', label: 'Listo (110)' },
] as const;
