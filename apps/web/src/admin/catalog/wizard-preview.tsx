import {
  formatEuros,
  optionForStep,
  type ProductDefinition,
  productPrice,
  valuesFromList,
} from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { OptionField } from '../../shared/product-options/option-field.tsx';
import { Button } from '../../shared/ui/button.tsx';
import styles from '../admin.module.css';
import { storefrontPreviewQuery } from './queries.ts';

/**
 * A live preview of the generic wizard for a definition being edited: the
 * domain's step engine (optionForStep: conditions, step order) picks each
 * step's option and the storefront's own OptionField renders it, with the
 * live price; answers stay in this component (nothing is added to a cart).
 */
export function WizardPreview({ definition }: { definition: ProductDefinition }) {
  const storefront = useQuery(storefrontPreviewQuery);
  const [answers, setAnswers] = useState<{ option_id: number; value: string }[]>([]);
  const [draft, setDraft] = useState('');

  if (storefront.isError) return <p className={styles.error}>No se pudo cargar la vista previa.</p>;
  if (!storefront.data) return <p>Cargando vista previa…</p>;

  const step = answers.length + 1;
  const option = optionForStep(definition, answers, step);
  const values = valuesFromList(
    option ? [...answers, { option_id: option.option_id, value: draft }] : answers,
  );
  const price = productPrice(definition, values);

  const next = () => {
    if (!option) return;
    setAnswers([...answers, { option_id: option.option_id, value: draft }]);
    setDraft('');
  };
  const back = () => {
    const last = answers[answers.length - 1];
    setAnswers(answers.slice(0, -1));
    setDraft(last?.value ?? '');
  };

  return (
    <section className={styles.preview} aria-label="Vista previa del asistente">
      <p>
        <strong>{definition.name}</strong> · Paso {step} · {formatEuros(price)}
      </p>
      {option ? (
        <OptionField
          key={`${step}-${option.option_id}`}
          option={option}
          productId={definition.product_id}
          value={draft}
          onChange={setDraft}
        />
      ) : (
        <p>Confirmación: {answers.length} respuestas.</p>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" disabled={answers.length === 0} onClick={back}>
          Atrás
        </Button>
        <Button disabled={!option} onClick={next}>
          Siguiente
        </Button>
        <Button
          variant="text"
          onClick={() => {
            setAnswers([]);
            setDraft('');
          }}
        >
          Reiniciar
        </Button>
      </div>
    </section>
  );
}
