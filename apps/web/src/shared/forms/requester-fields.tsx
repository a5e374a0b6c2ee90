import { isValidSpanishTaxId, type ValidationCode } from '@shop/domain';
import { useState } from 'react';
import { useT } from '../i18n/use-t.ts';
import { SelectField } from './select-field.tsx';
import { TextField } from './text-field.tsx';
import { errorText, type FieldErrors, hasErrors } from './validation.ts';

/** The requester fields (DECISIONS.md "Things we add"), as in the domain's forms. */
export interface Requester {
  solicitante_nombre: string;
  solicitante_documento: string;
  interes_legitimo: string;
}
export type RequesterField = keyof Requester;

/** The legitimate-interest choices the Spanish registries accept (their catalogue keys). */
export const INTEREST_KEYS = [
  'requester.interestPurchase',
  'requester.interestLoan',
  'requester.interestLegal',
  'requester.interestHeir',
  'requester.interestOther',
] as const;

/** Which requester fields a step asks: identity (name, tax id), the interest, or all three. */
export type RequesterPart = 'identity' | 'interest' | 'all';

/**
 * The wizards ask for the requester: name, a valid Spanish tax id (NIF, NIE or
 * CIF) and the legitimate interest; the payload keeps them optional.
 */
export function requesterErrors(form: Requester, part: RequesterPart = 'all'): FieldErrors<RequesterField> {
  const errors: Partial<Record<RequesterField, ValidationCode>> = {};
  if (part !== 'interest') {
    if (form.solicitante_nombre.trim() === '') errors.solicitante_nombre = 'required';
    else if (form.solicitante_nombre.trim().length > 200) errors.solicitante_nombre = 'too_long';
    const id = form.solicitante_documento.trim();
    if (id === '') errors.solicitante_documento = 'required';
    else if (!isValidSpanishTaxId(id)) errors.solicitante_documento = 'invalid_tax_id';
  }
  if (part !== 'identity') {
    if (form.interes_legitimo.trim() === '') errors.interes_legitimo = 'required';
    else if (form.interes_legitimo.trim().length > 500) errors.interes_legitimo = 'too_long';
  }
  return errors;
}

/** The step's requester errors: `check()` (on Next) finds and shows them, and says whether there are none. */
export function useRequesterCheck(form: Requester, part: RequesterPart = 'all') {
  const [errors, setErrors] = useState<FieldErrors<RequesterField>>({});
  return {
    errors,
    check: () => {
      const found = requesterErrors(form, part);
      setErrors(found);
      return !hasErrors(found);
    },
  };
}

export interface RequesterFieldsProps {
  value: Requester;
  onChange: (patch: Partial<Requester>) => void;
  errors: FieldErrors<RequesterField>;
  part?: RequesterPart;
}

/** Name, tax id and legitimate interest of whoever asks for the registry information. */
export function RequesterFields({ value, onChange, errors, part = 'all' }: RequesterFieldsProps) {
  const t = useT();
  const interests = INTEREST_KEYS.map((key) => ({ value: t(key), label: t(key) }));
  // A value saved in another language (or an older list) is still shown.
  if (value.interes_legitimo && !interests.some((option) => option.value === value.interes_legitimo)) {
    interests.push({ value: value.interes_legitimo, label: value.interes_legitimo });
  }
  const identity = (
    <>
      <TextField
        label={t('requester.name')}
        name="solicitante_nombre"
        autoComplete="name"
        value={value.solicitante_nombre}
        onChange={(event) => onChange({ solicitante_nombre: event.target.value })}
        error={errorText(t, errors.solicitante_nombre)}
        required
      />
      <TextField
        label={t('requester.document')}
        hint={t('requester.documentHint')}
        name="solicitante_documento"
        autoComplete="off"
        value={value.solicitante_documento}
        onChange={(event) => onChange({ solicitante_documento: event.target.value.toUpperCase() })}
        error={errorText(t, errors.solicitante_documento)}
        required
      />
    </>
  );
  const interest = (
    <SelectField
      label={t('requester.interest')}
      hint={t('requester.interestHint')}
      name="interes_legitimo"
      placeholder={t('forms.choose')}
      options={interests}
      value={value.interes_legitimo}
      onChange={(event) => onChange({ interes_legitimo: event.target.value })}
      error={errorText(t, errors.interes_legitimo)}
      required
    />
  );
  return (
    <>
      {part !== 'interest' ? identity : null}
      {part !== 'identity' ? interest : null}
    </>
  );
}
