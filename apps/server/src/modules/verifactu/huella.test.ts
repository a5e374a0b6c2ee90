import { describe, expect, it } from 'vitest';
import { fechaAeat, fechaHoraHuso, importe, tipoImpositivo } from './formats.ts';
import { altaHashInput, huellaAlta, huellaAnulacion } from './huella.ts';
import { MAX_BATCH, mustWait } from './sender.ts';

/**
 * The AEAT's worked examples: "Detalle de las especificaciones técnicas para
 * generación de la huella o hash de los registros de facturación" v0.1.2,
 * section 4 (first alta, chained alta, anulación).
 */
describe('huella (AEAT published examples)', () => {
  const first = {
    idEmisorFactura: '89890001K',
    numSerieFactura: '12345678/G33',
    fechaExpedicionFactura: '01-01-2024',
    tipoFactura: 'F1',
    cuotaTotal: '12.35',
    importeTotal: '123.45',
    huellaAnterior: null,
    fechaHoraHusoGenRegistro: '2024-01-01T19:20:30+01:00',
  };

  it('hashes the first alta (no previous huella)', () => {
    expect(altaHashInput(first)).toBe(
      'IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00',
    );
    expect(huellaAlta(first)).toBe('3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60');
  });

  it('hashes the chained alta with the previous huella', () => {
    expect(
      huellaAlta({
        ...first,
        numSerieFactura: '12345679/G34',
        huellaAnterior: '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60',
        fechaHoraHusoGenRegistro: '2024-01-01T19:20:35+01:00',
      }),
    ).toBe('F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97');
  });

  it('hashes the anulación chained to the second alta', () => {
    expect(
      huellaAnulacion({
        idEmisorFacturaAnulada: '89890001K',
        numSerieFacturaAnulada: '12345679/G34',
        fechaExpedicionFacturaAnulada: '01-01-2024',
        huellaAnterior: 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97',
        fechaHoraHusoGenRegistro: '2024-01-01T19:20:40+01:00',
      }),
    ).toBe('177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68');
  });

  it('trims values as the specification says', () => {
    expect(huellaAlta({ ...first, numSerieFactura: ' 12345678/G33 ' })).toBe(huellaAlta(first));
  });
});

describe('VERI*FACTU formats', () => {
  it('writes dates in Madrid, with the offset of the season', () => {
    expect(fechaAeat(new Date('2026-12-31T23:30:00Z'))).toBe('01-01-2027');
    expect(fechaHoraHuso(new Date('2026-12-31T23:30:05Z'))).toBe('2027-01-01T00:30:05+01:00');
    expect(fechaHoraHuso(new Date('2026-07-01T10:00:00Z'))).toBe('2026-07-01T12:00:00+02:00');
  });
  it('writes amounts and rates as the XSD wants them', () => {
    expect([importe(1235), importe(-500), importe(7), importe(0)]).toEqual([
      '12.35',
      '-5.00',
      '0.07',
      '0.00',
    ]);
    expect([tipoImpositivo(2100), tipoImpositivo(1050), tipoImpositivo(2325)]).toEqual([
      '21',
      '10.5',
      '23.25',
    ]);
  });
});

describe('flow control (Orden HAC/1177/2024 art. 16.2)', () => {
  const now = new Date('2027-01-01T10:00:00Z');
  it('waits the answered seconds unless 1,000 records are waiting', () => {
    const later = new Date(now.getTime() + 60_000);
    expect(mustWait(1, later, now)).toBe(true);
    expect(mustWait(MAX_BATCH - 1, later, now)).toBe(true);
    expect(mustWait(MAX_BATCH, later, now)).toBe(false);
    expect(mustWait(1, null, now)).toBe(false);
    expect(mustWait(1, new Date(now.getTime() - 1), now)).toBe(false);
  });
});
