// hello: reads stdin, counts lines, writes one line to stdout (AssemblyScript + wasi-shim).

const buf = new ArrayBuffer(4096);
let lines = 0;
while (true) {
  const n = process.stdin.read(buf);
  if (n <= 0) break;
  const bytes = Uint8Array.wrap(buf, 0, <i32>n);
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] == 10) lines++;
  }
}
process.stdout.write("hello, " + lines.toString() + " lines\n");
