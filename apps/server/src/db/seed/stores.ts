import type { PaymentMethod } from '@shop/domain';
import type { stores } from '../schema/index.ts';

export type StoreSeed = Omit<typeof stores.$inferInsert, 'paymentMethods'> & {
  id: number;
  language: 'es' | 'pt' | 'en';
  paymentMethods: PaymentMethod[];
};

/** Payment methods per store group (DECISIONS.md "Payment methods per store"); `cc` is the card. */
const SPANISH_METHODS: PaymentMethod[] = ['cc', 'bizum', 'paypal', 'bank'];
// MB WAY on the Portuguese stores (issue 17 item 7).
const PORTUGUESE_METHODS: PaymentMethod[] = ['cc', 'multibanco', 'paypal', 'mbway'];
const FOREIGN_METHODS: PaymentMethod[] = ['cc', 'paypal'];

/** VAT in basis points (DECISIONS.md "Money"). */
const VAT_ES = 2100;
const VAT_PT = 2300;
const VAT_OTHER = 2100;

/**
 * The storefronts of spec 1. Homepages use the reserved `.example` top-level
 * domain and the phones are placeholders in each country's format: an operator
 * sets the real ones in the back office. Host names are empty: the host-name
 * mapping comes from the environment. Language: 16, 26, 28 Portuguese; 17-19
 * English; all others Spanish (spec 1).
 */
export const storesSeed: StoreSeed[] = [
  spanish(1, 'main', 'Registros y Trámites', 'https://www.registrosytramites.example', '+34 910 000 001'),
  spanish(
    9,
    'registry',
    'Registro de la Propiedad Online',
    'https://www.registropropiedad.example',
    '+34 910 000 009',
  ),
  spanish(12, 'registry', 'Registros Online', 'https://www.registrosonline.example', '+34 910 000 012'),
  spanish(14, 'registry', 'Nota Simple Online', 'https://www.notasimple.example', '+34 910 000 014'),
  spanish(
    15,
    'generic',
    'Información Mercantil',
    'https://www.informacionmercantil.example',
    '+34 910 000 015',
  ),
  portuguese(16, 'Certidão Permanente Online', 'https://www.certidaopermanente.example', '+351 210 000 016'),
  portuguese(26, 'Registo Predial Online', 'https://www.registopredial.example', '+351 210 000 026'),
  portuguese(28, 'Documentos Prediais', 'https://www.documentosprediais.example', '+351 210 000 028'),
  english(
    17,
    'Spanish Property Documents Ireland',
    'https://www.spanishpropertydocs-ie.example',
    '+353 1 000 0017',
  ),
  english(18, 'Spanish Land Registry UK', 'https://www.spanishlandregistry-uk.example', '+44 20 0000 0018'),
  english(
    19,
    'Spanish Property Records Wales',
    'https://www.spanishpropertyrecords-wales.example',
    '+44 29 0000 0019',
  ),
  {
    ...spanish(
      20,
      'generic',
      'Registro España NL',
      'https://www.registrospanje-nl.example',
      '+31 20 000 0020',
    ),
    vatRateBp: VAT_OTHER,
    paymentMethods: FOREIGN_METHODS,
  },
  spanish(21, 'generic', 'Gestiones Online', 'https://www.gestionesonline.example', '+34 910 000 021'),
  spanish(
    22,
    'generic',
    'Certificado de Nacimiento',
    'https://www.certificadodenacimiento.example',
    '+34 910 000 022',
  ),
  spanish(
    23,
    'generic',
    'Partida de Nacimiento',
    'https://www.partidadenacimiento.example',
    '+34 910 000 023',
  ),
];

function spanish(
  id: number,
  kind: StoreSeed['kind'],
  portalName: string,
  homepage: string,
  phone: string,
): StoreSeed {
  return {
    id,
    language: 'es',
    kind,
    portalName,
    homepage,
    phone,
    vatRateBp: VAT_ES,
    paymentMethods: SPANISH_METHODS,
  };
}

function portuguese(id: number, portalName: string, homepage: string, phone: string): StoreSeed {
  return {
    id,
    language: 'pt',
    kind: 'portuguese',
    portalName,
    homepage,
    phone,
    vatRateBp: VAT_PT,
    paymentMethods: PORTUGUESE_METHODS,
  };
}

function english(id: number, portalName: string, homepage: string, phone: string): StoreSeed {
  return {
    id,
    language: 'en',
    kind: 'english',
    portalName,
    homepage,
    phone,
    vatRateBp: VAT_OTHER,
    paymentMethods: FOREIGN_METHODS,
  };
}
