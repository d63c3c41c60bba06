package render_test

import (
	"context"
	"fmt"

	"github.com/capreg/capreg/render"
	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate/ojson"
)

// Render the hooks active at plan:pre for a config of one's own: parse it
// with ojson (positions and key order kept, as the markdown needs), resolve,
// then read the entries, the markdown or the JSON envelope.
func ExampleResolve() {
	snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: "../testdata/repo"}})
	if err != nil || !snap.OK() {
		fmt.Println("no registry:", err)
		return
	}
	config, errs := ojson.Parse([]byte(`{"workflow":{"research":false,"ui_phaze":true}}`))
	if len(errs) > 0 {
		fmt.Println(errs[0].Kind, errs[0])
		return
	}
	env, err := render.Resolve(snap.Registry, render.Request{Point: "plan:pre", Config: config})
	if err != nil { // an unknown point (errors.Is(err, render.ErrUnknownPoint))
		fmt.Println(err)
		return
	}
	fmt.Println("research active:", env.Active("research"), "ui active:", env.Active("ui"))
	for _, w := range env.Warnings {
		fmt.Println("warning:", w)
	}
	fmt.Println(len(env.JSON()) > 0, len(env.Rendered) > 0)
	// Output:
	// research active: false ui active: true
	// warning: config key "workflow.ui_phaze" is declared by no capability, so nothing reads it; did you mean "workflow.ui_phase"?
	// true true
}
