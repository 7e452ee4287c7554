// Compiling a schema offline as the draft it names, and the compiler's
// error as one line for a finding.

package toolcheck

import (
	"errors"
	"fmt"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/subako-ai/subako-go/internal/offlineschema"
	"github.com/subako-ai/subako-go/internal/textutil"
)

// schemaLocation is where the schema under test lives for the compiler; it
// is cut out of error messages.
const schemaLocation = "urn:subako:schema"

// compileSchema compiles a schema (a jnode's toAny) as the draft it names
// (2020-12 by default), offline.
func compileSchema(doc any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the schema library failed: %v", r)
		}
	}()
	c := offlineschema.NewCompiler()
	if err := c.AddResource(schemaLocation, doc); err != nil {
		return err
	}
	_, err = c.Compile(schemaLocation)
	return err
}

// schemaErrorText turns the library's error into one line: for a schema
// that fails its metaschema, the failing places and what is wrong there.
func schemaErrorText(err error) string {
	var sve *jsonschema.SchemaValidationError
	var ve *jsonschema.ValidationError
	if errors.As(err, &sve) && errors.As(sve.Err, &ve) {
		var locs []string
		byLoc := map[string][]string{}
		for _, l := range offlineschema.Leaves(ve) {
			loc := "/" + strings.Join(escapeAll(l.InstanceLocation), "/")
			if len(l.InstanceLocation) == 0 {
				loc = "the root"
			}
			msg := offlineschema.Message(l)
			if byLoc[loc] == nil {
				locs = append(locs, loc)
			}
			byLoc[loc] = append(byLoc[loc], msg)
		}
		var parts []string
		for i, loc := range locs {
			if i == 3 {
				parts = append(parts, "and "+textutil.Plural(len(locs)-3, "more place"))
				break
			}
			parts = append(parts, "at "+loc+": "+strings.Join(byLoc[loc], "; "))
		}
		if len(parts) > 0 {
			return textutil.OneLine(strings.Join(parts, "; "), 600)
		}
	}
	msg := strings.ReplaceAll(err.Error(), schemaLocation, "")
	return textutil.OneLine(msg, 600)
}
