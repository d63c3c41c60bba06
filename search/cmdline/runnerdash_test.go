package cmdline

import "testing"

// TestMatchCommandRunnersCommandDashDash: a "--" after the first word of
// the command docker, podman or ssh runs is that command's, as their
// options end at the container, the image or the destination (docker
// 28.2.2 sends the exec "Cmd" ["ls","--","-la"] for "docker exec db ls --
// -la", ["ls","--","-la"] for "docker run img ls -- -la", and OpenSSH 9.2
// reads "-p 2222" after the destination but not after "ls": ssh -G), so
// the command's options end there: "docker exec <c> <a> <b>" matches
// "docker exec db ls -- -la", which lists the file -la, where the "--"
// was read as docker's, leaving -la an option. A runner's "--" before the
// command ("docker exec -- db ls -la", "ssh host -- ls -la"), and
// kubectl's first, which kubectl always reads as its own, still hand over
// to the command, whose options stay options; so does one docker gives as
// the command ("docker exec db -- ls": Cmd ["--","ls"]), and one after a
// substitution, whose words are unknown.
func TestMatchCommandRunnersCommandDashDash(t *testing.T) {
	mt := Compile([]Card{
		{ID: "dx", Replaces: []string{"docker exec <c> <a> <b>"}},
		{ID: "dxl", Replaces: []string{"docker exec <c> ls -- <f>"}},
		{ID: "run", Replaces: []string{"docker run <i> <a> <b>"}},
		{ID: "cx", Replaces: []string{"docker compose exec <s> <a> <b>"}},
		{ID: "px", Replaces: []string{"podman exec <c> <a> <b>"}},
		{ID: "ssh", Replaces: []string{"ssh <host> <a> <b>"}},
		{ID: "kx", Replaces: []string{"kubectl exec <pod> <a> <b>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"docker exec db ls -- -la", []string{"dxl", "dx"}},
		{"docker exec -it db ls -- -la", []string{"dxl", "dx"}},
		{"docker exec -w /tmp db ls -- -la", []string{"dx"}},
		{"docker container exec db ls -- -la", []string{"dxl", "dx"}},
		{"docker exec db ls -- --", []string{"dxl", "dx"}},
		{"docker run img ls -- -la", []string{"run"}},
		{"docker compose exec web ls -- -la", []string{"cx"}},
		{"podman exec db ls -- -la", []string{"px"}},
		{"ssh host ls -- -la", []string{"ssh"}},
		{"ssh -p 22 host ls -- -la", []string{"ssh"}},
		// The runner's.
		{"docker exec db ls -la", nil},
		{"docker exec -- db ls -la", nil},
		{"docker exec db -- -la", nil},
		{"ssh host -- ls -la", nil},
		{"kubectl exec db-0 ls -- -la", nil},
		{"kubectl exec db-0 -- ls -la", nil},
		{"docker exec db $(echo ls) -- -la", nil},
	})
}
