import { addDaysIso, easterDates } from '../rules/easter.ts';
import { ES_REGIONS, type EsRegion } from './regions.ts';

/**
 * One day a registry is closed. National when `region` and `municipality` are
 * null; a community's (Spain) when `region` is set; a municipality's when
 * `municipality` is set (Spain: 5-digit INE code; Portugal: the concelho's
 * name, compared without case or accents). Sources: ./README.md.
 */
export interface HolidaySeed {
  date: string;
  country: 'ES' | 'PT';
  region: EsRegion | null;
  municipality: string | null;
  name: string;
}

const national = (country: 'ES' | 'PT', date: string, name: string): HolidaySeed => ({
  date,
  country,
  region: null,
  municipality: null,
  name,
});

/**
 * Spain's national holidays no community may replace (RD 2001/1983 art. 45.1
 * a-c): fixed dates plus Good Friday. Those falling on a Sunday are kept (the
 * Monday after is a community's choice, listed per community).
 */
export function spainFixedNationalHolidays(year: number): HolidaySeed[] {
  const { goodFriday } = easterDates(year);
  return [
    national('ES', `${year}-01-01`, 'Año Nuevo'),
    national('ES', goodFriday, 'Viernes Santo'),
    national('ES', `${year}-05-01`, 'Fiesta del Trabajo'),
    national('ES', `${year}-08-15`, 'Asunción de la Virgen'),
    national('ES', `${year}-10-12`, 'Fiesta Nacional de España'),
    national('ES', `${year}-11-01`, 'Todos los Santos'),
    national('ES', `${year}-12-06`, 'Día de la Constitución Española'),
    national('ES', `${year}-12-08`, 'Inmaculada Concepción'),
    national('ES', `${year}-12-25`, 'Natividad del Señor'),
  ];
}

/** Portugal's obligatory holidays (Código do Trabalho, art. 234.º, as amended by Lei 8/2016). */
export function portugalNationalHolidays(year: number): HolidaySeed[] {
  const easter = easterDates(year);
  return [
    national('PT', `${year}-01-01`, 'Ano Novo'),
    national('PT', easter.goodFriday, 'Sexta-Feira Santa'),
    national('PT', easter.easterSunday, 'Domingo de Páscoa'),
    national('PT', `${year}-04-25`, 'Dia da Liberdade'),
    national('PT', `${year}-05-01`, 'Dia do Trabalhador'),
    national('PT', easter.corpusChristi, 'Corpo de Deus'),
    national('PT', `${year}-06-10`, 'Dia de Portugal'),
    national('PT', `${year}-08-15`, 'Assunção de Nossa Senhora'),
    national('PT', `${year}-10-05`, 'Implantação da República'),
    national('PT', `${year}-11-01`, 'Dia de Todos os Santos'),
    national('PT', `${year}-12-01`, 'Restauração da Independência'),
    national('PT', `${year}-12-08`, 'Imaculada Conceição'),
    national('PT', `${year}-12-25`, 'Natal'),
  ];
}

const regional = (regions: EsRegion[], date: string, name: string): HolidaySeed[] =>
  regions.map((region) => ({ date, country: 'ES', region, municipality: null, name }));

const ALL_REGIONS_BUT = (...except: EsRegion[]): EsRegion[] => ES_REGIONS.filter((r) => !except.includes(r));

/**
 * 2026, Spain: the BOE's Resolución de 17 de octubre de 2025 (Dirección General
 * de Trabajo) and the communities' own calendars, as far as the sources in
 * ./README.md confirm them. Epiphany (6 January) was kept by every community.
 */
function spain2026(): HolidaySeed[] {
  return [
    ...spainFixedNationalHolidays(2026),
    ...regional(ALL_REGIONS_BUT(), '2026-01-06', 'Epifanía del Señor'),
    ...regional(ALL_REGIONS_BUT('CT', 'VC'), '2026-04-02', 'Jueves Santo'),
    ...regional(
      ['AN', 'AR', 'AS', 'CN', 'CM', 'CL', 'EX', 'MD', 'NC'],
      '2026-11-02',
      'Lunes siguiente a Todos los Santos',
    ),
    ...regional(
      ['AN', 'AR', 'AS', 'CB', 'CL', 'EX', 'MD', 'MC', 'RI', 'ML'],
      '2026-12-07',
      'Lunes siguiente al Día de la Constitución',
    ),
    ...regional(['AN'], '2026-02-28', 'Día de Andalucía'),
    ...regional(['IB'], '2026-03-02', 'Día de las Illes Balears (trasladado)'),
    ...regional(['MD'], '2026-05-02', 'Fiesta de la Comunidad de Madrid'),
    ...regional(['CT'], addDaysIso(easterDates(2026).easterSunday, 1), 'Dilluns de Pasqua Florida'),
    ...regional(['CT'], '2026-06-24', 'Sant Joan'),
    ...regional(['CT'], '2026-09-11', 'Diada Nacional de Catalunya'),
    ...regional(['CT'], '2026-12-26', 'Sant Esteve'),
    { date: '2026-05-15', country: 'ES', region: null, municipality: '28079', name: 'San Isidro Labrador' },
    {
      date: '2026-11-09',
      country: 'ES',
      region: null,
      municipality: '28079',
      name: 'Nuestra Señora de la Almudena',
    },
  ];
}

/**
 * 2027, Spain: only the holidays no community may move (see README: the
 * BOE's resolution for 2027 was not among the sources this data was built
 * from; operators add the communities' days in the back office).
 */
function spain2027(): HolidaySeed[] {
  return spainFixedNationalHolidays(2027);
}

/** Feriados municipais (one per concelho) that the README's sources confirm. */
const PT_MUNICIPAL: { concelho: string; monthDay: string; name: string }[] = [
  { concelho: 'Lisboa', monthDay: '06-13', name: 'Santo António' },
  { concelho: 'Porto', monthDay: '06-24', name: 'São João' },
  { concelho: 'Braga', monthDay: '06-24', name: 'São João' },
  { concelho: 'Coimbra', monthDay: '07-04', name: 'Rainha Santa Isabel' },
];

function portugal(year: number): HolidaySeed[] {
  return [
    ...portugalNationalHolidays(year),
    ...PT_MUNICIPAL.map(({ concelho, monthDay, name }) => ({
      date: `${year}-${monthDay}`,
      country: 'PT' as const,
      region: null,
      municipality: concelho,
      name,
    })),
  ];
}

/** The seeded calendars: 2026 and 2027, Spain and Portugal. */
export function seededHolidays(): HolidaySeed[] {
  return [...spain2026(), ...spain2027(), ...portugal(2026), ...portugal(2027)];
}
