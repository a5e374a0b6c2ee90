import {
  CalendarsAnswerSchema,
  type HolidayBody,
  HolidaySchema,
  type RegistryHoursBody,
  RegistryHoursSchema,
} from '@shop/domain';
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { adminCall } from '../api.ts';

/** The registry calendars' server state (ADR 034): one read, three changes. */
export const calendarsKey = ['admin', 'calendars'] as const;

/** GET /calendars: every registry's hours and every holiday. */
export function calendarsQuery() {
  return queryOptions({
    queryKey: calendarsKey,
    queryFn: () => adminCall(CalendarsAnswerSchema, '/calendars'),
  });
}

const Ok = z.object({ ok: z.literal(true) });

export const addHoliday = (body: HolidayBody) =>
  adminCall(z.object({ ok: z.literal(true), holiday: HolidaySchema }), '/calendars/holidays', {
    method: 'POST',
    body,
  });

export const removeHoliday = (id: number) => adminCall(Ok, `/calendars/holidays/${id}`, { method: 'DELETE' });

export const saveRegistryHours = (id: number, body: RegistryHoursBody) =>
  adminCall(z.object({ ok: z.literal(true), registry: RegistryHoursSchema }), `/calendars/registries/${id}`, {
    method: 'PUT',
    body,
  });
