import { request } from 'node:https';
import { rootCertificates } from 'node:tls';

/**
 * The HTTPS call of the AEAT's VERI*FACTU web service (SistemaFacturacion.wsdl,
 * operation RegFactuSistemaFacturacion: SOAP 1.1 over HTTPS, document/literal,
 * soapAction ""), authenticated with the issuer's (or its representative's)
 * qualified certificate as a TLS client certificate (PKCS#12).
 */
export interface AeatClientConfig {
  endpoint: string;
  /** The PKCS#12 bytes and its password; absent: not configured (records wait). */
  pfx?: Buffer;
  passphrase?: string;
  /**
   * Trusted CAs: Node's roots plus NODE_EXTRA_CA_CERTS. Given explicitly because
   * Node 20 stops trusting NODE_EXTRA_CA_CERTS for a connection whose `pfx`
   * also holds CA certificates (STACK.md 14).
   */
  ca?: string[];
  timeoutMs: number;
}

/** The service could not be reached or answered like an outage (refused, timeout, 5xx without a SOAP answer). */
export class AeatUnavailable extends Error {
  override name = 'AeatUnavailable';
}

/** Node's root certificates plus the PEM file NODE_EXTRA_CA_CERTS names, if any. */
export function trustedCas(extraPem: string | undefined): string[] | undefined {
  return extraPem ? [...rootCertificates, extraPem] : undefined;
}

/**
 * POSTs one SOAP message; resolves with the HTTP status and the body (a SOAP
 * Fault arrives as a 500 with a body: the caller parses it). Network failures
 * and timeouts reject with AeatUnavailable.
 */
export function postSoap(
  config: AeatClientConfig,
  envelope: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(config.endpoint);
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'text/xml; charset=utf-8',
          soapaction: '""',
          'content-length': Buffer.byteLength(envelope),
        },
        ...(config.pfx ? { pfx: config.pfx, passphrase: config.passphrase ?? '' } : {}),
        ...(config.ca ? { ca: config.ca } : {}),
        timeout: config.timeoutMs,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          // An answer to 1,000 records is well under 2 MB; more is not the AEAT.
          if (size > 8 * 1024 * 1024) req.destroy(new AeatUnavailable('AEAT answer too large'));
          else chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', (err) => reject(new AeatUnavailable(err.message)));
      },
    );
    req.on('timeout', () => req.destroy(new AeatUnavailable(`no answer in ${config.timeoutMs} ms`)));
    req.on('error', (err) => reject(err instanceof AeatUnavailable ? err : new AeatUnavailable(err.message)));
    req.end(envelope);
  });
}
