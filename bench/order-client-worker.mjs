// Worker threads do not inherit the main thread's `--import tsx` loader: register
// it here, then run the TypeScript load client (order-client.ts).
import { register } from 'tsx/esm/api';

register();
await import('./order-client.ts');
