import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/**
 * A test PKI made in memory with node-forge (no system openssl): a CA, the
 * fake AEAT's server certificate for 127.0.0.1 / localhost, and a client
 * certificate as a PKCS#12 that also holds the CA certificate (the case where
 * Node 20 stops trusting NODE_EXTRA_CA_CERTS, STACK.md 14). RSA keys come from
 * node:crypto (fast); forge signs and packs them.
 */
export interface TestPki {
  caPem: string;
  serverKeyPem: string;
  serverCertPem: string;
  clientP12: Buffer;
  clientP12Password: string;
  /** The client certificate's subject serialNumber (the NIF of its holder). */
  clientNif: string;
}

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return {
    privateKey: forge.pki.privateKeyFromPem(privateKey),
    publicKey: forge.pki.publicKeyFromPem(publicKey),
    privatePem: privateKey,
  };
}

function certificate(
  subject: forge.pki.CertificateField[],
  publicKey: forge.pki.PublicKey,
  issuer: { subject: forge.pki.CertificateField[]; key: forge.pki.PrivateKey },
  extensions: object[],
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  cert.setSubject(subject);
  cert.setIssuer(issuer.subject);
  cert.setExtensions(extensions);
  cert.sign(issuer.key as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return cert;
}

export function createTestPki(clientNif = 'B12345674'): TestPki {
  const ca = keyPair();
  const caSubject = [{ name: 'commonName', value: 'Test AEAT CA' }];
  const caCert = certificate(caSubject, ca.publicKey, { subject: caSubject, key: ca.privateKey }, [
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ]);
  const server = keyPair();
  const serverCert = certificate(
    [{ name: 'commonName', value: 'localhost' }],
    server.publicKey,
    { subject: caSubject, key: ca.privateKey },
    [
      { name: 'basicConstraints', cA: false },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  );
  const client = keyPair();
  const clientCert = certificate(
    [
      { name: 'commonName', value: `EXAMPLE SL - ${clientNif}` },
      { name: 'serialNumber', value: `VATES-${clientNif}` },
    ],
    client.publicKey,
    { subject: caSubject, key: ca.privateKey },
    [
      { name: 'basicConstraints', cA: false },
      { name: 'extKeyUsage', clientAuth: true },
    ],
  );
  const password = 'test-p12-password';
  const p12 = forge.pkcs12.toPkcs12Asn1(client.privateKey, [clientCert, caCert], password, {
    algorithm: '3des',
  });
  return {
    caPem: forge.pki.certificateToPem(caCert),
    serverKeyPem: server.privatePem,
    serverCertPem: forge.pki.certificateToPem(serverCert),
    clientP12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'),
    clientP12Password: password,
    clientNif,
  };
}
