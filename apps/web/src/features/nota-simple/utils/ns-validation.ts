/**
 * Shape-valid stand-ins for the required fields of later steps, so the domain's
 * form schema reaches its cross-field rules while one step is checked
 * (shared/forms/validation.ts stepErrors). Never saved or sent.
 */
export const NS_FILLER = { direccion: '-', municipio: '-', provincia: '-' } as const;
