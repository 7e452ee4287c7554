import subprocess, sys, time, json, threading, shutil, os
calls = int(sys.argv[1]); new = sys.argv[2]
shutil.copy("files1000.wasm", "w/module.wasm")
p = subprocess.Popen(["./subakogo", "serve", "--watch", "w"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
err = []
def rd():
    for l in p.stderr:
        err.append(l.decode(errors="replace").rstrip())
threading.Thread(target=rd, daemon=True).start()
out = []
def ro():
    for l in p.stdout:
        out.append(l.decode(errors="replace").rstrip()[:200])
threading.Thread(target=ro, daemon=True).start()
def send(o):
    p.stdin.write((json.dumps(o) + "\n").encode()); p.stdin.flush()
send({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})
t0 = time.time()
while not any(o.startswith('{"jsonrpc":"2.0","id":0') for o in out) and time.time()-t0 < 60: time.sleep(0.1)
while not any(" serving " in e for e in err) and time.time()-t0 < 90: time.sleep(0.1)
send({"jsonrpc":"2.0","method":"notifications/initialized"})
for i in range(calls):
    send({"jsonrpc":"2.0","id":i+1,"method":"tools/call","params":{"name":"add","arguments":{"a":7,"b":i}}})
time.sleep(0.7)
shutil.copy(new, "w/module.wasm")
time.sleep(12)
p.stdin.close(); p.wait(timeout=60)
for l in err: print("ERR", l[:300])
for l in out: print("OUT", l[:160])
