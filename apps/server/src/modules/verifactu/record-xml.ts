import { importe, tipoImpositivo } from './formats.ts';
import { SISTEMA_INFORMATICO } from './system.ts';

/**
 * The XML of registros de facturación and of the submission that carries them,
 * element by element in the order of the AEAT's schemas (SuministroLR.xsd,
 * SuministroInformacion.xsd, the SOAP 1.1 envelope of SistemaFacturacion.wsdl),
 * written with our own escaping (ADR 023): the records are flat sequences of
 * known elements, so a builder would add a dependency and nothing else.
 * Pure: no I/O.
 */

export const NS_SOAP = 'http://schemas.xmlsoap.org/soap/envelope/';
const NS_BASE =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws';
export const NS_LR = `${NS_BASE}/SuministroLR.xsd`;
export const NS_SF = `${NS_BASE}/SuministroInformacion.xsd`;
export const NS_RESPONSE = `${NS_BASE}/RespuestaSuministro.xsd`;

/** XML 1.0 text: the five escapes, and characters XML cannot carry removed. */
export function escapeXml(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** At most `max` characters (the XSD's TextMaxN), trimmed: the huella trims values too. */
export function clip(value: string, max: number): string {
  return Array.from(value.trim()).slice(0, max).join('').trim();
}

type Node = [name: string, content: string | Node[] | null | undefined];

function render(nodes: Node[], prefix = 'sum1'): string {
  let out = '';
  for (const [name, content] of nodes) {
    if (content === null || content === undefined) continue;
    const inner = typeof content === 'string' ? escapeXml(content) : render(content, prefix);
    out += `<${prefix}:${name}>${inner}</${prefix}:${name}>`;
  }
  return out;
}

export interface InvoiceId {
  numSerie: string;
  /** dd-mm-yyyy */
  fecha: string;
}

export interface PreviousRecord extends InvoiceId {
  issuerNif: string;
  huella: string;
}

export type Recipient =
  | { name: string; nif: string }
  | {
      name: string;
      idOtro: { codigoPais: string; idType: '02' | '03' | '04' | '05' | '06' | '07'; id: string };
    };

export interface AltaData {
  issuer: { nif: string; name: string };
  invoice: InvoiceId;
  tipoFactura: 'F1' | 'F2' | 'R1' | 'R5';
  /** Rectificativas by differences (TipoRectificativa I): the invoices they rectify. */
  rectified?: InvoiceId[];
  description: string;
  /** F1 and R1 only. */
  recipient?: Recipient;
  /** One line per VAT rate: base and cuota in cents (negative in a rectificativa by differences). */
  breakdown: { rateBp: number; baseCents: number; cuotaCents: number }[];
  cuotaCents: number;
  importeCents: number;
  /** A subsanación of a rejected record (Subsanacion S, RechazoPrevio X: AEAT "Descripción servicios web" 9.1.3). */
  correctsRejected?: boolean;
}

function encadenamiento(previous: PreviousRecord | null): Node {
  return [
    'Encadenamiento',
    previous
      ? [
          [
            'RegistroAnterior',
            [
              ['IDEmisorFactura', previous.issuerNif],
              ['NumSerieFactura', previous.numSerie],
              ['FechaExpedicionFactura', previous.fecha],
              ['Huella', previous.huella],
            ],
          ],
        ]
      : [['PrimerRegistro', 'S']],
  ];
}

/** The <sum1:Encadenamiento> of a record as registroAltaXml writes it (invoices.sql.ts completes a record in SQL). */
export function encadenamientoXml(previous: PreviousRecord | null): string {
  return render([encadenamiento(previous)]);
}

function sistemaInformatico(): Node {
  const s = SISTEMA_INFORMATICO;
  return [
    'SistemaInformatico',
    [
      ['NombreRazon', s.producerName],
      ['NIF', s.producerNif],
      ['NombreSistemaInformatico', s.name],
      ['IdSistemaInformatico', s.id],
      ['Version', s.version],
      ['NumeroInstalacion', s.installationNumber],
      ['TipoUsoPosibleSoloVerifactu', s.onlyVerifactu],
      ['TipoUsoPosibleMultiOT', s.multipleTaxpayersPossible],
      ['IndicadorMultiplesOT', s.multipleTaxpayers],
    ],
  ];
}

function recipientNode(recipient: Recipient): Node {
  const name: Node = ['NombreRazon', clip(recipient.name, 120)];
  if ('nif' in recipient) return ['IDDestinatario', [name, ['NIF', recipient.nif]]];
  const { codigoPais, idType, id } = recipient.idOtro;
  return [
    'IDDestinatario',
    [
      name,
      [
        'IDOtro',
        [
          ['CodigoPais', codigoPais],
          ['IDType', idType],
          ['ID', clip(id, 20)],
        ],
      ],
    ],
  ];
}

/** <sum1:RegistroAlta> (SuministroInformacion.xsd RegistroFacturacionAltaType). */
export function registroAltaXml(
  data: AltaData,
  chain: { previous: PreviousRecord | null; generatedAt: string; huella: string },
): string {
  const rectificativa = data.tipoFactura === 'R1' || data.tipoFactura === 'R5';
  const nodes: Node[] = [
    ['IDVersion', '1.0'],
    [
      'IDFactura',
      [
        ['IDEmisorFactura', data.issuer.nif],
        ['NumSerieFactura', data.invoice.numSerie],
        ['FechaExpedicionFactura', data.invoice.fecha],
      ],
    ],
    ['NombreRazonEmisor', clip(data.issuer.name, 120)],
    ['Subsanacion', data.correctsRejected ? 'S' : null],
    ['RechazoPrevio', data.correctsRejected ? 'X' : null],
    ['TipoFactura', data.tipoFactura],
    ['TipoRectificativa', rectificativa ? 'I' : null],
    [
      'FacturasRectificadas',
      rectificativa && data.rectified?.length
        ? data.rectified.map(
            (r): Node => [
              'IDFacturaRectificada',
              [
                ['IDEmisorFactura', data.issuer.nif],
                ['NumSerieFactura', r.numSerie],
                ['FechaExpedicionFactura', r.fecha],
              ],
            ],
          )
        : null,
    ],
    ['DescripcionOperacion', clip(data.description, 500) || '-'],
    [
      'Destinatarios',
      data.recipient && (data.tipoFactura === 'F1' || data.tipoFactura === 'R1')
        ? [recipientNode(data.recipient)]
        : null,
    ],
    [
      'Desglose',
      data.breakdown.map(
        (line): Node => [
          'DetalleDesglose',
          [
            // 01: régimen general; S1: sujeta y no exenta, sin inversión del sujeto pasivo.
            ['ClaveRegimen', '01'],
            ['CalificacionOperacion', 'S1'],
            ['TipoImpositivo', tipoImpositivo(line.rateBp)],
            ['BaseImponibleOimporteNoSujeto', importe(line.baseCents)],
            ['CuotaRepercutida', importe(line.cuotaCents)],
          ],
        ],
      ),
    ],
    ['CuotaTotal', importe(data.cuotaCents)],
    ['ImporteTotal', importe(data.importeCents)],
    encadenamiento(chain.previous),
    sistemaInformatico(),
    ['FechaHoraHusoGenRegistro', chain.generatedAt],
    ['TipoHuella', '01'],
    ['Huella', chain.huella],
  ];
  return `<sum1:RegistroAlta>${render(nodes)}</sum1:RegistroAlta>`;
}

/** <sum1:RegistroAnulacion> (RegistroFacturacionAnulacionType). */
export function registroAnulacionXml(
  data: { issuer: { nif: string }; invoice: InvoiceId },
  chain: { previous: PreviousRecord | null; generatedAt: string; huella: string },
): string {
  const nodes: Node[] = [
    ['IDVersion', '1.0'],
    [
      'IDFactura',
      [
        ['IDEmisorFacturaAnulada', data.issuer.nif],
        ['NumSerieFacturaAnulada', data.invoice.numSerie],
        ['FechaExpedicionFacturaAnulada', data.invoice.fecha],
      ],
    ],
    encadenamiento(chain.previous),
    sistemaInformatico(),
    ['FechaHoraHusoGenRegistro', chain.generatedAt],
    ['TipoHuella', '01'],
    ['Huella', chain.huella],
  ];
  return `<sum1:RegistroAnulacion>${render(nodes)}</sum1:RegistroAnulacion>`;
}

/** <sum:RegFactuSistemaFacturacion>: the header (obligado a emitir) and 1 to 1,000 records. */
export function regFactuXml(issuer: { nif: string; name: string }, records: string[]): string {
  if (records.length < 1 || records.length > 1000) throw new Error('a submission carries 1 to 1,000 records');
  const cabecera = `<sum:Cabecera>${render([
    [
      'ObligadoEmision',
      [
        ['NombreRazon', clip(issuer.name, 120)],
        ['NIF', issuer.nif],
      ],
    ],
  ])}</sum:Cabecera>`;
  const body = records.map((r) => `<sum:RegistroFactura>${r}</sum:RegistroFactura>`).join('');
  return `<sum:RegFactuSistemaFacturacion xmlns:sum="${NS_LR}" xmlns:sum1="${NS_SF}">${cabecera}${body}</sum:RegFactuSistemaFacturacion>`;
}

/** The SOAP 1.1 envelope of the RegFactuSistemaFacturacion operation (document/literal). */
export function soapEnvelope(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${NS_SOAP}"><soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;
}
