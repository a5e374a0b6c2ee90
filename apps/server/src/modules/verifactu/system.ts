/**
 * The sistema informático de facturación's identity, in ONE place (Orden
 * HAC/1177/2024 art. 12 and the record's <SistemaInformatico> block, AEAT
 * "Diseño de registro" / SuministroInformacion.xsd SistemaInformaticoType).
 * It is written into every record; the producer's declaración responsable
 * (RD 1007/2023 art. 13) names the same software and version.
 */
export const SISTEMA_INFORMATICO = {
  /** The producer of the software (NombreRazon, NIF). */
  producerName: 'Registro Online Example S.L.',
  producerNif: 'B00000000',
  /** NombreSistemaInformatico (max 30). */
  name: 'Registro Online Shop',
  /** IdSistemaInformatico: the producer's 2-character code of this system. */
  id: 'RO',
  /** Version (max 50). */
  version: '1.0.0',
  /** NumeroInstalacion (max 100): one installation serves every store of the shop. */
  installationNumber: '1',
  /** It only works in VERI*FACTU mode (sends every record), and keeps one issuer per chain. */
  onlyVerifactu: 'S',
  multipleTaxpayersPossible: 'S',
  multipleTaxpayers: 'N',
} as const;
