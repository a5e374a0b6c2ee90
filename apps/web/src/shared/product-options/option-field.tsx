import type { Option } from '@shop/domain';
import type { ChangeEvent } from 'react';
import { DateField } from '../forms/date-field.tsx';
import { optionalMark } from '../forms/field-error.tsx';
import { TextArea } from '../forms/text-area.tsx';
import { TextField } from '../forms/text-field.tsx';
import { useT } from '../i18n/use-t.ts';
import { ChoiceOption } from './choice-option.tsx';
import { FileOption } from './file-option.tsx';
import { isRequired, type KnownFiles, type UploadedFile } from './option-rules.ts';
import { SearchOption } from './search-option.tsx';

export interface OptionFieldProps {
  option: Option;
  /** The product the option belongs to (18464 shows radio_button as a radio, spec 5). */
  productId: number;
  value: string;
  onChange: (value: string) => void;
  /** The translated message of the field's problem. */
  error?: string | null | undefined;
  /** Names of files uploaded before, by id (file options). */
  files?: KnownFiles;
  onUploaded?: (files: UploadedFile[]) => void;
}

const NO_FILES: KnownFiles = {};

/**
 * One option of a product definition as its field, by type (spec 3 "Option"):
 * label (the title), help, '(optional)' unless is_require is '1', the error tied
 * to the field. Used by the generic wizard's steps and the generic edit dialog.
 */
export function OptionField({
  option,
  productId,
  value,
  onChange,
  error,
  files = NO_FILES,
  onUploaded,
}: OptionFieldProps) {
  const t = useT();
  const required = isRequired(option);
  const common = {
    label: option.title,
    hint: option.help,
    error,
    optionalText: required ? undefined : optionalMark(option.title, t('forms.optional')),
  };
  const name = `option-${option.option_id}`;

  const text = {
    ...common,
    name,
    value,
    placeholder: option.placeholder,
    required,
    maxLength: 5000,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };

  switch (option.type) {
    case 'field':
      return option.format === 'phone' ? (
        <TextField {...text} type="tel" inputMode="tel" autoComplete="tel" maxLength={30} />
      ) : (
        <TextField {...text} />
      );
    case 'area':
      return <TextArea {...text} />;
    case 'date':
      return (
        <DateField
          {...common}
          hint={[option.help, t('forms.dateHint')].filter(Boolean).join(' ')}
          name={name}
          value={value}
          onChange={onChange}
          pickerLabel={t('forms.datePick')}
          required={required}
        />
      );
    case 'drop_down':
    case 'radio':
    case 'radio_button':
      return (
        <ChoiceOption
          {...common}
          option={option}
          productId={productId}
          value={value}
          onChange={onChange}
          required={required}
        />
      );
    case 'municipio':
    case 'municipio_ce':
    case 'freguesia':
    case 'sociedad':
      return (
        <SearchOption
          {...common}
          hint={
            option.type === 'sociedad'
              ? [option.help, t('productOptions.companyHint')].filter(Boolean).join(' ')
              : option.help
          }
          type={option.type}
          name={name}
          value={value}
          onChange={onChange}
          required={required}
        />
      );
    case 'file':
      return (
        <FileOption
          {...common}
          optionId={option.option_id}
          value={value}
          onChange={onChange}
          files={files}
          onUploaded={onUploaded ?? (() => {})}
        />
      );
  }
}
