package main

import (
	"bytes"
	"crypto/ed25519"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/approval/client"
	"github.com/clauz3/clauz3/approval/serve"
	"github.com/clauz3/clauz3/approval/state"
)

// TestDevOnlyLayerSettings: a setting only a dev-mode service may hand
// to a sealed binary (CLAUZ3_WEB_ALLOW_LOOPBACK, which lets web_fetch
// reach loopback) stops a real service, in whichever layer's file it is
// (the binary's environment joins the files of every layer it links, so
// the key in email.json would reach web_fetch just the same); a dev
// service passes it on. `clauz3 layers configure web_fetch
// --allow-loopback` is refused on a real installation.
func TestDevOnlyLayerSettings(t *testing.T) {
	uid := os.Geteuid()
	for _, file := range []string{"web_fetch.json", "email.json"} {
		_, signing, err := ed25519.GenerateKey(nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, mode := range []string{client.ModeReal, client.ModeDev} {
			t.Run(file+"/"+mode, func(t *testing.T) {
				dir := t.TempDir()
				l := state.Layout{Config: filepath.Join(dir, "c"), State: filepath.Join(dir, "s")}
				for _, d := range []string{l.Config, l.State, l.LayerConfig()} {
					if err := os.MkdirAll(d, 0o700); err != nil {
						t.Fatal(err)
					}
				}
				if err := state.WriteFile(filepath.Join(l.LayerConfig(), file), []byte(`{"env": {"CLAUZ3_WEB_ALLOW_LOOPBACK": "1"}}`)); err != nil {
					t.Fatal(err)
				}
				_, err := serve.ExecuteOptions(l, state.Settings{Mode: mode, Go: "/usr/bin/true", ServiceUID: uid}, uid, "http://127.0.0.1:1", state.Keys{Signing: signing, SessionSecret: make([]byte, 32)})
				if mode == client.ModeReal {
					var se *serve.Error
					if !errors.As(err, &se) || se.Kind != serve.DevOnlySetting {
						t.Errorf("a real service accepted a dev-only setting: %v", err)
					}
				} else if err != nil {
					t.Errorf("a dev service refused its own setting: %v", err)
				}
				// The verb that writes it: refused on a real installation.
				data := []byte(`{"mode": "` + mode + `", "addr": "127.0.0.1:1", "service_uid": ` + strconv.Itoa(uid) + `, "client_config": ""}`)
				if err := state.WriteFile(l.SettingsFile(), data); err != nil {
					t.Fatal(err)
				}
				var out, errOut bytes.Buffer
				code := run([]string{"layers", "configure", "web_fetch", "--allow-loopback", "--state", l.State, "--config", l.Config}, strings.NewReader(""), &out, &errOut)
				wrote, _ := os.ReadFile(filepath.Join(l.LayerConfig(), "web_fetch.json"))
				if mode == client.ModeReal {
					if code != exitRefused || !strings.Contains(errOut.String(), "only a dev-mode service may allow it") {
						t.Errorf("configure --allow-loopback on a real service: exit %d\n%s%s", code, out.String(), errOut.String())
					}
				} else if code != exitOK || !strings.Contains(string(wrote), `"CLAUZ3_WEB_ALLOW_LOOPBACK": "1"`) {
					t.Errorf("configure --allow-loopback on a dev service: exit %d, wrote %s\n%s%s", code, wrote, out.String(), errOut.String())
				}
			})
		}
	}
}
