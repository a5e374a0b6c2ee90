import type { CertificateForm, NotaSimpleForm, SimplifiedReportForm } from '@shop/domain';
import { describe, expect, it } from 'vitest';
// The server's form -> options mapping: the dialogs' reverse mapping must undo it.
import {
  certificateValues,
  notaSimpleValues,
  simplifiedReportValues,
} from '../../../../../server/src/modules/cart/fixed-items.ts';
import { emptyForm } from '../../../shared/wizard/flow-forms.ts';
import { makeCartItem, option } from '../../../testing/cart-fixture.ts';
import { certificateFormOf, notaSimpleFormOf, simplifiedReportFormOf } from './item-forms.ts';

/** A cart item whose options are what the server stores for these option values. */
const itemWith = (productId: number, values: Record<number, string>) =>
  makeCartItem({
    product_id: productId,
    options: Object.entries(values).map(([id, value]) => option(Number(id), value)),
  });

const ns = (patch: Partial<NotaSimpleForm>): NotaSimpleForm => ({ ...emptyForm('nota-simple'), ...patch });
const cert = (patch: Partial<CertificateForm>): CertificateForm => ({
  ...emptyForm('certidao-permanente'),
  ...patch,
});
const ips = (patch: Partial<SimplifiedReportForm>): SimplifiedReportForm => ({
  ...emptyForm('i-predial-simplificada'),
  ...patch,
});

describe('Nota Simple item -> form (options 77, 78, 79, 80, 74, 411)', () => {
  it.each([
    [
      'known owner, standard',
      ns({
        conoce_nombre_propietario: true,
        nombre: 'Ana García López',
        direccion: 'Calle Mayor 1, 2º B',
        municipio: 'Madrid',
        provincia: 'Madrid',
        otros_datos: 'Finca 1234',
      }),
    ],
    [
      'unknown owner, urgent',
      ns({ direccion: 'Rúa Nova 3', municipio: 'Lugo', provincia: 'Lugo', servicio_urgente: true }),
    ],
  ])('%s: round trip through the server mapping', (_, form) => {
    expect(notaSimpleFormOf(itemWith(15867, notaSimpleValues(form)))).toEqual(form);
  });

  it("an owner typed as 'desconocido' comes back blank (the server stores no holder)", () => {
    const form = ns({ nombre: 'Desconocido', direccion: 'X 1', municipio: 'Soria', provincia: 'Soria' });
    expect(notaSimpleFormOf(itemWith(15867, notaSimpleValues(form))).nombre).toBe('');
  });
});

describe('Certidão Permanente item -> form (1366 mode 3871 / 3870 / ficha)', () => {
  const place = 'Lisboa / Lisboa / Benfica';
  it.each([
    [
      'matricial, rural with section',
      cert({
        distrito_concelho_freguesia: place,
        forma_identificar_matricial: true,
        tipo_rustica: true,
        numero_artigo: '1234',
        seccao: 'B',
      }),
    ],
    [
      'matricial, urban, horizontal property',
      cert({
        distrito_concelho_freguesia: place,
        forma_identificar_matricial: true,
        tipo_urbana: true,
        numero_artigo: '77',
        prop_horizontal: true,
        prop_horizontal_fracao: 'AB',
      }),
    ],
    [
      'book',
      cert({
        distrito_concelho_freguesia: place,
        forma_identificar_livro: true,
        num_livro: '321',
        livro: 'B-12',
        folhas: '34-35v',
      }),
    ],
    [
      'ficha',
      cert({ distrito_concelho_freguesia: place, forma_identificar_ficha: true, num_ficha: '1234/20050315' }),
    ],
  ])('%s: round trip through the server mapping', (_, form) => {
    expect(certificateFormOf(itemWith(18414, certificateValues(form)))).toEqual(form);
  });
});

describe('Informação Predial Simplificada item -> form (1431, 1430, 1429, 1427 = 3909)', () => {
  it.each([
    [
      'with ficha and unit, urgent',
      ips({
        distrito_concelho_freguesia: 'Porto / Porto / Bonfim',
        tiene_numero: true,
        num_ficha: '88',
        prop_horizontal: true,
        prop_horizontal_fracao: 'C',
        urgente: true,
      }),
    ],
    ['location only, standard', ips({ distrito_concelho_freguesia: 'Faro / Faro / Sé' })],
  ])('%s: round trip through the server mapping', (_, form) => {
    expect(simplifiedReportFormOf(itemWith(18421, simplifiedReportValues(form)))).toEqual(form);
  });
});
