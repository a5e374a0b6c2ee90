import { describe, expect, it } from 'vitest';
import {
  type CertificateIdentification,
  certificateMode,
  isArticleNumber,
  isBookNumber,
  isDescriptionNumber,
  isSheets,
  withCertificateMode,
} from './certificate-identification.ts';

const blank: CertificateIdentification = {
  forma_identificar_matricial: false,
  forma_identificar_livro: false,
  forma_identificar_ficha: false,
  tipo_rustica: false,
  tipo_urbana: false,
  numero_artigo: '',
  seccao: '',
  num_livro: '',
  livro: '',
  folhas: '',
  num_ficha: '',
};
const filled: CertificateIdentification = {
  ...blank,
  forma_identificar_matricial: true,
  tipo_urbana: true,
  numero_artigo: '567',
  seccao: 'B',
  num_livro: '9',
  livro: 'B-12',
  folhas: '34v',
  num_ficha: '1234',
};

describe('certificate identification mode (spec 4)', () => {
  it.each([
    [blank, null],
    [{ ...blank, forma_identificar_matricial: true }, 'matricial'],
    [{ ...blank, forma_identificar_ficha: true }, 'ficha'],
    [{ ...blank, forma_identificar_livro: true }, 'livro'],
    [{ ...blank, forma_identificar_livro: true, forma_identificar_ficha: true }, null],
  ] as const)('%j -> %s', (form, mode) => {
    expect(certificateMode(form)).toBe(mode);
  });

  it.each([
    [
      'matricial',
      {
        forma_identificar_matricial: true,
        forma_identificar_ficha: false,
        forma_identificar_livro: false,
        tipo_urbana: true,
        numero_artigo: '567',
        seccao: 'B',
        num_ficha: '',
        num_livro: '',
        livro: '',
        folhas: '',
      },
    ],
    [
      'ficha',
      {
        forma_identificar_matricial: false,
        forma_identificar_ficha: true,
        tipo_urbana: false,
        numero_artigo: '',
        seccao: '',
        num_ficha: '1234',
        num_livro: '',
        livro: '',
        folhas: '',
      },
    ],
    [
      'livro',
      {
        forma_identificar_livro: true,
        forma_identificar_matricial: false,
        tipo_rustica: false,
        tipo_urbana: false,
        numero_artigo: '',
        seccao: '',
        num_ficha: '',
        num_livro: '9',
        livro: 'B-12',
        folhas: '34v',
      },
    ],
  ] as const)('choosing %s sets its flag and clears the other modes', (mode, expected) => {
    const next = withCertificateMode({ ...filled, extra: 'kept' }, mode);
    expect(next).toMatchObject({ ...expected, extra: 'kept' });
    expect(certificateMode(next)).toBe(mode);
  });

  it('does not change the form it is given', () => {
    const copy = { ...filled };
    withCertificateMode(filled, 'ficha');
    expect(filled).toEqual(copy);
  });
});

describe('Portuguese property numbers', () => {
  it.each([
    ['1234', true],
    ['0012', true],
    [' 1 234 ', true],
    ['1234567', true],
    ['12345678', false],
    ['12A', false],
    ['P123', false],
    ['', false],
  ])('article %j -> %s', (value, ok) => expect(isArticleNumber(value)).toBe(ok));

  it.each([
    ['1234', true],
    ['1234/20050315', true],
    ['1234/2005', false],
    ['12-3', false],
    ['abc', false],
  ])('ficha %j -> %s', (value, ok) => expect(isDescriptionNumber(value)).toBe(ok));

  it.each([
    ['9', true],
    ['9a', false],
  ])('book number %j -> %s', (value, ok) => expect(isBookNumber(value)).toBe(ok));

  it.each([
    ['34', true],
    ['34v', true],
    ['34V', true],
    ['34-35v', true],
    ['34 - 35', true],
    ['v34', false],
    ['trinta', false],
    ['', false],
  ])('sheets %j -> %s', (value, ok) => expect(isSheets(value)).toBe(ok));
});
