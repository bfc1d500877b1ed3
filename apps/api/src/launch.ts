import { enableCompileCache } from 'node:module';

// Entry of dist/server.js. Node then keeps V8's compiled code of the bundle between starts (in the
// OS temp folder, or where NODE_COMPILE_CACHE points; NODE_DISABLE_COMPILE_CACHE=1 turns it off),
// which saves part of compiling 4 MB of JavaScript on every start. It must be on before the bundle
// is loaded: hence this file, which loads the service (server.ts) only afterwards and starts it
// (server.ts itself only exports, so tests can start and stop a server in-process).
enableCompileCache();
import('./server').then(
  ({ runMain }) => runMain(),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
