import { blankForm, type NotaSimpleForm, NotaSimpleFormSchema } from '@shop/domain';

/**
 * A complete Nota Simple form as the wizard sends it and the server stores it on
 * the cart item (GET cart gives it back as `form`): the owner known, the
 * requester given, every step recorded.
 */
export function notaSimpleForm(patch: Partial<NotaSimpleForm> = {}): NotaSimpleForm {
  return {
    ...(blankForm(NotaSimpleFormSchema) as NotaSimpleForm),
    quiere_una_ns: true,
    conoce_nombre_propietario: true,
    nombre: 'Ana García',
    direccion: 'Calle Mayor 1',
    municipio: 'Madrid',
    provincia: 'Madrid',
    otros_datos: 'Finca 99',
    solicitante_nombre: 'Pedro Ruiz',
    solicitante_documento: '12345678Z',
    interes_legitimo: 'Herencia',
    step1: true,
    step2: true,
    step3: true,
    step4: true,
    step5: true,
    step6: true,
    step7: true,
    ...patch,
  };
}
