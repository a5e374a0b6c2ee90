import { PANEL_STATUS, serverStatusWord } from '@shop/domain';

/** The back office is Spanish; its status words are the domain's vocabulary (ADR 033). */
const PANEL_CODES: Readonly<Record<string, number>> = {
  complete_pending: PANEL_STATUS.pending,
  complete_in_progress: PANEL_STATUS.inProgress,
  complete_incident: PANEL_STATUS.incident,
  complete_ready: PANEL_STATUS.ready,
};

/** A server status as operators read it: the vocabulary's word, with its panel code for the complete_* ones. */
export function statusName(status: string): string {
  const word = serverStatusWord('es', status);
  const code = PANEL_CODES[status];
  return code === undefined ? word : `${word} (${code})`;
}

/** The panel targets an operator may choose, with the server status each leads to. */
export const PANEL_MOVES = [
  { to: 'pending', status: 'complete_pending', label: statusName('complete_pending') },
  { to: 'in_progress', status: 'complete_in_progress', label: statusName('complete_in_progress') },
  { to: 'incident', status: 'complete_incident', label: statusName('complete_incident') },
  { to: 'ready', status: 'complete_ready', label: statusName('complete_ready') },
] as const;
