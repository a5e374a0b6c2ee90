import { beforeEach, describe, expect, it } from 'vitest';
import { blankFlowForm, validatedSteps, withStepFlag } from './flow-forms.ts';
import {
  flowStore,
  getFlowForm,
  LAST_NS_FORM_MAX_AGE_MS,
  resetFlowForm,
  updateFlowForm,
} from './flow-store.ts';
import { blankGenericForm, genericStore, getGenericForm, setGenericForm } from './generic-store.ts';
import { FLOW_STORAGE_KEYS, STORAGE_KEYS } from './storage-keys.ts';
import { dropWizardCaches, isReloadable } from './wizard-store.ts';

const HOUR = 60 * 60 * 1000;
const NOW = Date.UTC(2025, 5, 1, 12);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  dropWizardCaches();
});

describe('storage keys', () => {
  it('uses the spec names and one key per fixed flow', () => {
    expect(STORAGE_KEYS.notaSimple).toBe('last_ns_form');
    expect(STORAGE_KEYS.generic).toBe('last_generic_form');
    expect(FLOW_STORAGE_KEYS).toEqual({
      'nota-simple': 'last_ns_form',
      'q-propiedades': 'last_qp_form',
      'certidao-permanente': 'last_certidao_form',
      'i-predial-simplificada': 'last_ipredial_form',
    });
  });
});

describe('the age rule of the last Nota Simple form (spec 4)', () => {
  it.each([
    [NOW - HOUR, 2 * HOUR, true],
    [NOW - 2 * HOUR, 2 * HOUR, true],
    [NOW - 2 * HOUR - 1, 2 * HOUR, false],
    [NOW - 1000 * 24 * HOUR, -1, true],
    [NOW, 0, true],
    [NOW - 1, 0, false],
    [Number.NaN, 2 * HOUR, false],
    [Number.NaN, -1, true],
  ])('saved at %d with max age %d: reloadable %s', (savedAt, maxAge, expected) => {
    expect(isReloadable(savedAt, NOW, maxAge)).toBe(expected);
  });

  it('reads the saved form back only within its age', () => {
    const store = flowStore('nota-simple');
    const form = { ...blankFlowForm('nota-simple'), direccion: 'Calle Mayor 1', municipio: 'Madrid' };
    store.set(form, NOW - 3 * HOUR);
    expect(store.saved(NOW, 4 * HOUR)?.form).toEqual(form);
    expect(store.saved(NOW, 2 * HOUR)).toBeNull();
    expect(store.saved(NOW + 10_000 * HOUR, -1)?.form).toEqual(form);
    expect(store.saved(NOW + LAST_NS_FORM_MAX_AGE_MS)).toBeNull();
    // An aged form is not reloaded: the wizard starts blank.
    dropWizardCaches();
    store.set(form, Date.now() - LAST_NS_FORM_MAX_AGE_MS - HOUR);
    dropWizardCaches();
    expect(getFlowForm('nota-simple')).toEqual(blankFlowForm('nota-simple'));
  });
});

describe('storage round trip', () => {
  it('every change is saved under the flow key and survives a reload', () => {
    updateFlowForm('nota-simple', { direccion: 'Calle Real 5', conoce_nombre_propietario: true });
    const saved = JSON.parse(localStorage.getItem('last_ns_form') ?? '{}');
    expect(saved.form.direccion).toBe('Calle Real 5');
    expect(typeof saved.savedAt).toBe('number');
    dropWizardCaches();
    expect(getFlowForm('nota-simple')).toMatchObject({
      direccion: 'Calle Real 5',
      conoce_nombre_propietario: true,
      nombre: '',
    });
  });

  it.each([
    ['q-propiedades', { nombre_persona: 'Ana', dni: '12345678Z', num_propiedades: '10', origin: 'ns' }],
    ['certidao-permanente', { distrito_concelho_freguesia: 'Lisboa / Lisboa / Estrela', tipo_urbana: true }],
    ['i-predial-simplificada', { tiene_numero: true, num_ficha: '1234' }],
  ] as const)('%s keeps its fields', (flow, patch) => {
    updateFlowForm(flow, patch);
    dropWizardCaches();
    expect(getFlowForm(flow)).toMatchObject(patch);
  });

  it('drops unknown fields and values of the wrong type, and survives broken JSON', () => {
    localStorage.setItem(
      'last_ns_form',
      JSON.stringify({ savedAt: Date.now(), form: { direccion: 42, evil: 'x', nombre: 'Ana', step2: true } }),
    );
    const form = getFlowForm('nota-simple');
    expect(form.direccion).toBe('');
    expect(form.nombre).toBe('Ana');
    expect('evil' in form).toBe(false);
    expect(validatedSteps('nota-simple', form)).toEqual(new Set(['step1']));
    localStorage.setItem('last_qp_form', '{not json');
    expect(getFlowForm('q-propiedades')).toEqual(blankFlowForm('q-propiedades'));
  });

  it('reset clears the form, its steps and the storage key', () => {
    updateFlowForm('nota-simple', withStepFlag('nota-simple', blankFlowForm('nota-simple'), 'step0', true));
    resetFlowForm('nota-simple');
    expect(localStorage.getItem('last_ns_form')).toBeNull();
    expect(getFlowForm('nota-simple')).toEqual(blankFlowForm('nota-simple'));
  });
});

describe('the generic form: the same store, in sessionStorage', () => {
  it('is null until a product starts, then saved in last_generic_form and read back after a reload', () => {
    expect(getGenericForm()).toBeNull();
    const form = {
      ...blankGenericForm(18458, { origin: 'ns', origin_id: '42' }),
      values: [{ option_id: 1655, product_id: 18458, type: 'radio' as const, value: '4324' }],
      drafts: { 1653: 'Notaría de' },
      files: { 7: { name: 'escritura.pdf', size: 1200 } },
    };
    setGenericForm(form);
    expect(localStorage.getItem('last_generic_form')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('last_generic_form') ?? '{}').form).toEqual(form);
    dropWizardCaches();
    expect(getGenericForm()).toEqual(form);
  });

  it('a saved value that is not a generic form reads as none', () => {
    sessionStorage.setItem(
      'last_generic_form',
      JSON.stringify({ savedAt: Date.now(), form: { product_id: 'x', values: 3 } }),
    );
    expect(genericStore.saved()).toBeNull();
    expect(getGenericForm()).toBeNull();
  });
});

describe('route steps and spec 3 step flags', () => {
  it.each([
    ['nota-simple', 'step0', 'step1'],
    ['nota-simple', 'step41', 'step51'],
    ['nota-simple', 'step42', 'step52'],
    ['nota-simple', 'step6', 'step7'],
    ['q-propiedades', 'step7', 'step7'],
    ['i-predial-simplificada', 'step21', 'step21'],
    ['i-predial-simplificada', 'confirmation', 'step5'],
    ['certidao-permanente', 'step8', 'step8'],
  ] as const)('%s %s is recorded in the flag %s', (flow, step, flag) => {
    const form = withStepFlag(flow, blankFlowForm(flow), step, true) as unknown as Record<string, unknown>;
    expect(form[flag]).toBe(true);
    expect(validatedSteps(flow, form as never)).toEqual(new Set([step]));
  });
});

describe('the server snapshot (ADR 009: server rendering and hydration)', () => {
  it('is the blank form, the same object each time, whatever the storage holds', () => {
    updateFlowForm('nota-simple', { nombre: 'Ana' });
    const store = flowStore('nota-simple');
    expect(store.get().nombre).toBe('Ana');
    expect(store.serverForm()).toEqual(blankFlowForm('nota-simple'));
    expect(store.serverForm()).toBe(store.serverForm());
  });
});
