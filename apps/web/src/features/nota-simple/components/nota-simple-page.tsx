import { QueryClientProvider } from '@tanstack/react-query';
import { promiseQueryClient } from '../../../shared/ui/use-delivery-promise.ts';
import { FlowRoute } from '../../../shared/wizard/flow-route.tsx';
import { useLandingMunicipio } from '../hooks/use-landing-municipio.ts';
import { nsPlan } from '../utils/ns-plan.ts';
import { Step0Intro } from './step0-intro.tsx';
import { Step1Owner } from './step1-owner.tsx';
import { Step2Address } from './step2-address.tsx';
import { Step3Municipality } from './step3-municipality.tsx';
import { Step4RegistryData } from './step4-registry-data.tsx';
import { Step5Requester } from './step5-requester.tsx';
import { Step6Summary } from './step6-summary.tsx';
import { Step41SlowRegistry } from './step41-slow-registry.tsx';
import { Step42Urgent } from './step42-urgent.tsx';

const STEPS = {
  step0: Step0Intro,
  step1: Step1Owner,
  step2: Step2Address,
  step3: Step3Municipality,
  step4: Step4RegistryData,
  step41: Step41SlowRegistry,
  step42: Step42Urgent,
  step5: Step5Requester,
  step6: Step6Summary,
};

/** nota-simple/{step} (spec 2): the Nota Simple wizard, a lazy route module. */
export default function NotaSimplePage({ params }: { params: { step?: string } }) {
  useLandingMunicipio();
  return (
    <QueryClientProvider client={promiseQueryClient}>
      <FlowRoute plan={nsPlan} step={params.step} steps={STEPS} />
    </QueryClientProvider>
  );
}
