import type { SimplifiedReportForm } from '@shop/domain';
import { fieldMessages, PREDIAL_MESSAGES } from '../../../shared/predial/predial-messages.ts';

/** Field by field messages that say what to type; other codes read the generic text. */
export const fieldMessage = fieldMessages<keyof SimplifiedReportForm>({
  ...PREDIAL_MESSAGES,
  tiene_numero: { choose_one: 'predial.errors.yesNo', required: 'predial.errors.yesNo' },
});
