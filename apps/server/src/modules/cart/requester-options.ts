import { type ItemOption, type NotaSimpleForm, PRODUCT_IDS, type PropertiesSearchForm } from '@shop/domain';
import type { FixedForm } from './fixed-items.ts';

/**
 * Item lines for what the Nota Simple and properties-search wizards ask besides
 * the product's options: the requester's identity and legitimate interest
 * (DECISIONS.md "Things we add": the registry needs the end customer) and the
 * delivery hours of the slow-registry urgent service. They are stored as item
 * options, the lines the cart, the order and the back office print, so an
 * operator reads them next to the holder and the address. The ids are ours
 * (not in any product definition, so a catalogue edit cannot drop them); the
 * labels are Spanish, like both products. The whole form is stored with the
 * item as well.
 */
export const REQUESTER_OPTION_IDS = {
  name: 5941,
  document: 5942,
  legitimateInterest: 5943,
  urgentHours: 5944,
} as const;

function line(optionId: number, label: string, value: string, printValue = value): ItemOption {
  return { option_id: optionId, value, option_value: null, print_value: printValue, label };
}

function requesterLines(form: NotaSimpleForm | PropertiesSearchForm): ItemOption[] {
  const ids = REQUESTER_OPTION_IDS;
  const lines: ItemOption[] = [];
  const name = form.solicitante_nombre.trim();
  const document = form.solicitante_documento.trim().toUpperCase();
  const interest = form.interes_legitimo.trim();
  if (name) lines.push(line(ids.name, 'Solicitante', name));
  if (document) lines.push(line(ids.document, 'DNI / NIE / CIF del solicitante', document));
  if (interest) lines.push(line(ids.legitimateInterest, 'Interés legítimo', interest));
  return lines;
}

/** The extra lines of a fixed product's item (none for the Portuguese products). */
export function requesterOptions(productId: number, form: FixedForm): ItemOption[] {
  if (productId === PRODUCT_IDS.propertiesSearch) return requesterLines(form as PropertiesSearchForm);
  if (productId !== PRODUCT_IDS.notaSimple) return [];
  const ns = form as NotaSimpleForm;
  const lines: ItemOption[] = [];
  // The hours only mean something with the slow-registry urgent service chosen.
  const hours = ns.servicio_urgente_custom ? ns.servicio_urgente_custom_hours : null;
  if (hours !== null) {
    lines.push(
      line(
        REQUESTER_OPTION_IDS.urgentHours,
        'Plazo de entrega urgente',
        String(hours),
        `${hours} ${hours === 1 ? 'hora' : 'horas'}`,
      ),
    );
  }
  return [...lines, ...requesterLines(ns)];
}
