/** The Nota Simple definition as GET product?id=15867 gives it (the seed's prices). */
export const NS_DEFINITION = {
  product_id: 15867,
  name: 'Nota Simple',
  price: 2076,
  official_fee: 1091,
  options: [
    { option_id: 80, title: 'Dirección del inmueble', type: 'field', is_require: '1' },
    {
      option_id: 411,
      title: 'Plazo de entrega',
      type: 'radio',
      is_require: '1',
      default: '5901',
      opt_values: [
        { id: 5901, name: 'Estándar', price: 0 },
        { id: 3782, name: 'Urgente', price: 990 },
      ],
    },
  ],
};
