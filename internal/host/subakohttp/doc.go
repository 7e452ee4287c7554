// Package subakohttp is the host side of subako_http, the host module
// through which a Subako function sends HTTP: the imports request and
// read_response of ABI 1, and behind them the rules Subako applies to every
// request — https only, hosts in the function's allowlist, never a private or
// otherwise non-public address, no credentials from the module, bounded
// inline bodies, and files confined to the call's volume and charged to its
// write budget. The checks are made here, not trusted to the module, because
// the module is the party they guard against.
//
// Config.Handle turns one request JSON into its answer JSON and knows nothing
// of WebAssembly. The JSON itself is read and written by abi/httpwire, the
// codec the guest runtime uses too; this package adds the host's policy. Instantiate and WithImport give each guest instance a
// subako_http of its own in a shared wazero runtime; Export builds the same
// functions on a builder, for a runtime per call.
//
// # Decisions where the ABI page is silent
//
// Requests:
//   - A request over 8 MiB is invalid_request, the kind the guest runtime
//     gives the same mistake before sending; so is an http:// (or any
//     non-https) URL, a relative one, one with a non-ASCII host (write the
//     xn-- form), an unknown field, a field given twice, a null where a value
//     belongs, and a method not in the ABI's list or not in uppercase.
//   - A URL with a user name or password is credential_header: it is a
//     credential the module tries to send. So is a redirect to one (Go's
//     client would turn it into an Authorization header).
//   - Header names must be lowercase HTTP tokens, values free of control
//     characters (invalid_request otherwise). Credential headers are
//     authorization, proxy-authorization, cookie, cookie2, x-api-key,
//     api-key, apikey, x-apikey, x-auth-token, x-access-token,
//     x-amz-security-token, x-goog-api-key, private-token, x-functions-key,
//     ocp-apim-subscription-key, dpop, any name beginning x-amz- (AWS's
//     signing headers), and any name containing api-key, api_key, apikey,
//     auth, token, secret, password, passwd, credential, signature,
//     session, cookie, bearer or jwt.
//   - Bodies without a content-type from the module get one: application/json
//     for json (sent compact), text/plain; charset=utf-8 for text,
//     application/octet-stream for a file.
//   - timeout_ms is an integer of 0 (no timeout of its own) to 2^31-1.
//
// Destinations:
//   - The allowlist matches host names exactly, ignoring case and a trailing
//     dot; "*.example.com" matches names beneath example.com, not
//     example.com. Ports are not part of it.
//   - A host that is not allowlisted is refused before any lookup. An IP
//     literal of a forbidden kind is forbidden_destination even when not
//     allowlisted, and even when it is.
//   - A name is forbidden_destination when any of its addresses is not
//     public; the host then dials only the addresses it checked. IPv4 is
//     public outside IANA's special-purpose ranges; IPv6 only within
//     2000::/3, less the special ranges there. IPv4-mapped, NAT64 and 6to4
//     addresses are judged by the IPv4 address they lead to.
//   - A redirect to a URL that is not https is forbidden_destination (the
//     module did not ask for it, so the request was not invalid). Every hop
//     is checked like the first request; the eleventh redirect is
//     too_many_redirects. With follow_redirects false, the 3xx is the answer.
//   - No proxy is ever used.
//
// Answers:
//   - Response header names are lowercase; repeated headers are joined with
//     ", ". Set-Cookie is left out: it is a credential the module could not
//     send back anyway. A response's headers are at most 64 KiB on every
//     hop (a connection error past it).
//   - The inline limit counts the body as received after the transport's
//     transparent gzip decoding. A HEAD answer has an empty inline body
//     whatever its content-length.
//   - Timeouts: timeout_ms, what remains of the call's limit as the request
//     starts (Config.Clock, which is charged the request's wait) and the
//     context's deadline all answer timeout, the message saying which; a
//     cancelled context is connection ("the call is ending").
//   - Failures that are not the network's when saving a body (a full disk)
//     are write_budget; other write failures are bad_path.
//   - This host keeps no credentials, so it never answers
//     credential_unavailable.
//
// Files:
//   - Paths are absolute, beneath a mount the call has (/volume/tmp, and
//     /volume/data only when it is mounted; never the volume's root), and
//     contain no ".." component. They go through the same confined mounts
//     as the module's own files (internal/host/sandboxfs): symbolic links are
//     followed only within the mount, and a file with other hard links is
//     never written. A body must be a regular file; an output's directory
//     must exist (nothing is created but the file). A path ending in "/"
//     or "/." names a directory, and is bad_path. The body is written to a
//     file of its own in the output's directory once a response has come,
//     and renamed onto the output only once whole; if it cannot be saved
//     whole that file alone is removed, never what the output's name holds.
//   - The budget counts bytes written and files created: a removed partial
//     file stays charged, as it would for the filesystem.
//
// The imports:
//   - read_response checks in the order -2 (nothing held), -3 (length), -1
//     (range); a failed read keeps the answer. A request whose range is
//     outside memory (-1) leaves a held answer held; any other request
//     replaces it. Memory is the module's export "memory", as ABI 1 requires.
package subakohttp
