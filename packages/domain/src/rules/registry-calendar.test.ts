import { describe, expect, it } from 'vitest';
import { seededHolidays } from '../calendars/holidays.ts';
import { regionOfIne } from '../calendars/regions.ts';
import en from '../i18n/en.json';
import es from '../i18n/es.json';
import pt from '../i18n/pt.json';
import { createT } from '../i18n/translate.ts';
import { formatPromise } from './delivery-promise.ts';
import {
  fromWallClock,
  holidaysFor,
  promiseDeadline,
  type RegistryCalendar,
  registryPromise,
} from './registry-calendar.ts';

const seeded = seededHolidays();

function spanish(ine: string, municipality: string, saturday = false): RegistryCalendar {
  return {
    timeZone: 'Europe/Madrid',
    weekdays: { opens: '09:00', closes: '14:00' },
    saturday: saturday ? { opens: '09:00', closes: '13:00' } : null,
    holidays: holidaysFor(
      { country: 'ES', region: regionOfIne(ine), municipalityIne: ine, municipality },
      seeded,
    ),
  };
}

function portuguese(concelho: string): RegistryCalendar {
  return {
    timeZone: 'Europe/Lisbon',
    weekdays: { opens: '09:00', closes: '16:00' },
    saturday: null,
    holidays: holidaysFor(
      { country: 'PT', region: null, municipalityIne: null, municipality: concelho },
      seeded,
    ),
  };
}

const madrid = spanish('28079', 'Madrid');
const sevilla = spanish('41091', 'Sevilla');
const barcelona = spanish('08019', 'Barcelona');
const madridSaturdays = spanish('28079', 'Madrid', true);
const porto = portuguese('Porto');
const lisboa = portuguese('Lisboa');

const madridAt = (date: string, hhmm: string) =>
  fromWallClock(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), 'Europe/Madrid');
const lisbonAt = (date: string, hhmm: string) =>
  fromWallClock(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), 'Europe/Lisbon');

describe('promiseDeadline over the seeded 2026 and 2027 calendars', () => {
  it.each([
    // An urgent order on Friday 13:00, closing at 14:00, Monday a regional holiday: Tuesday.
    [
      'Madrid, Fri 30 Oct 2026 13:00, Mon 2 Nov regional',
      madrid,
      madridAt('2026-10-30', '13:00'),
      3,
      madridAt('2026-11-03', '11:00'),
    ],
    [
      'Sevilla, Fri 4 Dec 2026 13:00, Mon 7 regional + Tue 8 national',
      sevilla,
      madridAt('2026-12-04', '13:00'),
      3,
      madridAt('2026-12-09', '11:00'),
    ],
    [
      'Barcelona keeps 2 Nov 2026 a working day',
      barcelona,
      madridAt('2026-10-30', '13:00'),
      3,
      madridAt('2026-11-02', '11:00'),
    ],
    [
      'Barcelona, Thu 2 Apr 2026 (no Holy Thursday there), Easter Monday closed',
      barcelona,
      madridAt('2026-04-02', '13:00'),
      3,
      madridAt('2026-04-07', '11:00'),
    ],
    [
      'Madrid, Wed 1 Apr 2026 13:00: Holy Thursday and Good Friday closed',
      madrid,
      madridAt('2026-04-01', '13:00'),
      3,
      madridAt('2026-04-06', '11:00'),
    ],
    [
      'Madrid city, 14 May 2026 13:00: San Isidro (15 May) local',
      madrid,
      madridAt('2026-05-14', '13:00'),
      2,
      madridAt('2026-05-18', '10:00'),
    ],
    // An order at 23:00 on 24 December is promised after the 25th.
    [
      'Madrid, 24 Dec 2026 23:00',
      madrid,
      madridAt('2026-12-24', '23:00'),
      3,
      madridAt('2026-12-28', '12:00'),
    ],
    [
      'Madrid, 24 Dec 2027 23:00',
      madrid,
      madridAt('2027-12-24', '23:00'),
      3,
      madridAt('2027-12-27', '12:00'),
    ],
    [
      'Madrid, Thu 25 Mar 2027 13:00: Good Friday 2027 (computed)',
      madrid,
      madridAt('2027-03-25', '13:00'),
      3,
      madridAt('2027-03-29', '11:00'),
    ],
    // Portugal across a municipal holiday (Porto: São João, 24 June).
    [
      'Porto, Tue 23 Jun 2026 12:00, 24 Jun municipal',
      porto,
      lisbonAt('2026-06-23', '12:00'),
      5,
      lisbonAt('2026-06-25', '10:00'),
    ],
    [
      'Lisboa, Tue 23 Jun 2026 12:00: the 24th is a working day',
      lisboa,
      lisbonAt('2026-06-23', '12:00'),
      5,
      lisbonAt('2026-06-24', '10:00'),
    ],
    [
      'Porto, Wed 23 Jun 2027 12:00, Thu 24 municipal',
      porto,
      lisbonAt('2027-06-23', '12:00'),
      5,
      lisbonAt('2027-06-25', '10:00'),
    ],
    [
      'Lisboa, Wed 3 Jun 2026 15:00: Corpo de Deus (4 Jun) computed',
      lisboa,
      lisbonAt('2026-06-03', '15:00'),
      2,
      lisbonAt('2026-06-05', '10:00'),
    ],
    // Office hours, Saturdays and rounding.
    [
      'Madrid, Tue 10 Nov 2026 10:37 + 3h rounds up to 13:40',
      madrid,
      madridAt('2026-11-10', '10:37'),
      3,
      madridAt('2026-11-10', '13:40'),
    ],
    [
      'Madrid, before opening counts from 09:00',
      madrid,
      madridAt('2026-11-10', '07:00'),
      4,
      madridAt('2026-11-10', '13:00'),
    ],
    [
      'Saturday hours count outside August',
      madridSaturdays,
      madridAt('2026-10-02', '13:00'),
      3,
      madridAt('2026-10-03', '11:00'),
    ],
    [
      'Saturdays in August are closed',
      madridSaturdays,
      madridAt('2026-08-07', '13:00'),
      3,
      madridAt('2026-08-10', '11:00'),
    ],
    [
      'Across the October DST change (25 Oct 2026)',
      madrid,
      madridAt('2026-10-23', '13:00'),
      3,
      madridAt('2026-10-26', '11:00'),
    ],
    [
      'Across the March DST change (28 Mar 2027)',
      madrid,
      madridAt('2027-03-24', '13:30'),
      8,
      madridAt('2027-03-29', '11:30'),
    ],
  ])('%s', (_name, calendar, start, hours, expected) => {
    expect(promiseDeadline(start, hours, calendar).toISOString()).toBe(expected.toISOString());
  });

  it('uses wall-clock Madrid time (CET/CEST) and Lisbon time', () => {
    expect(madridAt('2026-11-03', '11:00').toISOString()).toBe('2026-11-03T10:00:00.000Z');
    expect(madridAt('2026-06-03', '11:00').toISOString()).toBe('2026-06-03T09:00:00.000Z');
    expect(lisbonAt('2026-06-25', '10:00').toISOString()).toBe('2026-06-25T09:00:00.000Z');
  });
});

describe('registryPromise', () => {
  const start = madridAt('2026-10-30', '13:00');
  it.each([
    [
      'urgent uses the urgent hours',
      { standard: 8, urgent: 3 },
      true,
      madrid,
      madridAt('2026-11-03', '11:00').toISOString(),
    ],
    [
      'standard uses the standard hours',
      { standard: 8, urgent: 3 },
      false,
      madrid,
      madridAt('2026-11-04', '11:00').toISOString(),
    ],
    [
      'urgent without urgent hours uses the standard ones',
      { standard: 3, urgent: null },
      true,
      madrid,
      madridAt('2026-11-03', '11:00').toISOString(),
    ],
    // The spec's default (nsCopy) when the registry's hours are unknown.
    ['unknown hours: no promise (nsCopy)', { standard: null, urgent: null }, true, madrid, null],
    ['unknown calendar: no promise (nsCopy)', { standard: 3, urgent: 2 }, true, null, null],
  ] as const)('%s', (_name, hours, urgent, calendar, expected) => {
    expect(registryPromise(start, hours, urgent, calendar)).toBe(expected);
  });
});

describe('formatPromise', () => {
  const t = { es: createT('es', es), pt: createT('pt', pt), en: createT('en', en) };
  const now = madridAt('2026-11-27', '10:00').toISOString();
  it.each([
    ['es', madridAt('2026-11-27', '13:40'), 'Recíbela hoy antes de las 13:40'],
    ['es', madridAt('2026-11-28', '12:00'), 'Recíbela mañana antes de las 12:00'],
    ['es', madridAt('2026-12-01', '12:00'), 'Recíbela el martes 1 antes de las 12:00'],
    ['es', madridAt('2026-12-09', '11:00'), 'Recíbela el miércoles 9 de diciembre antes de las 11:00'],
    ['pt', madridAt('2026-11-27', '13:40'), 'Receba-a hoje até às 13:40'],
    ['pt', madridAt('2026-12-01', '12:00'), 'Receba-a na terça-feira, dia 1, até às 12:00'],
    ['pt', madridAt('2026-11-29', '12:00'), 'Receba-a no domingo, dia 29, até às 12:00'],
    ['pt', madridAt('2026-12-09', '11:00'), 'Receba-a na quarta-feira, 9 de dezembro, até às 11:00'],
    ['pt', madridAt('2026-11-28', '12:00'), 'Receba-a amanhã até às 12:00'],
    ['en', madridAt('2026-11-27', '13:40'), 'Get it today by 13:40'],
    ['en', madridAt('2026-12-01', '12:00'), 'Get it on Tuesday 1 by 12:00'],
  ] as const)('%s %s', (language, deadline, text) => {
    expect(formatPromise(t[language], deadline.toISOString(), now, language, 'Europe/Madrid')).toBe(text);
  });

  it('reads the day in the registry time zone (Lisbon)', () => {
    const lisbonNow = lisbonAt('2026-06-23', '23:30').toISOString();
    expect(
      formatPromise(t.pt, lisbonAt('2026-06-25', '10:00').toISOString(), lisbonNow, 'pt', 'Europe/Lisbon'),
    ).toBe('Receba-a na quinta-feira, dia 25, até às 10:00');
  });
});
