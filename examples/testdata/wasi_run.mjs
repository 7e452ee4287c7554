// Runs a Subako function package under Node's own WASI preview 1, as an
// independent check of the module: node wasi_run.mjs MODULE.wasm REQUESTS
// instantiates MODULE.wasm with one argv entry and no environment, as
// Subako does, gives it the file REQUESTS as stdin (so it reads the request
// lines and then end of file), and passes its stdout through. subako_http
// is the stub from the ABI page, whose every request fails. The process
// exits with the module's exit status.
import { readFileSync, openSync, closeSync } from 'node:fs';
import { WASI } from 'node:wasi';

const [wasmPath, requestsPath] = process.argv.slice(2);
if (!wasmPath || !requestsPath) {
  console.error('usage: node wasi_run.mjs MODULE.wasm REQUESTS');
  process.exit(2);
}

const stdin = openSync(requestsPath, 'r');
const wasi = new WASI({
  version: 'preview1',
  args: ['function'],
  env: {},
  returnOnExit: true,
  stdin,
});
const subakoHTTP = {
  request: () => -1,
  read_response: () => -2,
};
const module = new WebAssembly.Module(readFileSync(wasmPath));
const instance = new WebAssembly.Instance(module, {
  ...wasi.getImportObject(),
  subako_http: subakoHTTP,
});
const code = wasi.start(instance);
closeSync(stdin);
process.exitCode = code;
