// Package examples holds example Subako function packages, each a command
// in its own folder, each a handler or two with their types, and the subako_gen.go that
// go generate writes for them:
//
//   - hello: one tool that greets someone, the smallest package;
//   - weather: a tool that calls an HTTPS JSON API through subako_http;
//   - chart: a tool that draws a PNG and shows it to the model.
//
// The tests in this folder build each one for wasip1 and run it in the
// host package, as Subako would: discovery, calls, HTTP against a local TLS
// server, images on a volume. One of them runs hello under Node's WASI too.
package examples
