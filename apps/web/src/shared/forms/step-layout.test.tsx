import type { Language } from '@shop/domain';
import { loadT } from '@shop/domain/i18n';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeRuntimeConfig } from '../../testing/config-fixture.ts';
import { setConfig } from '../config/config-store.ts';
import { setT } from '../i18n/use-t.ts';
import { StepLayout } from './step-layout.tsx';
import { TextField } from './text-field.tsx';

async function setLanguage(language: Language) {
  setConfig(makeRuntimeConfig());
  setT(await loadT(language));
}

describe('StepLayout', () => {
  it.each([
    ['es', 'Paso 2 de 6', 'Atrás', 'Siguiente'],
    ['pt', 'Passo 2 de 6', 'Voltar', 'Seguinte'],
    ['en', 'Step 2 of 6', 'Back', 'Next'],
  ] as const)('%s: progress %s, buttons %s / %s', async (language, progress, back, next) => {
    await setLanguage(language);
    render(<StepLayout title="Dirección" current={2} total={6} onNext={() => {}} onBack={() => {}} />);
    expect(screen.getByText(progress)).toBeTruthy();
    expect(screen.getByRole('button', { name: back })).toBeTruthy();
    expect(screen.getByRole('button', { name: next })).toBeTruthy();
  });

  it('focuses the heading on each new step and submits on Enter', async () => {
    await setLanguage('es');
    const onNext = vi.fn();
    const { rerender } = render(
      <StepLayout title="Paso uno" onNext={onNext}>
        <TextField label="Dirección" />
      </StepLayout>,
    );
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Paso uno' }));
    expect(screen.queryByRole('button', { name: 'Atrás' })).toBeNull();
    await userEvent.type(screen.getByLabelText('Dirección'), 'Calle Mayor{Enter}');
    expect(onNext).toHaveBeenCalledTimes(1);
    rerender(<StepLayout title="Paso dos" onNext={onNext} price={<span>20,76 €</span>} />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Paso dos' }));
    expect(screen.getByText('20,76 €')).toBeTruthy();
  });

  it('does not submit while busy', async () => {
    await setLanguage('es');
    const onNext = vi.fn();
    render(<StepLayout title="Resumen" onNext={onNext} busy nextLabel="Añadir al pedido" />);
    const button = screen.getByRole('button', { name: 'Añadir al pedido' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await userEvent.click(button);
    expect(onNext).not.toHaveBeenCalled();
  });
});
