import { PropertiesSearchFormSchema } from '@shop/domain';
import { Link, useLocation } from 'wouter';
import { SummaryList } from '../../../shared/forms/summary-list.tsx';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths, withSearch } from '../../../shared/paths.ts';
import { usePlanStep } from '../../../shared/wizard/use-plan-step.ts';
import { qpPlan } from '../utils/qp-plan.ts';
import styles from './q-propiedades.module.css';
import { QpStepFrame } from './qp-step-frame.tsx';

/** step7: the summary; 'add to cart' saves the form and goes to cart/add/qpropiedades. */
export function Step7Summary() {
  const t = useT();
  const step = usePlanStep(qpPlan, 'step7');
  const { form } = step;
  const [, navigate] = useLocation();
  const search = window.location.search;
  const edit = (step: string) => withSearch(paths.flowStep('q-propiedades', step), search);
  const company = form.opcion_empresa;
  const count = form.num_propiedades;

  const rows = [
    {
      label: t('qp.step7.subject'),
      value: t(company ? 'qp.step1.empresa' : 'qp.step1.persona'),
      step: 'step1',
    },
    { label: t('qp.step7.name'), value: company ? form.nombre_empresa : form.nombre_persona, step: 'step2' },
    {
      label: t(company ? 'qp.step3.cif' : 'qp.step3.dni'),
      value: form.dni || t('qp.step7.none'),
      step: 'step3',
    },
    {
      label: t('qp.step7.count'),
      value: count === 'all' ? t('qp.step4.all') : t('qp.step4.upTo', { count: Number(count) }),
      step: 'step4',
    },
    {
      label: t('qp.step7.requester'),
      value: `${form.solicitante_nombre} · ${form.solicitante_documento}`,
      step: 'step5',
    },
    { label: t('requester.interest'), value: form.interes_legitimo, step: 'step6' },
  ];

  return (
    <QpStepFrame
      step={step}
      title={t('qp.step7.title')}
      nextLabel={t('qp.step7.add')}
      onNext={() => {
        // Every step was checked on its way; the whole form is checked once more as the server will.
        if (!PropertiesSearchFormSchema.safeParse(form).success) return step.goTo('step1');
        if (step.submit()) navigate(withSearch(paths.cartAdd('qpropiedades'), search));
      }}
    >
      <p className={styles.lead}>{t('qp.step7.howItWorks')}</p>
      <SummaryList
        rows={rows}
        action={(row) => (
          <Link href={edit(row.step)} aria-label={t('qp.step7.editField', { field: row.label })}>
            {t('common.edit')}
          </Link>
        )}
      />
    </QpStepFrame>
  );
}
