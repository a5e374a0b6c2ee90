import { XMLParser } from 'fast-xml-parser';

/**
 * The AEAT's answer to RegFactuSistemaFacturacion (RespuestaSuministro.xsd
 * RespuestaRegFactuSistemaFacturacion) or a SOAP 1.1 Fault (AEAT "Descripción
 * de los servicios web" 5.1: faultcode Server = send again, Client = the
 * submission is refused as a whole). Pure: no I/O.
 */

export interface AnswerLine {
  numSerie: string;
  fecha: string;
  operation: 'Alta' | 'Anulacion';
  state: 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';
  errorCode: string | null;
  errorText: string | null;
  /**
   * A record refused as a duplicate carries the state the AEAT already has
   * (RegistroDuplicado/EstadoRegistroDuplicado: Correcta, AceptadaConErrores, Anulada):
   * what a submission whose answer was lost (a timeout) left there.
   */
  duplicateState: string | null;
}

export type AeatAnswer =
  | { kind: 'answer'; csv: string | null; waitSeconds: number; envio: string; lines: AnswerLine[] }
  | { kind: 'fault'; faultCode: 'Server' | 'Client'; errorCode: string | null; text: string };

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'RespuestaLinea',
  // An answer carries no entities of its own; refusing them keeps a hostile body small.
  processEntities: false,
});

const text = (value: unknown): string | null =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;

/** The node at `path` below a parsed XML element (fast-xml-parser's objects), or undefined. */
export function at(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const name of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[name];
  }
  return current;
}

/** Parses the SOAP body; throws when it is neither an answer nor a fault (the caller retries). */
export function parseAnswer(xml: string): AeatAnswer {
  const body = at(parser.parse(xml), 'Envelope', 'Body');
  if (!body) throw new Error('AEAT answer without a SOAP body');
  const fault = at(body, 'Fault');
  if (fault) {
    const faultString = text(at(fault, 'faultstring')) ?? '';
    const code = /Codigo\[(\d+)\]/.exec(faultString)?.[1] ?? null;
    return {
      kind: 'fault',
      faultCode: /client/i.test(text(at(fault, 'faultcode')) ?? '') ? 'Client' : 'Server',
      errorCode: code,
      text: faultString,
    };
  }
  const answer = at(body, 'RespuestaRegFactuSistemaFacturacion');
  if (!answer) throw new Error('AEAT answer without RespuestaRegFactuSistemaFacturacion');
  const wait = Number(text(at(answer, 'TiempoEsperaEnvio')) ?? '60');
  const lines = at(answer, 'RespuestaLinea');
  return {
    kind: 'answer',
    csv: text(at(answer, 'CSV')),
    waitSeconds: Number.isFinite(wait) && wait >= 0 ? wait : 60,
    envio: text(at(answer, 'EstadoEnvio')) ?? '',
    lines: (Array.isArray(lines) ? lines : []).map((line: unknown) => {
      const state = text(at(line, 'EstadoRegistro'));
      return {
        numSerie: text(at(line, 'IDFactura', 'NumSerieFactura')) ?? '',
        fecha: text(at(line, 'IDFactura', 'FechaExpedicionFactura')) ?? '',
        operation: text(at(line, 'Operacion', 'TipoOperacion')) === 'Anulacion' ? 'Anulacion' : 'Alta',
        state: state === 'Correcto' || state === 'AceptadoConErrores' ? state : 'Incorrecto',
        errorCode: text(at(line, 'CodigoErrorRegistro')),
        errorText: text(at(line, 'DescripcionErrorRegistro')),
        duplicateState: text(at(line, 'RegistroDuplicado', 'EstadoRegistroDuplicado')),
      };
    }),
  };
}
