export * from './schemas/cart.ts';
export * from './schemas/config.ts';
export * from './schemas/product.ts';
