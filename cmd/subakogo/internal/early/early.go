// Package early makes the subakogo process whose role is the supervisor
// (internal/roles picks it; see docs/architecture.md#process-roles) supervise the
// command (internal/supervise) from its initialiser, before the command's
// heavy dependencies initialise. Go initialises a package after those it
// imports and, among the packages ready, in the order of their import
// paths: this one imports a few standard packages, roles and the
// supervisor, so it runs after them and before the JSON Schema compiler
// (which compiles every draft's meta-schema at start), wazero and
// x/tools. The supervisor then waits for its child, having paid for about
// a third of the start-up instead of all of it; TestSupervisorStartsLight
// checks which initialisers it runs.
package early

import (
	"os"

	"github.com/subako-ai/subako-go/internal/roles"
	"github.com/subako-ai/subako-go/internal/supervise"
)

func init() {
	if roles.Of(os.Args[1:]) == roles.Supervisor {
		supervise.Parent("subakogo", os.Stderr) // exits, except when the child cannot be started
	}
}
