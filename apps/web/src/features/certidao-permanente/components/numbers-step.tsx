import { type CertificateForm, certificateMode } from '@shop/domain';
import { StepLayout } from '../../../shared/forms/step-layout.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { fieldMessage } from '../utils/certidao-messages.ts';
import { certidaoPlan } from '../utils/certidao-plan.ts';

type TextKey = 'numero_artigo' | 'seccao' | 'num_ficha' | 'num_livro' | 'livro' | 'folhas';

/** step5: the numbers of the chosen mode: article + section, the ficha number, or book number, book and sheets. */
export function NumbersStep() {
  const t = useT();
  const step = usePlanStep(certidaoPlan, 'step5');
  const mode = certificateMode(step.form);

  const field = (
    name: TextKey,
    label: string,
    extra: { hint?: string; numeric?: boolean; optional?: boolean },
  ) => (
    <TextField
      id={name}
      name={name}
      label={label}
      hint={extra.hint}
      optionalText={extra.optional ? t('forms.optional') : undefined}
      inputMode={extra.numeric ? 'numeric' : undefined}
      autoComplete="off"
      maxLength={30}
      value={step.form[name]}
      onChange={(event) => step.update({ [name]: event.target.value } as Partial<CertificateForm>)}
      error={fieldMessage(t, step.errors, name)}
      required={!extra.optional}
    />
  );

  const title =
    mode === 'ficha'
      ? t('certidao.fichaTitle')
      : mode === 'livro'
        ? t('certidao.livroTitle')
        : t('certidao.articleTitle');
  return (
    <StepLayout
      title={title}
      current={step.position}
      total={step.total}
      onNext={() => step.next()}
      onBack={step.back}
    >
      {mode === 'ficha'
        ? field('num_ficha', t('predial.fichaLabel'), { hint: t('predial.fichaHint') })
        : null}
      {mode === 'livro' ? (
        <>
          {field('num_livro', t('certidao.bookNumber'), { numeric: true })}
          {field('livro', t('certidao.book'), { hint: t('certidao.bookHint') })}
          {field('folhas', t('certidao.sheets'), { hint: t('certidao.sheetsHint') })}
        </>
      ) : null}
      {mode === 'matricial' ? (
        <>
          {field('numero_artigo', t('certidao.article'), { hint: t('certidao.articleHint'), numeric: true })}
          {field('seccao', t('certidao.section'), {
            hint: t('certidao.sectionHint'),
            optional: !step.form.tipo_rustica,
          })}
        </>
      ) : null}
    </StepLayout>
  );
}
