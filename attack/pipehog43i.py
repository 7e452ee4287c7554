import os, sys, time
ps = []
for i in range(int(sys.argv[1])):
    ps.append(os.pipe())
print("held", len(ps), flush=True)
time.sleep(float(sys.argv[2]))
