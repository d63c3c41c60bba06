package api

// Internals the tests of package api_test hold to openapi.yaml or call
// directly.
var (
	QueryParams = queryParams
	WriteJSON   = writeJSON
)

// ToolModeParams are the parameters of each mode of GET /tools, by the
// parameter selecting it ("" for the listing).
func ToolModeParams() map[string][]string {
	out := map[string][]string{}
	for _, m := range toolModes {
		out[m.selector] = m.params
	}
	return out
}
