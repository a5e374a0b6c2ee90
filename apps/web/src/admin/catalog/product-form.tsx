import { OPTION_TYPES, parseEuros } from '@shop/domain';
import { useId } from 'react';
import { type Control, type UseFormRegister, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { nextId, type ProductForm } from './definition-form.ts';

type Props = { control: Control<ProductForm>; register: UseFormRegister<ProductForm> };

const AMOUNT = 'Escribe un importe en euros, p. ej. 12,50.';
const amount = { validate: (text: string) => parseEuros(text) !== null || AMOUNT };

/** A price typed in euros (checked as typed; integer cents only when publishing). */
function EurosField({
  label,
  name,
  control,
  register,
}: Props & {
  label: string;
  name: `price` | `official_fee` | `options.${number}.price` | `options.${number}.opt_values.${number}.price`;
}) {
  const id = useId();
  const { errors } = useFormState({ control, name });
  const error = name
    .split('.')
    .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], errors) as
    | { message?: string }
    | undefined;
  return (
    <label className={styles.field}>
      {label}
      <input
        {...register(name, amount)}
        inputMode="decimal"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? id : undefined}
      />
      {error && (
        <span id={id} className={styles.error}>
          {error.message}
        </span>
      )}
    </label>
  );
}

/** The product's own fields. */
export function ProductFields({ control, register }: Props) {
  return (
    <fieldset className={styles.fieldset}>
      <legend>Producto</legend>
      <label className={styles.field}>
        Nombre
        <input {...register('name')} />
      </label>
      <label className={styles.field}>
        Nombre corto
        <input {...register('short_name')} />
      </label>
      <label className={styles.field}>
        Descripción
        <textarea {...register('description')} rows={3} />
      </label>
      <div className={styles.filters}>
        <EurosField label="Precio base (€)" name="price" control={control} register={register} />
        <EurosField
          label="Tasa oficial incluida (€)"
          name="official_fee"
          control={control}
          register={register}
        />
      </div>
    </fieldset>
  );
}

function ValuesFields({ control, register, index }: Props & { index: number }) {
  // The values' own `id` is data: the field array's key is `key`.
  const { fields, append, remove } = useFieldArray({
    control,
    name: `options.${index}.opt_values`,
    keyName: 'key',
  });
  const values = useWatch({ control, name: `options.${index}.opt_values` });
  return (
    <fieldset className={styles.fieldset}>
      <legend>Valores</legend>
      {fields.map((field, j) => (
        <div key={field.key} className={styles.row}>
          <span className={styles.badge}>id {values[j]?.id}</span>
          <label className={styles.field}>
            Nombre del valor
            <input {...register(`options.${index}.opt_values.${j}.name`)} />
          </label>
          <EurosField
            label="Precio del valor (€)"
            name={`options.${index}.opt_values.${j}.price`}
            control={control}
            register={register}
          />
          <Button variant="text" onClick={() => remove(j)}>
            Quitar valor
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        onClick={() => append({ id: nextId(values.map((v) => v.id)), name: '', price: '0,00' })}
      >
        Añadir valor
      </Button>
    </fieldset>
  );
}

function ConditionsFields({ control, register, index }: Props & { index: number }) {
  const { fields, append, remove } = useFieldArray({ control, name: `options.${index}.previous_steps` });
  const options = useWatch({ control, name: 'options' });
  const self = options[index]?.option_id;
  return (
    <fieldset className={styles.fieldset}>
      <legend>Se muestra cuando (condiciones)</legend>
      {fields.length === 0 && <p>Siempre.</p>}
      {fields.map((field, k) => (
        <div key={field.id} className={styles.row}>
          <label className={styles.field}>
            Opción
            <select {...register(`options.${index}.previous_steps.${k}.option_id`)}>
              {options
                .filter((o) => o.option_id !== self)
                .map((o) => (
                  <option key={o.option_id} value={String(o.option_id)}>
                    {o.option_id} · {o.title}
                  </option>
                ))}
            </select>
          </label>
          <label className={styles.field}>
            Comparación
            <select {...register(`options.${index}.previous_steps.${k}.op`)}>
              <option value="eq">vale (uno de, separados por comas)</option>
              <option value="gtdate">fecha posterior a</option>
              <option value="ltdate">fecha anterior a</option>
            </select>
          </label>
          <label className={styles.field}>
            Valor
            <input {...register(`options.${index}.previous_steps.${k}.value`)} />
          </label>
          <Button variant="text" onClick={() => remove(k)}>
            Quitar condición
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        onClick={() => {
          const other = options.find((o) => o.option_id !== self);
          append({
            option_id: String(other?.option_id ?? ''),
            value: '',
            op: 'eq',
            multiple: false,
            explicitOp: false,
          });
        }}
      >
        Añadir condición
      </Button>
    </fieldset>
  );
}

/** The wizard's options in step order: each with its values and the conditions that show it. */
export function OptionsFields({ control, register }: Props) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'options' });
  const options = useWatch({ control, name: 'options' });
  return (
    <section aria-labelledby="options-title">
      <h3 id="options-title">Opciones del asistente</h3>
      {fields.map((field, i) => (
        <details key={field.id} className={styles.fieldset}>
          <summary>
            {i + 1}. {options[i]?.title || 'Sin título'} ({options[i]?.type}, id {options[i]?.option_id})
          </summary>
          <label className={styles.field}>
            Título
            <input {...register(`options.${i}.title`)} />
          </label>
          <div className={styles.filters}>
            <label className={styles.field}>
              Tipo
              <select {...register(`options.${i}.type`)}>
                {OPTION_TYPES.map((type) => (
                  <option key={type}>{type}</option>
                ))}
              </select>
            </label>
            <EurosField
              label="Precio de la opción (€)"
              name={`options.${i}.price`}
              control={control}
              register={register}
            />
            <label className={styles.check}>
              <input type="checkbox" {...register(`options.${i}.required`)} /> Obligatoria
            </label>
          </div>
          <label className={styles.field}>
            Ayuda
            <input {...register(`options.${i}.help`)} />
          </label>
          <label className={styles.field}>
            Texto de ejemplo (placeholder)
            <input {...register(`options.${i}.placeholder`)} />
          </label>
          <ValuesFields control={control} register={register} index={i} />
          <ConditionsFields control={control} register={register} index={i} />
          <div className={styles.actions}>
            <Button variant="text" disabled={i === 0} onClick={() => move(i, i - 1)}>
              Subir
            </Button>
            <Button variant="text" disabled={i === fields.length - 1} onClick={() => move(i, i + 1)}>
              Bajar
            </Button>
            <Button variant="text" onClick={() => remove(i)}>
              Quitar opción
            </Button>
          </div>
        </details>
      ))}
      <Button
        variant="secondary"
        onClick={() =>
          append({
            option_id: nextId(options.map((o) => o.option_id)),
            title: '',
            type: 'field',
            required: false,
            price: '0,00',
            help: '',
            placeholder: '',
            opt_values: [],
            previous_steps: [],
          })
        }
      >
        Añadir opción
      </Button>
    </section>
  );
}
