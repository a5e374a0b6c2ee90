/**
 * The two folders of the municipality landing pages (spec 2). A plain constant
 * outside the schemas, so the storefront's router can name them without pulling
 * the request schemas into the entry chunk.
 */
export const LANDING_FOLDERS = ['RegistroPropiedad', 'NotaSimpleRegistroPropiedad'] as const;
