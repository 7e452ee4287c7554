// Runs a Subako function package under Node's own WASI preview 1 with this
// process's stdin, stdout and stderr, as they are: node wasi_pipe.mjs
// MODULE.wasm. Nothing stands between the module and the pipes (no
// buffering shim, no file), so the module meets a real pipe that is empty
// while the client thinks. It instantiates the module with one argv entry
// and no environment, as Subako does; subako_http is the stub from the ABI
// page, whose every request fails. The process exits with the module's
// exit status.
import { readFileSync } from 'node:fs';
import { WASI } from 'node:wasi';

const [wasmPath] = process.argv.slice(2);
if (!wasmPath) {
  console.error('usage: node wasi_pipe.mjs MODULE.wasm');
  process.exit(2);
}
const wasi = new WASI({ version: 'preview1', args: ['function'], env: {}, returnOnExit: true });
const module = new WebAssembly.Module(readFileSync(wasmPath));
const instance = new WebAssembly.Instance(module, {
  ...wasi.getImportObject(),
  subako_http: { request: () => -1, read_response: () => -2 },
});
process.exitCode = wasi.start(instance);
