import sys
def leb(n):
    out=bytearray()
    while True:
        b=n&0x7f; n>>=7
        if n: out.append(b|0x80)
        else: out.append(b); return bytes(out)
def sec(id,payload): return bytes([id])+leb(len(payload))+payload
def vec(items): return leb(len(items))+b''.join(items)
N=int(sys.argv[1]); R=int(sys.argv[2]) if len(sys.argv)>2 else 1000
t0=b'\x60'+leb(0)+leb(R)+b'\x7f'*R
t1=b'\x60\x00\x00'
types=sec(1,vec([t0,t1]))
funcs=sec(3,vec([leb(0),leb(1)]))
mem=sec(5,vec([b'\x00\x01']))
exp=sec(7,vec([leb(6)+b'_start'+b'\x00'+leb(1), leb(6)+b'memory'+b'\x02\x00']))
b0=b'\x00'+b'\x00\x0b'
b1=b'\x00'+b'\x10\x00'*N+b'\x00\x0b'
code=sec(10,vec([leb(len(b0))+b0, leb(len(b1))+b1]))
sys.stdout.buffer.write(b'\x00asm\x01\x00\x00\x00'+types+funcs+mem+exp+code)
