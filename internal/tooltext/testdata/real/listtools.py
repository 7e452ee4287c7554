import json, subprocess, sys, os, threading, time
# usage: listtools.py OUT.json -- cmd args...
out = sys.argv[1]; cmd = sys.argv[3:]
env = dict(os.environ)
for kv in os.environ.get("EXTRA_ENV","").split():
    k,v = kv.split("=",1); env[k]=v
p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(out+".stderr","w"), env=env, cwd=os.environ.get("LISTTOOLS_CWD", "."))
def send(m):
    p.stdin.write((json.dumps(m)+"\n").encode()); p.stdin.flush()
def recv(id):
    while True:
        line = p.stdout.readline()
        if not line: raise SystemExit("eof")
        try: m = json.loads(line)
        except Exception: continue
        if m.get("id") == id: return m
send({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"a39t","version":"1"}}})
init = recv(1)
send({"jsonrpc":"2.0","method":"notifications/initialized"})
tools=[]; cursor=None; i=2
while True:
    params = {"cursor":cursor} if cursor else {}
    send({"jsonrpc":"2.0","id":i,"method":"tools/list","params":params})
    r = recv(i); i+=1
    if "error" in r: print("error", r["error"]); break
    tools += r["result"]["tools"]; cursor = r["result"].get("nextCursor")
    if not cursor: break
json.dump({"tools":tools}, open(out,"w"), indent=1, ensure_ascii=False)
json.dump(init.get("result",{}), open(out+".init.json","w"), indent=1, ensure_ascii=False)
print(out, len(tools), "tools", init.get("result",{}).get("serverInfo"))
p.kill()
