package subakohttp

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strings"
	"time"

	"github.com/subako-ai/subako-go/abi"
)

// allowed reports whether host (a URL's hostname, without port or brackets)
// is in the allowlist. Entries are hostnames or IP literals compared exactly,
// ignoring case and one trailing dot; an entry "*.example.com" allows every
// name with at least one more label under example.com (a.example.com,
// a.b.example.com) but not example.com itself, which needs its own entry.
// A lone "*" is not a wildcard: an allowlist that allows everything would
// not be one.
func (c *Config) allowed(host string) bool {
	host = normalizeHost(host)
	if host == "" {
		return false
	}
	for _, entry := range c.AllowHosts {
		entry = normalizeHost(entry)
		if suffix, ok := strings.CutPrefix(entry, "*."); ok {
			if suffix != "" && len(host) > len(suffix)+1 && strings.HasSuffix(host, "."+suffix) {
				return true
			}
			continue
		}
		if entry != "" && entry == host {
			return true
		}
	}
	return false
}

func normalizeHost(h string) string {
	return strings.TrimSuffix(strings.ToLower(h), ".")
}

// An address range a function may not reach, with how messages name it.
type addrRange struct {
	prefix netip.Prefix
	what   string
}

const (
	whatLoopback    = "a loopback address"
	whatPrivate     = "a private address"
	whatLinkLocal   = "a link-local address"
	whatUnspecified = "an unspecified address"
	whatMulticast   = "a multicast address"
	whatDocs        = "a documentation address"
	whatBenchmark   = "a benchmarking address"
	whatReserved    = "a reserved address"
)

func ranges(list ...string) []addrRange {
	out := make([]addrRange, 0, len(list)/2)
	for i := 0; i < len(list); i += 2 {
		out = append(out, addrRange{netip.MustParsePrefix(list[i]), list[i+1]})
	}
	return out
}

// forbidden4 lists the IPv4 ranges that are not the public internet (IANA's
// special-purpose registry, less nothing a function needs). Everything else
// in IPv4 is allowed. More specific ranges come first so that the message
// names the most precise kind.
var forbidden4 = ranges(
	"255.255.255.255/32", "the broadcast address",
	"0.0.0.0/8", whatUnspecified,
	"10.0.0.0/8", whatPrivate,
	"100.64.0.0/10", "a shared (carrier-grade NAT) address",
	"127.0.0.0/8", whatLoopback,
	"169.254.0.0/16", whatLinkLocal,
	"172.16.0.0/12", whatPrivate,
	"192.0.0.0/24", "an IETF protocol assignment",
	"192.0.2.0/24", whatDocs,
	"192.88.99.0/24", "a 6to4 relay anycast address",
	"192.168.0.0/16", whatPrivate,
	"198.18.0.0/15", whatBenchmark,
	"198.51.100.0/24", whatDocs,
	"203.0.113.0/24", whatDocs,
	"224.0.0.0/4", whatMulticast,
	"240.0.0.0/4", whatReserved,
)

// forbidden6 names the IPv6 ranges outside the public internet. IPv6 is
// allowed only within global unicast, 2000::/3, less the ranges under it that
// are not public; the rest of the list only makes messages precise.
var forbidden6 = ranges(
	"::/128", whatUnspecified,
	"::1/128", whatLoopback,
	"::/96", "an IPv4-compatible address",
	"64:ff9b:1::/48", "a local-use NAT64 address",
	"100::/64", "a discard-only address",
	"2001:db8::/32", whatDocs,
	"2001:2::/48", whatBenchmark,
	"2001::/23", "an IETF protocol assignment",
	"3fff::/20", whatDocs,
	"5f00::/16", "a segment routing address",
	"fc00::/7", "a unique local (private) address",
	"fe80::/10", whatLinkLocal,
	"fec0::/10", "a site-local address",
	"ff00::/8", whatMulticast,
)

var (
	globalUnicast6 = netip.MustParsePrefix("2000::/3")
	nat64          = netip.MustParsePrefix("64:ff9b::/96")
	sixToFour      = netip.MustParsePrefix("2002::/16")
)

// addrKind says why a is not a public address a function may reach, or ""
// when it is. IPv4-mapped addresses (::ffff:10.0.0.1) are judged as the IPv4
// address they map, and so are the IPv4 addresses embedded in NAT64
// (64:ff9b::/96) and 6to4 (2002::/16) addresses, which reach that IPv4
// address through a translator.
func addrKind(a netip.Addr) string {
	a = a.WithZone("")
	if a.Is4In6() {
		return addrKind(a.Unmap())
	}
	if a.Is4() {
		for _, r := range forbidden4 {
			if r.prefix.Contains(a) {
				return r.what
			}
		}
		return ""
	}
	b := a.As16()
	switch {
	case nat64.Contains(a):
		return addrKind(netip.AddrFrom4([4]byte(b[12:16])))
	case sixToFour.Contains(a):
		return addrKind(netip.AddrFrom4([4]byte(b[2:6])))
	}
	for _, r := range forbidden6 {
		if r.prefix.Contains(a) {
			return r.what
		}
	}
	if !globalUnicast6.Contains(a) {
		return whatReserved
	}
	return ""
}

// refuse says why the module may not reach a, or "" when it may. Only
// loopback is let through by AllowPrivateForTests: that is what a test server
// listens on, and the other ranges stay closed so that tests can check them.
func (c *Config) refuse(a netip.Addr) string {
	what := addrKind(a)
	if what == whatLoopback && c.AllowPrivateForTests {
		return ""
	}
	return what
}

// checkLiteral refuses a URL host that is an IP literal of a forbidden kind,
// before anything is sent and whatever the allowlist says.
func (c *Config) checkLiteral(host string) *failure {
	if a, err := netip.ParseAddr(host); err == nil {
		if what := c.refuse(a); what != "" {
			return forbiddenLiteral(host, what)
		}
	}
	return nil // a name: its addresses are checked once resolved
}

func forbiddenLiteral(host, what string) *failure {
	return fail(abi.HTTPForbiddenDestination, host+" is "+what+": a function may reach only public internet addresses")
}

// dial is the transport's DialContext. It resolves the name itself, refuses
// the connection if any address it resolves to is forbidden, and then dials
// the addresses it checked, never the name: a DNS answer that changes between
// the check and the connection (DNS rebinding) cannot slip a private address
// through. It runs for every connection, so every redirect hop is checked the
// same way.
func (c *Config) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	addrs, err := c.resolve(ctx, host)
	if err != nil {
		return nil, err
	}
	// A name with any forbidden address is refused whole, rather than
	// dialing only its public addresses: such a mixture is how a rebinding
	// attack would probe. A literal is checked before sending too; this
	// check is the one that covers a redirect to one.
	_, parseErr := netip.ParseAddr(host)
	literal := parseErr == nil
	for _, a := range addrs {
		if what := c.refuse(a); what != "" {
			if literal {
				return nil, forbiddenLiteral(host, what)
			}
			return nil, fail(abi.HTTPForbiddenDestination, host+" resolves to "+a.String()+", "+what+
				": a function may reach only public internet addresses")
		}
	}
	// Each address gets its own timeout, so that one that never answers
	// (an IPv6 route that goes nowhere) leaves time to try the next.
	d := net.Dialer{Timeout: 10 * time.Second}
	var errs []error
	for _, a := range addrs {
		conn, err := d.DialContext(ctx, network, net.JoinHostPort(a.String(), port))
		if err == nil {
			return conn, nil
		}
		errs = append(errs, err)
		if ctx.Err() != nil {
			break
		}
	}
	return nil, errors.Join(errs...)
}

// resolve returns the addresses to dial for host: itself when it is an IP
// literal, else what the resolver answers for the name in lowercase without
// a trailing dot, IPv4-mapped forms unmapped.
func (c *Config) resolve(ctx context.Context, host string) ([]netip.Addr, error) {
	if a, err := netip.ParseAddr(host); err == nil {
		return []netip.Addr{a}, nil
	}
	host = normalizeHost(host)
	lookup := c.Resolver
	if lookup == nil {
		lookup = func(ctx context.Context, host string) ([]net.IP, error) {
			// Absolute, so that no search domain is tried: a name the
			// allowlist names is the only name looked up.
			return net.DefaultResolver.LookupIP(ctx, "ip", host+".")
		}
	}
	ips, err := lookup(ctx, host)
	if err != nil {
		return nil, fmt.Errorf("could not resolve %s: %w", host, err)
	}
	if len(ips) == 0 {
		return nil, errors.New("could not resolve " + host + ": no addresses")
	}
	addrs := make([]netip.Addr, 0, len(ips))
	for _, ip := range ips {
		a, ok := netip.AddrFromSlice(ip)
		if !ok {
			return nil, errors.New("could not resolve " + host + ": the resolver answered an invalid address")
		}
		addrs = append(addrs, a.Unmap())
	}
	return addrs, nil
}
