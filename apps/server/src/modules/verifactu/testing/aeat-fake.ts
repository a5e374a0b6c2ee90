import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { XMLParser } from 'fast-xml-parser';
import { at } from '../answer.ts';
import { escapeXml, NS_RESPONSE, NS_SF, NS_SOAP } from '../record-xml.ts';
import type { TestPki } from './certs.ts';
import { xsdErrors } from './xsd-validate.ts';

/**
 * A local fake of the AEAT's VERI*FACTU service for tests, built from
 * SistemaFacturacion.wsdl (SOAP 1.1 over HTTPS with a client certificate, the
 * RegFactuSistemaFacturacion operation at …/VerifactuSOAP) and the answers of
 * the AEAT's "Descripción de los servicios web" (RespuestaSuministro.xsd; a
 * SOAP Fault with faultcode env:Client for a submission that does not follow
 * the schemas). Every submission is validated against the AEAT's XSDs.
 * It can refuse connections for a while (an outage) and reject chosen records.
 */

export const FAKE_PATH = '/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP';

export interface FakeRecord {
  kind: 'alta' | 'anulacion';
  numSerie: string;
  fecha: string;
  tipoFactura: string | null;
  huella: string;
  previousHuella: string | null;
  subsanacion: boolean;
  rechazoPrevio: string | null;
}

export interface FakeSubmission {
  at: number;
  nif: string;
  /** The client certificate's subject serialNumber. */
  clientSerial: string;
  schemaErrors: string[];
  records: FakeRecord[];
}

export interface AeatFake {
  endpoint: string;
  submissions: FakeSubmission[];
  /** The TiempoEsperaEnvio it answers (seconds). */
  waitSeconds: number;
  /** Records (by NumSerieFactura) answered Incorrecto once. */
  rejectOnce: Set<string>;
  /** Records (by NumSerieFactura) answered once as duplicates of a record registered Correcta (an answer lost earlier). */
  duplicateOnce: Set<string>;
  /** Refuses connections (closes its port) until up(). */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => name === 'RegistroFactura',
});

const SF = 'sf';
const el = (name: string, value: string, prefix = SF) =>
  `<${prefix}:${name}>${escapeXml(value)}</${prefix}:${name}>`;

function fault(text: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="${NS_SOAP}"><env:Body><env:Fault><faultcode>env:Client</faultcode><faultstring>${escapeXml(text)}</faultstring></env:Fault></env:Body></env:Envelope>`;
}

/** A RespuestaRegFactuSistemaFacturacion in its schema's order. */
export function answerXml(p: {
  csv: string;
  nif: string;
  name: string;
  wait: number;
  lines: {
    nif: string;
    numSerie: string;
    fecha: string;
    op: 'Alta' | 'Anulacion';
    state: string;
    code?: string;
    text?: string;
    duplicateOf?: string;
  }[];
}): string {
  const states = new Set(p.lines.map((l) => l.state));
  const envio =
    states.size === 1 && states.has('Incorrecto')
      ? 'Incorrecto'
      : [...states].every((s) => s === 'Correcto')
        ? 'Correcto'
        : 'ParcialmenteCorrecto';
  const lines = p.lines
    .map(
      (l) =>
        `<sfR:RespuestaLinea><sfR:IDFactura>${el('IDEmisorFactura', l.nif)}${el('NumSerieFactura', l.numSerie)}${el('FechaExpedicionFactura', l.fecha)}</sfR:IDFactura><sfR:Operacion>${el('TipoOperacion', l.op)}</sfR:Operacion>${el('EstadoRegistro', l.state, 'sfR')}${l.code ? el('CodigoErrorRegistro', l.code, 'sfR') : ''}${l.text ? el('DescripcionErrorRegistro', l.text, 'sfR') : ''}${l.duplicateOf ? `<sfR:RegistroDuplicado>${el('IdPeticionRegistroDuplicado', '20270101000001')}${el('EstadoRegistroDuplicado', l.duplicateOf)}</sfR:RegistroDuplicado>` : ''}</sfR:RespuestaLinea>`,
    )
    .join('');
  const csv = envio === 'Incorrecto' ? '' : el('CSV', p.csv, 'sfR');
  return `<sfR:RespuestaRegFactuSistemaFacturacion xmlns:sfR="${NS_RESPONSE}" xmlns:sf="${NS_SF}">${csv}<sfR:Cabecera><sf:ObligadoEmision>${el('NombreRazon', p.name)}${el('NIF', p.nif)}</sf:ObligadoEmision></sfR:Cabecera>${el('TiempoEsperaEnvio', String(p.wait), 'sfR')}${el('EstadoEnvio', envio, 'sfR')}${lines}</sfR:RespuestaRegFactuSistemaFacturacion>`;
}

function recordOf(entry: unknown): FakeRecord {
  const alta = at(entry, 'RegistroAlta');
  const r = alta ?? at(entry, 'RegistroAnulacion');
  const field = (...path: string[]) => {
    const value = at(r, ...path);
    return value === undefined ? null : String(value);
  };
  return {
    kind: alta ? 'alta' : 'anulacion',
    numSerie: field('IDFactura', alta ? 'NumSerieFactura' : 'NumSerieFacturaAnulada') ?? '',
    fecha: field('IDFactura', alta ? 'FechaExpedicionFactura' : 'FechaExpedicionFacturaAnulada') ?? '',
    tipoFactura: field('TipoFactura'),
    huella: field('Huella') ?? '',
    previousHuella: field('Encadenamiento', 'RegistroAnterior', 'Huella'),
    subsanacion: field('Subsanacion') === 'S',
    rechazoPrevio: field('RechazoPrevio'),
  };
}

export async function startAeatFake(pki: TestPki): Promise<AeatFake> {
  const sockets = new Set<Socket>();
  let csvCounter = 0;
  const fake: AeatFake = {
    endpoint: '',
    submissions: [],
    waitSeconds: 0,
    rejectOnce: new Set(),
    duplicateOnce: new Set(),
    down: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    up: () => listen(port),
    close: () => fake.down(),
  };
  const server: Server = createServer(
    {
      key: pki.serverKeyPem,
      cert: pki.serverCertPem,
      ca: [pki.caPem],
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const reply = (status: number, xml: string) => {
          res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' });
          res.end(xml);
        };
        if (req.method !== 'POST' || req.url !== FAKE_PATH) return reply(404, fault('Not found'));
        const schemaErrors = await xsdErrors(body, 'envelope.xsd');
        const request = at(parser.parse(body), 'Envelope', 'Body', 'RegFactuSistemaFacturacion');
        const entries = at(request, 'RegistroFactura');
        const peer = (req.socket as TLSSocket).getPeerCertificate();
        const submission: FakeSubmission = {
          at: Date.now(),
          nif: String(at(request, 'Cabecera', 'ObligadoEmision', 'NIF') ?? ''),
          clientSerial: String(peer?.subject?.serialNumber ?? ''),
          schemaErrors,
          records: Array.isArray(entries) ? entries.map(recordOf) : [],
        };
        fake.submissions.push(submission);
        if (schemaErrors.length > 0 || !request) {
          return reply(500, fault(`Codigo[4102].El XML no cumple el esquema. ${schemaErrors[0] ?? ''}`));
        }
        const lines = submission.records.map((r) => {
          const rejected = fake.rejectOnce.delete(r.numSerie);
          const duplicate = fake.duplicateOnce.delete(r.numSerie);
          return {
            nif: submission.nif,
            numSerie: r.numSerie,
            fecha: r.fecha,
            op: r.kind === 'alta' ? ('Alta' as const) : ('Anulacion' as const),
            state: rejected || duplicate ? 'Incorrecto' : 'Correcto',
            ...(rejected ? { code: '1105', text: 'Rechazo de prueba del servicio falso' } : {}),
            ...(duplicate
              ? { code: '3000', text: 'Registro de facturación duplicado.', duplicateOf: 'Correcta' }
              : {}),
          };
        });
        csvCounter += 1;
        const answer = answerXml({
          csv: `A-FAKE${String(csvCounter).padStart(10, '0')}`,
          nif: submission.nif,
          name: String(at(request, 'Cabecera', 'ObligadoEmision', 'NombreRazon') ?? ''),
          wait: fake.waitSeconds,
          lines,
        });
        reply(
          200,
          `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="${NS_SOAP}"><env:Body>${answer}</env:Body></env:Envelope>`,
        );
      });
    },
  );
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('tlsClientError', () => {});
  function listen(at: number): Promise<void> {
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(at, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  }
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  fake.endpoint = `https://127.0.0.1:${port}${FAKE_PATH}`;
  return fake;
}
