import type { Language } from '@shop/domain';

const ES = {
  validation: 'Revisa los datos marcados.',
  forbidden:
    'La sesión ha caducado o la clave del formulario no es válida. Recarga la página e inténtalo de nuevo.',
  not_allowed: 'No tienes permiso para esta operación.',
  unauthorized: 'Identifícate para continuar.',
  not_found: 'No encontrado.',
  conflict: 'La operación no es posible en el estado actual.',
  malformed_json: 'El cuerpo de la petición no es un JSON válido.',
  unsupported_media_type: 'Tipo de contenido no admitido.',
  payload_too_large: 'La petición es demasiado grande.',
  too_many_requests: 'Demasiadas peticiones. Espera un momento y vuelve a intentarlo.',
  server_error: 'Algo ha ido mal; por favor, inténtalo de nuevo más tarde.',
};

export type HttpMessageKey = keyof typeof ES;

/** Texts of the error answers (DECISIONS.md "Payloads"), per store language. */
export const HTTP_MESSAGES: Record<Language, Record<HttpMessageKey, string>> = {
  es: ES,
  pt: {
    validation: 'Verifique os dados assinalados.',
    forbidden:
      'A sessão expirou ou a chave do formulário não é válida. Recarregue a página e tente novamente.',
    not_allowed: 'Não tem permissão para esta operação.',
    unauthorized: 'Identifique-se para continuar.',
    not_found: 'Não encontrado.',
    conflict: 'A operação não é possível no estado atual.',
    malformed_json: 'O corpo do pedido não é um JSON válido.',
    unsupported_media_type: 'Tipo de conteúdo não suportado.',
    payload_too_large: 'O pedido é demasiado grande.',
    too_many_requests: 'Demasiados pedidos. Aguarde um momento e tente novamente.',
    server_error: 'Algo correu mal; por favor, tente novamente mais tarde.',
  },
  en: {
    validation: 'Please check the highlighted fields.',
    forbidden: 'Your session has expired or the form key is not valid. Reload the page and try again.',
    not_allowed: 'You are not allowed to do this.',
    unauthorized: 'Please log in to continue.',
    not_found: 'Not found.',
    conflict: 'This is not possible in the current state.',
    malformed_json: 'The request body is not valid JSON.',
    unsupported_media_type: 'Unsupported content type.',
    payload_too_large: 'The request is too large.',
    too_many_requests: 'Too many requests. Wait a moment and try again.',
    // Spec 8's generic failure text.
    server_error: 'Something bad happened; please try again later.',
  },
};

export function httpMessage(language: Language, key: HttpMessageKey): string {
  return HTTP_MESSAGES[language][key];
}
