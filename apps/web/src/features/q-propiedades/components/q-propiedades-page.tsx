import { isOwnerUnknown } from '@shop/domain';
import { useEffect } from 'react';
import { FlowRoute } from '../../../shared/wizard/flow-route.tsx';
import { getFlowForm, updateFlowForm } from '../../../shared/wizard/flow-store.ts';
import { qpPlan } from '../utils/qp-plan.ts';
import { originFromQuery } from '../utils/qp-steps.ts';
import { Step1Subject } from './step1-subject.tsx';
import { Step2Name } from './step2-name.tsx';
import { Step3Id } from './step3-id.tsx';
import { Step4Count } from './step4-count.tsx';
import { Step5Requester } from './step5-requester.tsx';
import { Step6Interest } from './step6-interest.tsx';
import { Step7Summary } from './step7-summary.tsx';

const STEPS = {
  step1: Step1Subject,
  step2: Step2Name,
  step3: Step3Id,
  step4: Step4Count,
  step5: Step5Requester,
  step6: Step6Interest,
  step7: Step7Summary,
};

/**
 * A search started from a Nota Simple (?origin=ns&origin_id=...) records where it
 * comes from, and starts from the Nota Simple's owner when it was known.
 */
function useOriginFromQuery(): void {
  useEffect(() => {
    const origin = originFromQuery(window.location.search);
    if (!origin) return;
    const form = getFlowForm('q-propiedades');
    const owner = getFlowForm('nota-simple').nombre;
    const unchosen = !form.opcion_persona && !form.opcion_empresa;
    const prefill =
      origin.proviene_de_ns && unchosen && !isOwnerUnknown(owner) ? { nombre_persona: owner } : {};
    updateFlowForm('q-propiedades', { ...origin, ...prefill });
  }, []);
}

/** q-propiedades/{step} (spec 2): the properties search wizard, a lazy route module. */
export default function QPropiedadesPage({ params }: { params: { step?: string } }) {
  useOriginFromQuery();
  return <FlowRoute plan={qpPlan} step={params.step} steps={STEPS} />;
}
