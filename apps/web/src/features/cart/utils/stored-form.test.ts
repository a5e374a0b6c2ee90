import { blankForm, NotaSimpleFormSchema } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { notaSimpleForm } from '../../../testing/form-fixtures.ts';
import { storedFixedForm, storedGenericForm } from './stored-form.ts';

const NS_FORM = notaSimpleForm({ servicio_urgente: true });

describe('the form an edit dialog starts from', () => {
  it('is the stored fixed form exactly as the server accepted it', () => {
    expect(storedFixedForm('nota-simple', { form: NS_FORM })).toEqual(NS_FORM);
  });

  it('keeps what still reads of an older fixed form and blanks the rest', () => {
    const form = storedFixedForm('nota-simple', {
      form: { direccion: 'Calle Real 5', municipio: 42, retired_field: 'x' },
    });
    expect(form).toEqual({ ...blankForm(NotaSimpleFormSchema), direccion: 'Calle Real 5' });
  });

  it('reads the stored generic form with its confirmation answers and related products', () => {
    const form = {
      product_id: 18458,
      values: [{ option_id: 1655, product_id: 18458, type: 'radio', value: '4324' }],
      confirm_values: [{ option_id: 2309, value: '6316' }],
      related_product_ids: [15867],
    };
    expect(storedGenericForm({ product_id: 18458, form })).toEqual(form);
  });

  it('keeps the readable entries of a generic form the schema refuses as a whole', () => {
    const form = {
      product_id: 18458,
      values: [
        { option_id: 1655, product_id: 18458, type: 'radio', value: '4324' },
        { option_id: 'x', value: 1 },
        { option_id: 1653, product_id: 99, type: 'field', value: 'other product' },
      ],
      confirm_values: 'nope',
      related_product_ids: [15867, -1],
    };
    expect(storedGenericForm({ product_id: 18458, form })).toEqual({
      product_id: 18458,
      values: [{ option_id: 1655, product_id: 18458, type: 'radio', value: '4324' }],
      confirm_values: [],
      related_product_ids: [15867],
    });
  });

  it('an item stored with no form opens blank', () => {
    expect(storedGenericForm({ product_id: 18458, form: {} })).toEqual({
      product_id: 18458,
      values: [],
      confirm_values: [],
      related_product_ids: [],
    });
  });
});
