import { type LandingFolder, MunicipioAnswerSchema } from '@shop/domain';
import { getConfig } from '../config/config-store.ts';
import { api } from './client.ts';

/** POST municipio/ (spec 7): a landing page's data; a 404 (unknown municipality) throws ApiError. */
export function postMunicipio(folder: LandingFolder, url: string) {
  return api.post(MunicipioAnswerSchema, 'municipio', { config: getConfig(), url, folder });
}
