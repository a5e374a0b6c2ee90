import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Snackbar } from './snackbar.tsx';
import { showSnackbar } from './snackbar-store.ts';

const shown = () => screen.getByRole('status').textContent;

describe('snackbar', () => {
  it('runs the action and dismisses, then shows the next message', async () => {
    render(<Snackbar />);
    let acted = 0;
    act(() => {
      showSnackbar({
        message: 'Ha fallado el intento de pago',
        action: { label: 'Ok', onAction: () => acted++ },
        duration: null,
      });
      showSnackbar({ message: 'Segundo aviso', duration: null });
    });
    expect(shown()).toBe('Ha fallado el intento de pagoOk');
    await userEvent.click(screen.getByRole('button', { name: 'Ok' }));
    expect(acted).toBe(1);
    expect(shown()).toBe('Segundo aviso');
  });

  it('hides by itself after its duration', async () => {
    render(<Snackbar />);
    act(() => {
      showSnackbar({ message: 'Guardado', duration: 50 });
    });
    expect(shown()).toBe('Guardado');
    await act(() => new Promise((resolve) => setTimeout(resolve, 120)));
    expect(shown()).toBe('');
  });

  it('keeps a message without duration', async () => {
    render(<Snackbar />);
    act(() => {
      showSnackbar({ message: 'Persistente', duration: null });
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(shown()).toBe('Persistente');
  });
});
