// hello: reads stdin line by line, writes one line to stdout. Built for wasm32-wasi.
use std::io::{self, BufRead};

fn main() {
    let n = io::stdin().lock().lines().count();
    println!("hello, {} lines", n);
}
