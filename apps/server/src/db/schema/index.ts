export * from './catalog.ts';
export * from './companies.ts';
export * from './customers.ts';
export * from './incidents.ts';
export * from './located.ts';
export * from './orders.ts';
export * from './reference.ts';
export * from './system.ts';
