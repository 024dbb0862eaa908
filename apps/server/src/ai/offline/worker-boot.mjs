// Worker entry: the server runs TypeScript through tsx, which a worker thread does not inherit,
// so the worker registers it before loading the real worker module.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
